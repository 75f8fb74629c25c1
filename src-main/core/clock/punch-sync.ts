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
import { ApiError } from '../api/api-error.ts';
import type { ServiceClients } from '../api/service-clients.ts';
import { conflictEvent } from '../api/timeclock-client.ts';
import { sameInstant } from './clock-state.ts';
import type { Punch } from './outbox.ts';
import { routeMissing, wrongBaseUrlText } from './read-failure.ts';
import { inUndoTime } from './punch-schedule.ts';
import { createPunchOutcomes, type PunchOutcome, type PunchOutcomeOptions } from './punch-outcomes.ts';

export interface PunchSyncOptions extends PunchOutcomeOptions {
  clientsFor: (environmentId: string) => ServiceClients | null;
}

type Last = { kind: 'read'; event: ClockedTimeEvent | null } | { kind: 'outcome'; outcome: PunchOutcome };

// Over 80 lines on purpose: small named steps of sending one punch (the longest, send, 20 lines);
// what each answer makes of the punch is in punch-outcomes.ts.
export function createPunchSync(options: PunchSyncOptions) {
  const { outbox, t } = options;
  const { time, settle, stop, unreadable, recognise, closedAlready, whenNotSent, afterConflict, waitLeft, forgetDueExcept } =
    createPunchOutcomes(options);
  const current = (punch: Punch) => outbox.all().find((candidate) => candidate.id === punch.id) ?? punch;

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

  async function reconcileConflict(punch: Punch, clients: ServiceClients, error: ApiError): Promise<PunchOutcome> {
    const reported = conflictEvent(error);
    let event = reported && (!reported.employeeId || reported.employeeId === punch.employeeId) ? reported : null;
    if (!event) {
      const last = await readLast(punch, clients).catch(() => null);
      event = last?.kind === 'read' ? last.event : null;
    }
    return afterConflict(punch, event);
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
              reason: punch.reason,
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
      forgetDueExcept(waiting);
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
