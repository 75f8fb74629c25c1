/**
 * Sends the outbox to the timeclock service, in order, per environment. Before re-sending anything
 * whose earlier attempt may have reached the server (any attempt, even one cut off by a crash), it
 * reads the employee's last event and recognises its own punch there. A 409 is reconciled against
 * what the server has. A clock-out is never sent for an event it cannot identify.
 */
import type { ClockedTimeEvent } from '../../shared/api/types.ts';
import { ApiError } from '../api/api-error.ts';
import type { ServiceClients } from '../api/service-clients.ts';
import type { TimeFormatter } from '../health/format-time.ts';
import { sameInstant } from './clock-state.ts';
import type { Outbox, Punch } from './outbox.ts';

export type PunchOutcome =
  | { kind: 'synced'; punch: Punch; event: ClockedTimeEvent }
  /** The server already had something else: what it has, in a sentence. */
  | { kind: 'reconciled'; punch: Punch; event: ClockedTimeEvent | null; message: string }
  | { kind: 'waiting'; punch: Punch; message: string }
  | { kind: 'failed'; punch: Punch; message: string };

export interface PunchSyncOptions {
  outbox: Outbox;
  clientsFor: (environmentId: string) => ServiceClients | null;
  now: () => number;
  formatTime: TimeFormatter;
  random?: () => number;
}

const BACKOFF_MS = [5_000, 15_000, 30_000, 60_000, 120_000, 300_000];
const AUTH_WAIT_MS = 5 * 60_000;
const MAX_RETRY_AFTER_MS = 15 * 60_000;

export function createPunchSync(options: PunchSyncOptions) {
  const { outbox, formatTime } = options;
  const random = options.random ?? Math.random;
  const label = (punch: Punch) =>
    `${punch.kind === 'clock-in' ? 'Clock-in' : 'Clock-out'} at ${formatTime(Date.parse(punch.at))}`;

  function settle(punch: Punch, event: ClockedTimeEvent): void {
    outbox.settle(punch.id, punch.kind === 'clock-in' ? event.id : null);
  }

  function fail(punch: Punch, message: string): PunchOutcome {
    const failed = outbox.update(punch.id, { failed: message, nextAttemptAt: null, lastError: message });
    // A clock-out waiting for this clock-in's event can never be sent either.
    for (const dependent of outbox.all().filter((other) => other.afterPunchId === punch.id)) {
      outbox.update(dependent.id, { failed: `Its clock-in (${label(punch)}) was refused.`, nextAttemptAt: null });
    }
    return { kind: 'failed', punch: failed, message };
  }

  function wait(punch: Punch, error: ApiError): PunchOutcome {
    const step = Math.min(punch.attempts, BACKOFF_MS.length) - 1;
    const backoff = BACKOFF_MS[Math.max(0, step)]! * (0.9 + random() * 0.2);
    const delay =
      error.kind === 'unauthorized' || error.kind === 'forbidden'
        ? AUTH_WAIT_MS
        : Math.max(backoff, Math.min(error.retryAfterMs ?? 0, MAX_RETRY_AFTER_MS));
    const waiting = outbox.update(punch.id, { lastError: error.message, nextAttemptAt: options.now() + Math.round(delay) });
    return { kind: 'waiting', punch: waiting, message: error.message };
  }

  /** If an earlier attempt reached the server, the last event shows it. */
  function recognise(punch: Punch, last: ClockedTimeEvent | null): PunchOutcome | null {
    if (!last) return null;
    if (punch.kind === 'clock-in' && sameInstant(last.clockIn, punch.at)) {
      settle(punch, last);
      return { kind: 'synced', punch, event: last };
    }
    if (punch.kind === 'clock-out' && last.id === punch.eventId && last.clockOut !== null) return closedAlready(punch, last);
    return null;
  }

  function closedAlready(punch: Punch, event: ClockedTimeEvent): PunchOutcome {
    settle(punch, event);
    if (sameInstant(event.clockOut, punch.at)) return { kind: 'synced', punch, event };
    const at = event.clockOut ? formatTime(Date.parse(event.clockOut)) : 'an earlier time';
    return {
      kind: 'reconciled',
      punch,
      event,
      message: `The timeclock service already had you clocked out at ${at}; your clock-out at ${formatTime(Date.parse(punch.at))} was not needed.`,
    };
  }

  async function reconcileConflict(punch: Punch, clients: ServiceClients, error: ApiError): Promise<PunchOutcome> {
    const reported = error.facts.serverDetails?.event as ClockedTimeEvent | undefined;
    const event = reported ?? (await clients.timeclock.lastClockedTimeEvent(punch.employeeId));
    if (!event) return fail(punch, error.message);
    if (punch.kind === 'clock-out') return closedAlready(punch, event);
    if (sameInstant(event.clockIn, punch.at)) {
      settle(punch, event);
      return { kind: 'synced', punch, event };
    }
    // Clocked in elsewhere: the server's event stands, and a later clock-out of ours closes it.
    settle(punch, event);
    return {
      kind: 'reconciled',
      punch,
      event,
      message: `The timeclock service already has you clocked in since ${formatTime(Date.parse(event.clockIn))}; your clock-in at ${formatTime(Date.parse(punch.at))} was not added.`,
    };
  }

  /** `fresh`: the punch was just recorded with its first attempt and has never been sent. */
  async function send(punch: Punch, fresh: boolean): Promise<PunchOutcome | null> {
    const clients = options.clientsFor(punch.environmentId);
    if (!clients) return fail(punch, 'The environment this punch was recorded in no longer exists.');
    if (punch.kind === 'clock-out' && !punch.eventId) {
      return punch.afterPunchId ? null : fail(punch, 'There is no clocked-in time event to close.');
    }
    try {
      if (punch.attempts > 0 && !fresh) {
        const recognised = recognise(punch, await clients.timeclock.lastClockedTimeEvent(punch.employeeId));
        if (recognised) return recognised;
      }
      const sending = fresh ? punch : outbox.update(punch.id, { attempts: punch.attempts + 1, nextAttemptAt: null });
      const event =
        sending.kind === 'clock-in'
          ? await clients.timeclock.clockIn(sending.employeeId, sending.at, sending.idempotencyKey)
          : await clients.timeclock.clockOut(sending.eventId!, sending.at);
      settle(sending, event);
      return { kind: 'synced', punch: sending, event };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const current = outbox.all().find((candidate) => candidate.id === punch.id) ?? punch;
      if (error.kind === 'conflict') return reconcileConflict(current, clients, error);
      if (['not-found', 'unprocessable', 'bad-request'].includes(error.kind)) return fail(current, error.message);
      return wait(current, error);
    }
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
        if (punch.failed || blocked.has(punch.environmentId)) continue;
        if (!force && punch.nextAttemptAt !== null && punch.nextAttemptAt > options.now()) {
          blocked.add(punch.environmentId);
          continue;
        }
        const current = outbox.all().find((candidate) => candidate.id === punch.id) ?? punch;
        const outcome = await send(current, current.id === freshPunchId && current.attempts === 1);
        if (outcome) outcomes.push(outcome);
        if (!outcome || outcome.kind === 'waiting') blocked.add(punch.environmentId);
      }
      return outcomes;
    },
    /** When the next waiting punch is due (null: nothing waits on time). */
    nextDueAt(): number | null {
      const due = outbox
        .all()
        .filter((punch) => !punch.failed && punch.nextAttemptAt !== null)
        .map((punch) => punch.nextAttemptAt!);
      return due.length === 0 ? null : Math.min(...due);
    },
  };
}

export type PunchSync = ReturnType<typeof createPunchSync>;
