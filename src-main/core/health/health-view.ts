/** How health reads to people: the tray's lines, its badge and tooltip, the status window's data. */
import type { SystemNames } from '../../shared/domain/environments.ts';
import { HEALTH_SYSTEMS, isUp } from '../../shared/domain/health.ts';
import { english } from '../../shared/i18n/catalogues.ts';
import type { Translate } from '../../shared/i18n/translator.ts';
import type { HealthSystem } from '../../shared/api/types.ts';
import type { HealthLine } from '../../shared/ipc/contract.ts';
import type { HealthBadge, SystemState } from '../../shared/domain/health.ts';
import { formatAgo, type TimeFormatter } from '../../shared/moments.ts';
import { systemLabel } from '../../shared/i18n/health-words.ts';
import type { SystemHealth } from './health-machine.ts';
import type { HealthSnapshot } from './health-monitor.ts';
import type { Refusal } from './refusals.ts';

type StateKey = `health.state.${'unknown' | 'up' | 'degraded' | 'suspect' | 'down' | 'authError' | 'rateLimited' | 'offline'}`;
const stateKeys: Record<SystemState, StateKey> = {
  unknown: 'health.state.unknown',
  up: 'health.state.up',
  degraded: 'health.state.degraded',
  suspect: 'health.state.suspect',
  down: 'health.state.down',
  'auth-error': 'health.state.authError',
  'rate-limited': 'health.state.rateLimited',
  offline: 'health.state.offline',
};

/** Short names of states, for the status window's log. */
export const stateLabel = (state: SystemState, t: Translate = english.t) => t(stateKeys[state]);

/** A system's name: the environment's own ("Payroll link"), else ours in the user's language. */
/** A moment of the core as the wire writes it (ISO), or null. */
export const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** What to say beside the state: the latency and when it was checked, each when known and wanted. */
interface StateDetail {
  latency: boolean;
  checked: boolean;
}

export function describeState(
  health: SystemHealth,
  now: number,
  formatTime: TimeFormatter,
  nextCheckAt: number | null,
  t: Translate = english.t,
  detail: StateDetail = { latency: true, checked: true },
): string {
  const extras = [
    detail.latency && health.lastLatencyMs !== null ? t('health.latency', { ms: Math.round(health.lastLatencyMs) }) : '',
    detail.checked && health.lastCheckedAt !== null
      ? t('health.checkedAgo', { ago: formatAgo(now - health.lastCheckedAt, t) })
      : '',
  ].filter(Boolean);
  const withExtras = (state: string) => [state, ...extras].join(' · ');
  switch (health.state) {
    case 'unknown':
      return t('health.checking');
    case 'up':
      return withExtras(t('health.state.up'));
    case 'degraded':
      // The system's own word, or our measure of its answers: never one said as the other.
      return withExtras(
        health.reportedDegraded ? t('health.state.degraded') : health.slowOnTheWay ? t('health.slowOnTheWay') : t('health.slow'),
      );
    case 'suspect':
      // What the app saw: the system's own "down", or no answer at all — never one said as the other.
      return t(
        health.reportedDown ? 'health.reportsDownReChecking' : health.noAnswer ? 'health.reChecking' : 'health.failedReChecking',
      );
    case 'down':
      return t('health.downSince', { time: formatTime(health.outageStartedAt ?? health.since) });
    case 'auth-error':
      // No secret typed yet is no refusal: nothing was asked.
      return t(health.authMissing ? 'health.noSecretYet' : health.authPending ? 'health.authPending' : 'health.authPaused');
    case 'rate-limited':
      return nextCheckAt === null
        ? t('health.state.rateLimited')
        : t('health.rateLimitedNext', { time: formatTime(nextCheckAt) });
    case 'offline':
      // What stands in the way is said, never "no network" (ICU select keys have no hyphens).
      if (health.offlineCause === null) return t('health.state.offline');
      return t('health.offlineBecause', { cause: health.offlineCause === 'proxy-sign-in' ? 'proxySignIn' : health.offlineCause });
  }
}

export function healthLine(
  system: HealthSystem,
  health: SystemHealth,
  now: number,
  formatTime: TimeFormatter,
  nextCheckAt: number | null,
  t: Translate = english.t,
  names?: SystemNames,
): HealthLine {
  const label = systemLabel(system, t, names);
  const since = health.state === 'down' ? (health.outageStartedAt ?? health.since) : health.since;
  return {
    system,
    label,
    state: health.state,
    tone: toneOf(health.state),
    text: `${label} — ${describeState(health, now, formatTime, nextCheckAt, t)}`,
    short: describeState(health, now, formatTime, nextCheckAt, t, { latency: true, checked: false }),
    since: new Date(since).toISOString(),
    sinceTime: formatTime(since),
    latencyMs: health.lastLatencyMs === null ? null : Math.round(health.lastLatencyMs),
    message: health.message,
    // "Payroll link reports that it is down." adds nothing to "down since 9:40": no cause to show.
    cause: health.message === t('health.reports', { system: label, state: 'down' }) ? null : health.message,
    checkedAt: iso(health.lastCheckedAt),
    nextCheckAt: iso(nextCheckAt),
    phases: health.lastPhases,
  };
}

/** The colour a state shows in: green, amber, red or grey. */
export function toneOf(state: SystemState): HealthBadge {
  if (state === 'down') return 'down';
  if (state === 'up') return 'up';
  if (state === 'unknown' || state === 'offline') return 'unknown';
  return 'suspect';
}

const severity: Record<HealthBadge, number> = { unknown: 0, up: 1, suspect: 2, down: 3 };

/** The colour on the tray icon: the worst of the systems' lines (grey only when nothing is known). */
export const worstTone = (tones: readonly HealthBadge[]): HealthBadge =>
  tones.reduce((worst, tone) => (severity[tone] > severity[worst] ? tone : worst), 'unknown' as HealthBadge);

/**
 * A line whose health check says up while the app's own requests fail: amber, "up, but refusing
 * this app's requests since 10:40", the last failure as its cause — never a healthy green.
 */
export function withRefusal(line: HealthLine, refusal: Refusal | null, formatTime: TimeFormatter, t: Translate): HealthLine {
  if (!refusal || !isUp(line.state)) return line;
  const short = t('health.refusingSince', { time: formatTime(refusal.since) });
  const refusingSince = formatTime(refusal.since);
  return {
    ...line,
    tone: 'suspect',
    short,
    text: `${line.label} — ${short}`,
    message: refusal.cause,
    cause: refusal.cause,
    refusingSince,
  };
}

/** One line for the tooltip: "Time recording up · Payroll link down since 10:42". */
export function healthSummary(
  snapshot: HealthSnapshot,
  now: number,
  formatTime: TimeFormatter,
  t: Translate = english.t,
  names?: SystemNames,
  refusal: (system: HealthSystem) => Refusal | null = () => null,
): string {
  const plain = { latency: false, checked: false };
  const stateOf = (system: HealthSystem) => {
    const health = snapshot[system];
    const refused = refusal(system);
    return refused && isUp(health.state)
      ? t('health.refusingSince', { time: formatTime(refused.since) })
      : describeState(health, now, formatTime, null, t, plain);
  };
  return HEALTH_SYSTEMS.map((system) => `${systemLabel(system, t, names)} ${stateOf(system)}`).join(' · ');
}
