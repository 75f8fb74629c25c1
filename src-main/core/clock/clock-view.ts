/** What the panel and tray show of the clock, as a pure function of the state the service holds. */
import type { ClockView, HoursView, PunchAction, PunchView } from '../../shared/ipc/contract.ts';
import { formatDuration, type TimeFormatter } from '../../shared/moments.ts';
import type { MessageKey, Translate } from '../../shared/i18n/translator.ts';
import type { ClockStatus } from './clock-state.ts';
import type { Punch, StopKind } from './outbox.ts';
import { inUndoTime } from './punch-schedule.ts';
import { clockCorrectionMs } from './service-time.ts';
import type { SleepPrompt } from './sleep-prompt.ts';

export interface ClockViewInput {
  status: ClockStatus;
  now: number;
  busy: boolean;
  employeeId: string;
  /** The employee's name: the service's, or the display name from Settings; null when neither. */
  employeeName: string | null;
  environmentName: string;
  /** Punches to show: the active environment's, and any whose environment no longer exists. */
  punches: Punch[];
  problem: string | null;
  /** The problem is that the service is out of reach, not that its answer was unusable. */
  problemIsOutage?: boolean;
  /** When the service last answered, if it is not answering now. */
  asOf: number | null;
  /** How far the service's clock is ahead of this computer's, as last measured. */
  serverClockOffsetMs: number | null;
  /** What `now` adds to this computer's clock (the service's time when the two disagree): undo times are on this computer's. */
  correctionMs: number;
  /** Clocked out for a break ("Take a break") at this moment; null when not on a break. */
  onBreakSince: number | null;
  /** The last punch made here while this computer's clock was corrected, to say what time it carries. */
  correctedPunch: { kind: Punch['kind']; at: number } | null;
  sleepPrompt: SleepPrompt | null;
  formatTime: TimeFormatter;
  /** The user's language. */
  t: Translate;
  /** Clocked in longer than this counts as a forgotten clock-out (the long-shift limit). */
  forgottenAfterMs: number;
  hours: HoursView;
  /** The daily rest going on, when clocking in now would break it (clock-rest.ts); null otherwise. */
  rest?: ClockView['rest'];
}

const iso = (ms: number) => new Date(ms).toISOString();

/** A shift that would end at its clock-in plus this is what "Clock out at…" proposes. */
const USUAL_SHIFT_MS = 8 * 3_600_000;

function forgottenOf(input: ClockViewInput): ClockView['forgotten'] {
  const { status, now } = input;
  if (status.state !== 'in' || input.busy) return null;
  // Only the length counts, never the calendar: a night shift across midnight is not forgotten.
  if (now - status.since < input.forgottenAfterMs) return null;
  return { since: iso(status.since), suggestedAt: iso(Math.min(now, status.since + USUAL_SHIFT_MS)), latest: iso(now) };
}

/** "Fix…": a clock-out at a chosen earlier time, while clocked in with nothing else to offer. */
function earlierClockOutOf(
  input: ClockViewInput,
  forgotten: ClockView['forgotten'],
  undo: ClockView['undo'],
): ClockView['earlierClockOut'] {
  const { status, now } = input;
  if (status.state !== 'in' || input.busy || forgotten !== null || undo !== null || now - status.since < 60_000) return null;
  return { since: iso(status.since), suggestedAt: iso(now), latest: iso(now) };
}

const stoppedWords: Record<StopKind, MessageKey & `clock.stopped.${string}`> = {
  refused: 'clock.stopped.refused',
  configuration: 'clock.stopped.configuration',
  unconfirmed: 'clock.stopped.unconfirmed',
  'gave-up': 'clock.stopped.gaveUp',
};

function punchView(punch: Punch, formatTime: TimeFormatter, t: Translate): PunchView {
  const label = t('clock.punchLabel', { kind: punch.kind === 'clock-in' ? 'in' : 'out', time: formatTime(Date.parse(punch.at)) });
  if (!punch.stopped) {
    return {
      id: punch.id,
      kind: punch.kind,
      at: punch.at,
      text: t('clock.pendingSync', { label }),
      reason: punch.employeeId === '' ? t('clock.waitsForEmployee') : punch.lastError,
      status: 'pending',
      actions: [],
    };
  }
  const actions: PunchAction[] = punch.stopped.kind === 'unconfirmed' ? ['retry', 'mark-sent', 'discard'] : ['retry', 'discard'];
  return {
    id: punch.id,
    kind: punch.kind,
    at: punch.at,
    text: t(stoppedWords[punch.stopped.kind], { label }),
    reason: punch.stopped.message,
    status: 'stopped',
    actions,
  };
}

/** The button: which punch is safe now, or why none is. Cheap: no formatting. */
export function actionOf(
  input: Pick<ClockViewInput, 'employeeId' | 'environmentName' | 'punches' | 'status' | 't'>,
): Pick<ClockView, 'action' | 'actionHint'> {
  const { t } = input;
  // Before the employee id is set a punch is kept here, and sent once it is (clock-service.ts).
  if (input.employeeId.trim() === '') {
    const kept = input.punches.some((punch) => punch.employeeId === '' && !punch.stopped);
    const hint = t(kept ? 'clock.hint.keptForEmployee' : 'clock.hint.noEmployee', { environment: input.environmentName });
    return { action: input.status.state === 'in' ? 'clock-out' : 'clock-in', actionHint: hint };
  }
  if (input.punches.some((punch) => punch.stopped?.kind === 'unconfirmed'))
    return { action: null, actionHint: t('clock.hint.unconfirmed') };
  // Unknown: clocking in is safe (a server that has you in answers 409 and nothing is added); clocking out is not.
  return { action: input.status.state === 'in' ? 'clock-out' : 'clock-in', actionHint: null };
}

