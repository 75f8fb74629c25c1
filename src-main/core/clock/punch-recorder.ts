/**
 * Records a punch: checks it may be made now, gives it its moment, writes it to the outbox durably,
 * sends it at once, and tells the outcome — as a notification, or back to the window that asked.
 */
import type { Environment } from '../../shared/domain/environments.ts';
import { localDayKey, type TimeFormatter } from '../../shared/moments.ts';
import type { TraceChange } from './clock-context.ts';
import { REASON_MAX } from '../flexitime/day-notes.ts';
import type { ClockAction, PunchSource } from './clock-actions.ts';
import type { ClockReading } from './clock-reading.ts';
import type { ClockStatus } from './clock-state.ts';
import { actionOf } from './clock-view.ts';
import type { ClockNotification, ClockWords } from './clock-words.ts';
import type { NewPunch, Outbox, Punch } from './outbox.ts';
import { punchMoment } from './punch-moment.ts';
import { inUndoTime } from './punch-schedule.ts';
import type { SyncLoop } from './sync-loop.ts';

interface PunchRecorderOptions {
  outbox: Outbox;
  reading: ClockReading;
  syncLoop: SyncLoop;
  active: () => Environment;
  status: () => ClockStatus;
  shownPunches: () => Punch[];
  formatTime: TimeFormatter;
  words: ClockWords;
  changed: () => void;
  notify: (notification: ClockNotification) => void;
  /** This computer's clock (undo times are kept on it). */
  now: () => number;
  /** What to add to `now` to read the service's time (0 while the two agree or the offset is unknown). */
  correctionMs: () => number;
  /** Asks the service for its time (any answer's Date header), when this computer's clock went back. */
  learnServiceTime: () => Promise<unknown>;
  /** How long a new punch may be undone before it is sent (0: sent at once). */
  undoMs: () => number;
  /** Writes a clock-out at a chosen (past) moment into the trace of corrections; throws when it cannot. */
  traced: (change: TraceChange) => void;
}

/** A clock-out set to a chosen moment, as the trace of corrections has it: the shift's clock-in, no end before, this end after. */
const clockOutSet = (at: number, current: ClockStatus, reason: string): TraceChange => {
  const since = current.state === 'in' ? current.since : at;
  return {
    kind: 'clock-out-set',
    day: localDayKey(since),
    subject: new Date(since).toISOString(),
    before: null,
    after: new Date(at).toISOString(),
    reason,
  };
};

/** A punch's moment: a chosen instant (a forgotten clock-out), or the click, read on the service's time. */
export type PunchAt = number | 'now';

/** What the outbox is given for a punch of `kind` at `at` (ms), made while the state is `current`. */
function punchToWrite(
  outbox: Outbox,
  environment: Environment,
  punch: { kind: Punch['kind']; at: number; current: ClockStatus; reason: string },
  undo: { ms: number; now: number },
): NewPunch {
  const { kind, at, current, reason } = punch;
  const clockedIn = current.state === 'in' ? current : null;
  return {
    environmentId: environment.id,
    employeeId: environment.employeeId,
    kind,
    at: new Date(at).toISOString(),
    eventId: clockedIn?.eventId ?? null,
    afterPunchId: clockedIn?.pendingPunchId ?? null,
    clockInAt: clockedIn ? new Date(clockedIn.since).toISOString() : null,
    reason: reason === '' ? null : reason,
    // Its first attempt is recorded with it when it goes out at once (nothing older waits ahead).
    attempts: undo.ms > 0 || outbox.all().some((entry) => entry.environmentId === environment.id && !entry.stopped) ? 0 : 1,
    undoUntil: undo.ms > 0 ? undo.now + undo.ms : null,
  };
}

/** Why a forgotten clock-out at `at` cannot be made (checked before anything is saved), or null. */
function clockOutAtRefusal(at: number, now: number, current: ClockStatus, words: ClockWords, formatTime: TimeFormatter) {
  const { t } = words;
  if (current.state !== 'in') return t('refusal.notClockedIn');
  if (!Number.isFinite(at)) return t('refusal.chooseTime');
  if (at > now) return t('refusal.notYet', { time: formatTime(at) });
  if (at < current.since + 60_000) return t('refusal.beforeClockIn', { time: formatTime(current.since) });
  return null;
}

/** A clock-out at a chosen moment is a correction: traced before it is kept, or not made at all (why, then). */
function traceChosen(options: PunchRecorderOptions, kind: Punch['kind'], at: number, reason: string): string | null {
  if (kind !== 'clock-out') return null;
  try {
    options.traced(clockOutSet(at, options.status(), reason));
    return null;
  } catch {
    return options.words.t('refusal.traceUnwritten');
  }
}

