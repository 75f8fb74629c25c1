/**
 * The moment a punch is recorded at: whole seconds, strictly after the previous punch (the service
 * tells punches apart by their instant), or a refusal when the clock it was read on went back.
 */
import type { TimeFormatter } from '../../shared/moments.ts';
import type { ClockStatus } from './clock-state.ts';
import type { Translate } from '../../shared/i18n/translator.ts';

/** A click this much before the previous punch means the computer's clock went back. */
const CLOCK_BACK_TOLERANCE_MS = 5_000;

export function punchMoment(
  clickedAt: number,
  current: ClockStatus,
  previousPunchAt: number,
  formatTime: TimeFormatter,
  t: Translate,
): { at: number } | { reason: string; clockWentBack?: true } {
  const afterOwn = previousPunchAt + 1000;
  const afterServer = current.state === 'in' ? current.since + 1000 : 0;
  const earliest = Math.max(afterOwn, afterServer);
  const whole = Math.floor(clickedAt / 1000) * 1000;
  if (whole + CLOCK_BACK_TOLERANCE_MS >= earliest) return { at: Math.max(whole, earliest) };
  // The service's clock-in lies after every punch of this computer's: its times are read in the wrong
  // zone (times without one, taken as UTC), not this computer's clock gone back.
  if (current.state === 'in' && afterServer > afterOwn + CLOCK_BACK_TOLERANCE_MS)
    return { reason: t('refusal.serverTimeAhead', { since: formatTime(current.since), now: formatTime(clickedAt) }) };
  return {
    reason: t('refusal.clockWentBack', { now: formatTime(clickedAt), last: formatTime(earliest - 1000) }),
    clockWentBack: true,
  };
}
