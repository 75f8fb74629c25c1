import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error.ts';
import type { Punch } from './outbox.ts';
import { hasBeenTryingTooLong, inUndoTime, MAX_WAIT_MS, remainingWait, waitBeforeRetry } from './punch-schedule.ts';

const now = Date.parse('2026-11-23T08:00:00Z');
const punch = (changes: Partial<Punch> = {}): Punch => ({
  id: 'p',
  environmentId: 'mock',
  employeeId: 'E1',
  kind: 'clock-in',
  at: new Date(now).toISOString(),
  idempotencyKey: 'k',
  eventId: null,
  afterPunchId: null,
  clockInAt: null,
  reason: null,
  attempts: 1,
  unreadable: 0,
  nextAttemptAt: null,
  undoUntil: null,
  lastError: null,
  stopped: null,
  ...changes,
});
const error = (kind: ApiError['kind'], retryAfterMs?: number) =>
  new ApiError({ kind, service: 'timeclock', operation: 'clockIn', environment: 'Mock', retryAfterMs });

describe('punch schedule', () => {
  it('keeps a punch back in its undo time, and no longer once the clock went back further than any undo time', () => {
    expect(inUndoTime(punch({ undoUntil: now + 10_000 }), now)).toBe(true);
    expect(inUndoTime(punch({ undoUntil: now }), now)).toBe(false);
    expect(inUndoTime(punch({ undoUntil: null }), now)).toBe(false);
    expect(inUndoTime(punch({ undoUntil: now + 3 * 3_600_000 }), now)).toBe(false);
  });

  it('is due when its time has come, and also when the wait left is longer than any we set (the clock went back)', () => {
    expect(remainingWait(punch({ nextAttemptAt: now + 10_000 }), now)).toBe(10_000);
    expect(remainingWait(punch({ nextAttemptAt: now - 1 }), now)).toBe(0);
    expect(remainingWait(punch({ nextAttemptAt: now + 24 * 3_600_000 }), now)).toBe(0);
  });

  it('backs off from 5 s to at most 15 min, and honours Retry-After only up to that', () => {
    const steady = () => 0.5;
    expect(waitBeforeRetry(punch({ attempts: 1 }), error('server'), steady)).toBe(5_000);
    expect(waitBeforeRetry(punch({ attempts: 50 }), error('server'), steady)).toBe(MAX_WAIT_MS);
    expect(waitBeforeRetry(punch(), error('rate-limited', 999_999_000), steady)).toBe(MAX_WAIT_MS);
  });

  it('gives up after a week of trying', () => {
    expect(hasBeenTryingTooLong(punch(), now + 6 * 24 * 3_600_000)).toBe(false);
    expect(hasBeenTryingTooLong(punch(), now + 8 * 24 * 3_600_000)).toBe(true);
  });
});