// Over 80 lines on purpose: one punch in flight, the last punch's moment and the last corrected click,
// shared by small named steps (the longest, record, 40 lines); what needs none of it is above.
export function createPunchRecorder(options: PunchRecorderOptions) {
  const { outbox, reading, active, formatTime, words } = options;
  const { t } = words;
  let busy = false;
  /** The latest punch recorded here, per environment and employee: punches are strictly increasing seconds. */
  const lastPunchAt = new Map<string, number>();
  /** The last click recorded while this computer's clock was corrected to the service's. */
  let lastCorrected: { kind: Punch['kind']; at: number } | null = null;

  const previousPunchAt = () =>
    Math.max(
      lastPunchAt.get(reading.key()) ?? 0,
      ...outbox
        .all()
        .filter((punch) => punch.environmentId === active().id && punch.employeeId === active().employeeId)
        .map((punch) => Date.parse(punch.at)),
    );

  /** Why a punch of `kind` cannot be made now, or its moment. */
  function check(kind: Punch['kind'], clickedAt: number, current: ClockStatus): ReturnType<typeof punchMoment> {
    if (busy) return { reason: t('refusal.busy') };
    const allowed = actionOf({
      employeeId: active().employeeId,
      environmentName: active().name,
      punches: options.shownPunches(),
      status: current,
      t,
    });
    if (allowed.action === null) return { reason: allowed.actionHint ?? t('refusal.nothingToDo') };
    if (kind === 'clock-out' && current.state !== 'in') return { reason: t('refusal.notClockedIn') };
    return punchMoment(clickedAt, current, previousPunchAt(), formatTime, t);
  }

  /** The punch's moment: a chosen one, or the click read on the service's time. */
  const momentOf = (kind: Punch['kind'], at: PunchAt, clickedAt: number) =>
    check(kind, at === 'now' ? clickedAt + options.correctionMs() : at, options.status());

  async function record(
    kind: Punch['kind'],
    at: PunchAt,
    tell: (notification: ClockNotification) => void,
    reason: string,
  ): Promise<ClockAction> {
    const clickedAt = options.now();
    let moment = momentOf(kind, at, clickedAt);
    if (at === 'now' && 'clockWentBack' in moment) {
      // This computer's clock went back behind the last punch: ask the service its time, then read
      // the click on it. A punch is never refused for the computer's clock alone.
      busy = true;
      try {
        await options.learnServiceTime();
      } finally {
        busy = false;
      }
      moment = momentOf(kind, at, clickedAt);
    }
    if ('reason' in moment) return { kind: 'ignored', reason: moment.reason };
    const untraced = at === 'now' ? null : traceChosen(options, kind, moment.at, reason);
    if (untraced) return { kind: 'ignored', reason: untraced };
    const current = options.status();
    busy = true;
    if (at === 'now') lastCorrected = options.correctionMs() === 0 ? null : { kind, at: moment.at };
    const undoMs = options.undoMs();
    try {
      const recorded = outbox.add(
        punchToWrite(outbox, active(), { kind, at: moment.at, current, reason }, { ms: undoMs, now: options.now() }),
      );
      lastPunchAt.set(reading.key(), moment.at);
      reading.changedLocally();
      options.changed();
      if (undoMs > 0) return undoable(recorded, undoMs, tell);
      return await sendNow(recorded, tell);
    } finally {
      busy = false;
      options.changed();
    }
  }

  /** A punch sent at once: its own outcome told (waiting, when the run did not get to it). */
  async function sendNow(recorded: Punch, tell: (notification: ClockNotification) => void): Promise<ClockAction> {
    const outcomes = await options.syncLoop.run(recorded.id);
    const own = outcomes.find((outcome) => outcome.punch.id === recorded.id) ?? {
      kind: 'waiting' as const,
      punch: recorded,
      message: t(recorded.employeeId === '' ? 'clock.waitsForEmployee' : 'refusal.waitsForEarlier'),
    };
    tell(words.outcomeNotice(own, active().name));
    return { kind: 'done', outcome: own };
  }

  /**
   * A punch in its undo time: on disk, told at once with Undo, sent by the sync loop when the time
   * is up (its timer is set by this run, which also sends anything older that waits).
   */
  function undoable(recorded: Punch, undoMs: number, tell: (notification: ClockNotification) => void): ClockAction {
    void options.syncLoop.run();
    tell(words.undoableNotice(recorded, undoMs));
    return { kind: 'done', outcome: { kind: 'waiting', punch: recorded, message: t('undo.pending') } };
  }

  /** Takes back the active employee's punch still in its undo time; null when there is none (sent, or too late). */
  function undo(): Punch | null {
    const environment = active();
    const candidate = outbox
      .all()
      .filter((entry) => entry.environmentId === environment.id && entry.employeeId === environment.employeeId)
      .filter((entry) => inUndoTime(entry, options.now()))
      .at(-1);
    if (!candidate) return null;
    outbox.remove(candidate.id);
    reading.changedLocally();
    options.changed();
    return candidate;
  }

  /**
   * A punch asked for from `from`; a refusal from outside a window is told as a notification.
   * `note` (a punch the app made by itself) says why, before what every notification of it says,
   * and is the reason a chosen moment is traced with when the employee gave none.
   */
  async function punch(
    kind: Punch['kind'],
    at: PunchAt,
    from: PunchSource,
    note?: string,
    reason?: string,
  ): Promise<ClockAction> {
    const tell = (notification: ClockNotification) =>
      options.notify(note ? { ...notification, body: `${note} ${notification.body}` } : notification);
    const action = await record(kind, at, tell, reason ?? note ?? '');
    if (action.kind === 'ignored' && from !== 'window') tell(words.refusedNotice(kind, action.reason));
    return action;
  }

  return {
    punch,
    undo,
    busy: () => busy,
    lastCorrected: () => lastCorrected,
    /** A forgotten clock-out, fixed: at a moment the user chose, checked before anything is saved. */
    clockOutAt(at: number, now: number, why: string): Promise<ClockAction> {
      const reason =
        why.trim().length > REASON_MAX
          ? t('myHours.error.reasonLong', { max: REASON_MAX })
          : clockOutAtRefusal(at, now, options.status(), words, formatTime);
      return reason === null
        ? punch('clock-out', at, 'window', undefined, why.trim())
        : Promise.resolve({ kind: 'ignored', reason });
    },
  };
}