function headlineOf(input: ClockViewInput): [string, string] {
  const { status, now, formatTime, t } = input;
  if (input.onBreakSince !== null) return [t('clock.onBreak'), t('clock.since', { time: formatTime(input.onBreakSince) })];
  if (status.state === 'in') {
    const elapsed = now - status.since < 60_000 ? t('time.justNow') : formatDuration(now - status.since, t);
    return [t('clock.in'), t('clock.sinceElapsed', { time: formatTime(status.since), elapsed })];
  }
  if (status.state === 'out')
    return [t('clock.out'), status.lastOut === null ? '' : t('clock.since', { time: formatTime(status.lastOut) })];
  return [t('clock.unknown'), ''];
}

/**
 * The problem in one sentence an employee can act on; the full text (status, address, the
 * server's words) stays behind "Details": either the service is out of reach (network, timeout,
 * 5xx, 429), or it answered and what it said could not be used.
 */
function problemSummaryOf(input: ClockViewInput): string | null {
  if (input.problem === null) return null;
  const { t } = input;
  const waiting = input.punches.some((punch) => !punch.stopped);
  const saved = waiting ? ` ${t('clock.problem.saved')}` : '';
  return `${t(input.problemIsOutage ? 'clock.problem.outage' : 'clock.problem.unusable')}${saved}`;
}

/** The computer's clock against the service's, and what time the last punch made here carries. */
function clockWarningOf(input: ClockViewInput): string | null {
  const { serverClockOffsetMs: offsetMs, t } = input;
  if (offsetMs === null || clockCorrectionMs(offsetMs) === 0) return null;
  const facts = { duration: formatDuration(Math.abs(offsetMs), t), direction: offsetMs > 0 ? 'behind' : 'ahead' };
  const punch = input.correctedPunch;
  if (punch === null) return t('clock.warning', facts);
  return t('clock.warningPunch', {
    ...facts,
    kind: punch.kind === 'clock-in' ? 'in' : 'out',
    time: input.formatTime(punch.at),
  });
}

/** The punch just made that may still be taken back, as the Undo button names it. */
function undoOf(input: ClockViewInput): ClockView['undo'] {
  const punch = input.punches.filter((entry) => inUndoTime(entry, input.now - input.correctionMs)).at(-1);
  if (!punch) return null;
  return {
    label: input.t('panel.undoLabel', {
      kind: punch.kind === 'clock-in' ? 'in' : 'out',
      time: input.formatTime(Date.parse(punch.at)),
    }),
    until: iso(punch.undoUntil! + input.correctionMs),
  };
}

/** Input this long before the stop is worth telling: the employee may have left before the computer stopped. */
const INPUT_BEFORE_STOP_MS = 60_000;

function sleepPromptView(prompt: SleepPrompt, formatTime: TimeFormatter, t: Translate): ClockView['sleepPrompt'] {
  const { from, to, how, lastInputAt } = prompt;
  return {
    from: iso(from),
    to: iso(to),
    question: t('clock.sleepQuestion', { how, from: formatTime(from), to: formatTime(to) }),
    evidence:
      lastInputAt !== null && lastInputAt <= from - INPUT_BEFORE_STOP_MS
        ? t('clock.lastInput', { time: formatTime(lastInputAt) })
        : null,
  };
}

export function clockView(input: ClockViewInput): ClockView {
  const { status, formatTime, sleepPrompt, t } = input;
  const [stateLabel, detail] = headlineOf(input);
  const forgotten = forgottenOf(input);
  const undo = undoOf(input);
  // A punch in its undo time is not "waiting to be sent": the Undo button speaks for it.
  const punches = input.punches
    .filter((punch) => !inUndoTime(punch, input.now - input.correctionMs))
    .map((punch) => punchView(punch, formatTime, t));
  return {
    state: status.state,
    since: status.state === 'in' ? iso(status.since) : null,
    viewedAt: iso(input.now),
    headline: detail ? `${stateLabel} ${detail}` : stateLabel,
    stateLabel,
    detail,
    ...actionOf(input),
    onBreakSince: input.onBreakSince === null ? null : iso(input.onBreakSince),
    busy: input.busy,
    employeeId: input.employeeId,
    employeeName: input.employeeName,
    environmentName: input.environmentName,
    problem: input.problem,
    problemSummary: problemSummaryOf(input),
    forgotten,
    earlierClockOut: earlierClockOutOf(input, forgotten, undo),
    rest: input.rest ?? null,
    hours: input.hours,
    asOf: input.asOf === null ? null : iso(input.asOf),
    clockWarning: clockWarningOf(input),
    pending: punches.filter((punch) => punch.status === 'pending'),
    stopped: punches.filter((punch) => punch.status === 'stopped'),
    undo,
    sleepPrompt: sleepPrompt && sleepPromptView(sleepPrompt, formatTime, t),
  };
}
