/**
 * What becomes of a punch after an answer (or none): recorded as sent, reconciled with what the
 * server already has, waiting on its schedule, or stopped with a sentence the user can act on.
 * Each writes the punch's new state to the outbox and returns the outcome; punch-sync.ts decides
 * which applies.
 */
import type { ClockedTimeEvent } from '../../shared/api/types.ts';
import type { ApiProblemFacts } from '../../shared/domain/api-problem.ts';
import type { ApiError } from '../api/api-error.ts';
import type { TimeFormatter } from '../../shared/moments.ts';
import type { Translate } from '../../shared/i18n/translator.ts';
import { sameInstant } from './clock-state.ts';
import type { Outbox, Punch, StopKind } from './outbox.ts';
import { hasBeenTryingTooLong, MAX_UNREADABLE, remainingWait, waitBeforeRetry } from './punch-schedule.ts';

export type PunchOutcome =
  | { kind: 'synced'; punch: Punch; event: ClockedTimeEvent }
  /** The server already had something else: what it has, in a sentence (event null when it could not be read). */
  | { kind: 'reconciled'; punch: Punch; event: ClockedTimeEvent | null; message: string }
  /** `facts`: the failure's facts, when a request failed (a notification leads with its cause). */
  | { kind: 'waiting'; punch: Punch; message: string; facts?: ApiProblemFacts }
  | { kind: 'stopped'; punch: Punch; stop: StopKind; message: string; facts?: ApiProblemFacts };

/** What the outcomes need (punch-sync.ts's options add the clients). */
export interface PunchOutcomeOptions {
  outbox: Outbox;
  now: () => number;
  /** A clock that only moves forward (performance.now()), on which waits are measured; `now` if absent. */
  monotonic?: () => number;
  formatTime: TimeFormatter;
  /** The user's words at each use: a stopped punch keeps its sentence in the language of that moment. */
  t: Translate;
  random?: () => number;
}

