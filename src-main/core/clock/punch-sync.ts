/**
 * Sends the outbox to the timeclock service, in order, per environment. Every answer has one
 * defined path, and each path ends: the punch is recorded (synced or reconciled), waits on a
 * bounded schedule, or stops with a sentence the user can act on (try again, mark sent, discard).
 *
 * Before re-sending anything whose earlier attempt may have reached the server it reads the
 * employee's last event and recognises its own punch there (by idempotency key or exact instant,
 * never "close enough"). A clock-out is never sent for an event it cannot identify.
 */
import type { ClockedTimeEvent } from '../../shared/api/types.ts';
import type { ApiProblemFacts } from '../../shared/domain/api-problem.ts';
import { ApiError } from '../api/api-error.ts';
import type { ServiceClients } from '../api/service-clients.ts';
import { conflictEvent } from '../api/timeclock-client.ts';
import type { TimeFormatter } from '../../shared/moments.ts';
import type { Translate } from '../../shared/i18n/translator.ts';
import { sameInstant } from './clock-state.ts';
import type { Outbox, Punch, StopKind } from './outbox.ts';
import { routeMissing, wrongBaseUrlText } from './read-failure.ts';
import { hasBeenTryingTooLong, inUndoTime, MAX_UNREADABLE, remainingWait, waitBeforeRetry } from './punch-schedule.ts';

export type PunchOutcome =
  | { kind: 'synced'; punch: Punch; event: ClockedTimeEvent }
  /** The server already had something else: what it has, in a sentence (event null when it could not be read). */
  | { kind: 'reconciled'; punch: Punch; event: ClockedTimeEvent | null; message: string }
  /** `facts`: the failure's facts, when a request failed (a notification leads with its cause). */
  | { kind: 'waiting'; punch: Punch; message: string; facts?: ApiProblemFacts }
  | { kind: 'stopped'; punch: Punch; stop: StopKind; message: string; facts?: ApiProblemFacts };

export interface PunchSyncOptions {
  outbox: Outbox;
  clientsFor: (environmentId: string) => ServiceClients | null;
  now: () => number;
  /** A clock that only moves forward (performance.now()), on which waits are measured; `now` if absent. */
  monotonic?: () => number;
  formatTime: TimeFormatter;
  /** The user's words at each use: a stopped punch keeps its sentence in the language of that moment. */
  t: Translate;
  random?: () => number;
}

type Last = { kind: 'read'; event: ClockedTimeEvent | null } | { kind: 'outcome'; outcome: PunchOutcome };

