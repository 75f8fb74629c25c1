/**
 * How long a punch waits before its next try, and when trying stops: nothing is retried forever.
 * Pure functions of the punch, the error and the time.
 */
import type { ApiError } from '../api/api-error.ts';
import type { Punch } from './outbox.ts';

const BACKOFF_MS = [5_000, 15_000, 30_000, 60_000, 120_000, 300_000, 600_000, 900_000];
/** The longest wait between two tries, whatever the server asks for. */
export const MAX_WAIT_MS = 15 * 60_000;
const AUTH_WAIT_MS = 5 * 60_000;
/** After this long of failing for reasons that may pass (network, 5xx, 429, credentials), sending stops. */
export const GIVE_UP_AFTER_MS = 7 * 24 * 3_600_000;
/** Answers we could not read, while sending or confirming one punch, before it stops as "outcome unknown". */
export const MAX_UNREADABLE = 3;

export function waitBeforeRetry(punch: Punch, error: ApiError, random: () => number): number {
  if (error.kind === 'unauthorized' || error.kind === 'forbidden') return AUTH_WAIT_MS;
  const step = Math.min(Math.max(punch.attempts, 1), BACKOFF_MS.length) - 1;
  const backoff = BACKOFF_MS[step]! * (0.9 + random() * 0.2);
  return Math.round(Math.min(MAX_WAIT_MS, Math.max(backoff, error.retryAfterMs ?? 0)));
}

/**
 * How long a waiting punch still waits by the computer's date and time (its `nextAttemptAt`, kept
 * across restarts): 0 when due. A wait longer than any we set means the computer's clock went back:
 * due. Within one run of the app the wait is measured on a clock that only moves forward instead
 * (punch-sync.ts), so setting the date back mid-wait changes nothing.
 */
export function remainingWait(punch: Punch, now: number): number {
  if (punch.nextAttemptAt === null) return 0;
  const remaining = punch.nextAttemptAt - now;
  return remaining <= 0 || remaining > MAX_WAIT_MS + 60_000 ? 0 : remaining;
}

/** The longest undo time a setting allows, and some slack: beyond it the computer's clock went back. */
const MAX_UNDO_MS = 60_000 + 60_000;

/** Whether a punch is still in its undo time: then it is not sent, even when sending is forced. */
export function inUndoTime(punch: Punch, now: number): boolean {
  if (punch.undoUntil === null) return false;
  const remaining = punch.undoUntil - now;
  return remaining > 0 && remaining <= MAX_UNDO_MS;
}

export const hasBeenTryingTooLong = (punch: Punch, now: number) => now - Date.parse(punch.at) > GIVE_UP_AFTER_MS;