// Over 80 lines on purpose: the outcomes share one outbox, one schedule of waits and the words for
// a punch; each is a few lines.
export function createPunchOutcomes(options: PunchOutcomeOptions) {
  const { outbox, formatTime, t } = options;
  const random = options.random ?? Math.random;
  const monotonic = options.monotonic ?? options.now;
  /** When each punch that waits is due, on the monotonic clock: set when it failed in this run of the app. */
  const dueAt = new Map<string, number>();
  const time = (iso: string | null | undefined) => (iso ? formatTime(Date.parse(iso)) : t('sync.unknownTime'));
  const label = (punch: Punch) => t('clock.punchLabel', { kind: punch.kind === 'clock-in' ? 'in' : 'out', time: time(punch.at) });

  function settle(punch: Punch, event: ClockedTimeEvent | null): void {
    outbox.settle(punch.id, punch.kind === 'clock-in' && event ? event.id : null);
  }

  function stop(punch: Punch, kind: StopKind, message: string, facts?: ApiProblemFacts): PunchOutcome {
    const stopped = outbox.update(punch.id, { stopped: { kind, message }, nextAttemptAt: null, lastError: message });
    // A clock-out waiting for this clock-in's event cannot be sent either, for the same reason.
    for (const dependent of outbox.all().filter((other) => other.afterPunchId === punch.id && !other.stopped)) {
      outbox.update(dependent.id, {
        stopped: { kind, message: t('sync.dependentStopped', { label: label(punch), reason: message }) },
        nextAttemptAt: null,
      });
    }
    return { kind: 'stopped', punch: stopped, stop: kind, message, ...(facts ? { facts } : {}) };
  }

  function wait(punch: Punch, error: ApiError): PunchOutcome {
    if (hasBeenTryingTooLong(punch, options.now()))
      return stop(punch, 'gave-up', t('sync.gaveUp', { reason: error.message }), error.problem);
    const delay = waitBeforeRetry(punch, error, random);
    dueAt.set(punch.id, monotonic() + delay);
    const waiting = outbox.update(punch.id, { lastError: error.message, nextAttemptAt: options.now() + delay });
    return { kind: 'waiting', punch: waiting, message: error.message, facts: error.problem };
  }

  /** An answer we could not read: try a few more times (reading first), then stop as "outcome unknown". */
  function unreadable(punch: Punch, error: ApiError): PunchOutcome {
    const counted = outbox.update(punch.id, { unreadable: punch.unreadable + 1 });
    if (counted.unreadable < MAX_UNREADABLE) return wait(counted, error);
    return stop(counted, 'unconfirmed', t('sync.unconfirmed', { reason: error.message }), error.problem);
  }

  /** If an earlier attempt reached the server, the last event shows it. */
  function recognise(punch: Punch, last: ClockedTimeEvent | null): PunchOutcome | null {
    if (!last || (last.employeeId && last.employeeId !== punch.employeeId)) return null;
    const ours = (last as { idempotencyKey?: unknown }).idempotencyKey === punch.idempotencyKey;
    if (punch.kind === 'clock-in' && (ours || sameInstant(last.clockIn, punch.at))) {
      settle(punch, last);
      return { kind: 'synced', punch, event: last };
    }
    if (punch.kind === 'clock-out' && last.id === punch.eventId && last.clockOut !== null) return closedAlready(punch, last);
    return null;
  }

  function closedAlready(punch: Punch, event: ClockedTimeEvent): PunchOutcome {
    settle(punch, event);
    if (sameInstant(event.clockOut, punch.at)) return { kind: 'synced', punch, event };
    return {
      kind: 'reconciled',
      punch,
      event,
      message: t('sync.alreadyOut', { server: time(event.clockOut), mine: time(punch.at) }),
    };
  }

  /** What a failure that did not record the punch leads to. */
  function whenNotSent(punch: Punch, error: ApiError): PunchOutcome {
    if (error.configuration) return stop(punch, 'configuration', error.message, error.problem);
    // A sign-in page or redirect answered instead of the service: not an answer of the service's to count.
    if (error.notReached) return wait(punch, error);
    if (error.kind === 'bad-response') return unreadable(punch, error);
    if (error.kind === 'bad-request' || error.kind === 'unprocessable')
      return stop(punch, 'refused', error.message, error.problem);
    return wait(punch, error);
  }

  /** After a 409: what the server has (`event`, null when it could not be read) against this punch. */
  function afterConflict(punch: Punch, event: ClockedTimeEvent | null): PunchOutcome {
    if (punch.kind === 'clock-out') {
      if (event && event.id === punch.eventId && event.clockOut !== null) return closedAlready(punch, event);
      settle(punch, null);
      return {
        kind: 'reconciled',
        punch,
        event,
        message: t('sync.shiftClosed', { time: time(punch.at) }),
      };
    }
    if (event && sameInstant(event.clockIn, punch.at)) {
      settle(punch, event);
      return { kind: 'synced', punch, event };
    }
    if (!event || event.clockOut !== null) {
      // What it has could not be read: a clock-out after this one finds the open event by reading first.
      settle(punch, null);
      return {
        kind: 'reconciled',
        punch,
        event: null,
        message: t('sync.alreadyIn', { time: time(punch.at) }),
      };
    }
    // Clocked in elsewhere: the server's event stands, and a later clock-out of ours closes it.
    settle(punch, event);
    return {
      kind: 'reconciled',
      punch,
      event,
      message: t('sync.alreadyInSince', { server: time(event.clockIn), mine: time(punch.at) }),
    };
  }

  /** How long a waiting punch still waits, measured where it can be (see punch-schedule.ts). */
  const waitLeft = (punch: Punch) => {
    const due = punch.nextAttemptAt === null ? undefined : dueAt.get(punch.id);
    return due === undefined ? remainingWait(punch, options.now()) : Math.max(0, due - monotonic());
  };
  /** Forgets the due times of punches no longer waiting. */
  const forgetDueExcept = (waiting: readonly Punch[]) => {
    for (const id of dueAt.keys()) if (!waiting.some((punch) => punch.id === id)) dueAt.delete(id);
  };

  return { time, settle, stop, unreadable, recognise, closedAlready, whenNotSent, afterConflict, waitLeft, forgetDueExcept };
}

export type PunchOutcomes = ReturnType<typeof createPunchOutcomes>;