// Over 80 lines on purpose: small named steps of sending one punch (the longest, reconcileConflict,
// 39 lines) over one outbox and one run.
export function createPunchSync(options: PunchSyncOptions) {
  const { outbox, formatTime, t } = options;
  const random = options.random ?? Math.random;
  const monotonic = options.monotonic ?? options.now;
  /** When each punch that waits is due, on the monotonic clock: set when it failed in this run of the app. */
  const dueAt = new Map<string, number>();
  /** How long a waiting punch still waits, measured where it can be (see punch-schedule.ts). */
  const waitLeft = (punch: Punch) => {
    const due = punch.nextAttemptAt === null ? undefined : dueAt.get(punch.id);
    return due === undefined ? remainingWait(punch, options.now()) : Math.max(0, due - monotonic());
  };
  const time = (iso: string | null | undefined) => (iso ? formatTime(Date.parse(iso)) : t('sync.unknownTime'));
  const label = (punch: Punch) => t('clock.punchLabel', { kind: punch.kind === 'clock-in' ? 'in' : 'out', time: time(punch.at) });
  const current = (punch: Punch) => outbox.all().find((candidate) => candidate.id === punch.id) ?? punch;

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

  /** The employee's last event, or the outcome the failed read leads to. */
  async function readLast(punch: Punch, clients: ServiceClients): Promise<Last> {
    try {
      return { kind: 'read', event: await clients.timeclock.lastClockedTimeEvent(punch.employeeId) };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.kind === 'not-found') {
        if (await routeMissing(clients))
          return { kind: 'outcome', outcome: stop(punch, 'configuration', wrongBaseUrlText(error, t)) };
        // Some servers answer 404 for "no events yet": nothing of ours is there.
        return { kind: 'read', event: null };
      }
      return { kind: 'outcome', outcome: whenNotSent(punch, error) };
    }
  }

  /** What a failure that did not record the punch leads to. */
  function whenNotSent(punch: Punch, error: ApiError): PunchOutcome {
    if (error.configuration) return stop(punch, 'configuration', error.message, error.problem);
    if (error.kind === 'bad-response') return unreadable(punch, error);
    if (error.kind === 'bad-request' || error.kind === 'unprocessable')
      return stop(punch, 'refused', error.message, error.problem);
    return wait(punch, error);
  }

  async function reconcileConflict(punch: Punch, clients: ServiceClients, error: ApiError): Promise<PunchOutcome> {
    const reported = conflictEvent(error);
    let event = reported && (!reported.employeeId || reported.employeeId === punch.employeeId) ? reported : null;
    if (!event) {
      const last = await readLast(punch, clients).catch(() => null);
      event = last?.kind === 'read' ? last.event : null;
    }
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

  /** A clock-out whose clock-in left the outbox without telling us its event (marked sent by hand): find that event exactly. */
  async function findEventToClose(punch: Punch, clients: ServiceClients): Promise<{ punch: Punch } | { outcome: PunchOutcome }> {
    const last = await readLast(punch, clients);
    if (last.kind === 'outcome') return { outcome: last.outcome };
    const event = last.event;
    const mine = event && (!event.employeeId || event.employeeId === punch.employeeId);
    if (mine && event.clockOut === null && punch.clockInAt && sameInstant(event.clockIn, punch.clockInAt))
      return { punch: outbox.update(punch.id, { eventId: event.id, afterPunchId: null }) };
    if (mine && event.clockOut !== null && punch.clockInAt && sameInstant(event.clockIn, punch.clockInAt))
      return { outcome: closedAlready(punch, event) };
    return {
      outcome: stop(punch, 'refused', t('sync.unknownShift', { time: time(punch.clockInAt) })),
    };
  }

  async function write(punch: Punch, clients: ServiceClients): Promise<PunchOutcome> {
    try {
      const event =
        punch.kind === 'clock-in'
          ? await clients.timeclock.clockIn(punch.employeeId, punch.at, punch.idempotencyKey)
          : await clients.timeclock.clockOut(punch.eventId!, punch.at, {
              employeeId: punch.employeeId,
              clockIn: punch.clockInAt,
            });
      settle(punch, event);
      return { kind: 'synced', punch, event };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const latest = current(punch);
      if (error.kind === 'conflict') return reconcileConflict(latest, clients, error);
      if (error.acceptedButUnreadable) {
        // Taken, but the answer is unreadable: confirm by reading before anything else.
        const last = await readLast(latest, clients);
        if (last.kind === 'outcome') return last.outcome;
        return recognise(latest, last.event) ?? unreadable(latest, error);
      }
      if (error.kind === 'not-found')
        return (await routeMissing(clients))
          ? stop(latest, 'configuration', wrongBaseUrlText(error, t))
          : stop(latest, 'refused', error.message, error.problem);
      return whenNotSent(latest, error);
    }
  }

  /** `fresh`: the punch was just recorded with its first attempt and has never been sent. */
  async function send(punch: Punch, fresh: boolean): Promise<PunchOutcome | null> {
    const clients = options.clientsFor(punch.environmentId);
    if (!clients) return stop(punch, 'configuration', t('sync.environmentGone'));
    let sending = punch;
    if (sending.kind === 'clock-out' && !sending.eventId) {
      if (sending.afterPunchId && outbox.all().some((other) => other.id === sending.afterPunchId)) return null;
      const found = await findEventToClose(sending, clients);
      if ('outcome' in found) return found.outcome;
      sending = found.punch;
    }
    if (sending.attempts > 0 && !fresh) {
      const last = await readLast(sending, clients);
      if (last.kind === 'outcome') return last.outcome;
      const recognised = recognise(sending, last.event);
      if (recognised) return recognised;
    }
    if (!fresh) sending = outbox.update(sending.id, { attempts: sending.attempts + 1, nextAttemptAt: null });
    return write(sending, clients);
  }

  return {
    /**
     * Sends what is due, oldest first per environment; a punch that must wait holds back the ones
     * after it in its environment (order matters). Returns what happened to each punch it touched.
     * `force` sends waiting punches now, whatever their backoff: for moments worth trying at once
     * (start, network back, new credentials, a new punch).
     */
    async run({ force = false, freshPunchId = null as string | null } = {}): Promise<PunchOutcome[]> {
      const outcomes: PunchOutcome[] = [];
      const blocked = new Set<string>();
      for (const punch of outbox.all()) {
        if (punch.stopped || blocked.has(punch.environmentId)) continue;
        // Made before the employee id was set: kept until it is (clock-service.ts adopts it then).
        if (punch.employeeId.trim() === '') {
          blocked.add(punch.environmentId);
          continue;
        }
        // A punch in its undo time holds back the ones after it, whatever the reason to send now.
        if (inUndoTime(punch, options.now()) || (!force && waitLeft(punch) > 0)) {
          blocked.add(punch.environmentId);
          continue;
        }
        const latest = outbox.all().find((candidate) => candidate.id === punch.id);
        if (!latest || latest.stopped) continue;
        const outcome = await send(latest, latest.id === freshPunchId && latest.attempts === 1);
        if (outcome) outcomes.push(outcome);
        if (!outcome || outcome.kind === 'waiting') blocked.add(punch.environmentId);
      }
      return outcomes;
    },
    /** How long until the next waiting punch is due, in ms from now (null: nothing waits on time). */
    nextDueIn(): number | null {
      const waiting = outbox.all().filter((punch) => !punch.stopped);
      for (const id of dueAt.keys()) if (!waiting.some((punch) => punch.id === id)) dueAt.delete(id);
      const now = options.now();
      const waits = [
        ...waiting.filter((punch) => punch.nextAttemptAt !== null).map(waitLeft),
        ...waiting.filter((punch) => inUndoTime(punch, now)).map((punch) => punch.undoUntil! - now),
      ];
      return waits.length === 0 ? null : Math.min(...waits);
    },
  };
}

export type PunchSync = ReturnType<typeof createPunchSync>;
