import { describe, expect, it } from 'vitest';
import { defaultRetryPolicy, parseRetryAfter, retryDelay } from './retry-policy.ts';

describe('retryDelay', () => {
  it('doubles the ceiling per retry, jittered within its upper half, and stops after the last retry', () => {
    const low = () => 0;
    const high = () => 0.999_999;
    expect([1, 2].map((retry) => retryDelay(defaultRetryPolicy, retry, undefined, low))).toEqual([200, 400]);
    expect([1, 2].map((retry) => retryDelay(defaultRetryPolicy, retry, undefined, high))).toEqual([400, 800]);
    expect(retryDelay(defaultRetryPolicy, 3, undefined, low)).toBeNull();
  });

  it('waits as Retry-After says, up to the cap', () => {
    expect(retryDelay(defaultRetryPolicy, 1, 12_000, Math.random)).toBe(12_000);
    expect(retryDelay(defaultRetryPolicy, 1, 31_000, Math.random)).toBeNull();
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-11-21T10:00:00Z');
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('30', now)).toBe(30_000);
    expect(parseRetryAfter('Sat, 21 Nov 2026 10:01:00 GMT', now)).toBe(60_000);
    expect(parseRetryAfter('Sat, 21 Nov 2026 09:00:00 GMT', now)).toBe(0);
  });
  it('ignores what it cannot read', () => {
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
  });
});
