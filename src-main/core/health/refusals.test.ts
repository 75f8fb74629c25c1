import { describe, expect, it } from 'vitest';
import { createRefusals } from './refusals.ts';

const forbidden = { kind: 'forbidden' as const, message: 'not allowed (403)' };
const server = { kind: 'server' as const, message: 'failed (500)' };

describe('the app’s own requests as evidence', () => {
  it('counts a refused access at once, a server failure from its second in a row, from the first failure on', () => {
    const refusals = createRefusals();
    expect(refusals.settled('source', forbidden, 1_000)).toBe(true);
    expect(refusals.current('source')).toEqual({ since: 1_000, cause: 'not allowed (403)', count: 1 });
    const other = createRefusals();
    expect(other.settled('source', server, 1_000)).toBe(false);
    expect(other.current('source')).toBeNull();
    expect(other.settled('source', server, 2_000)).toBe(true);
    expect(other.current('source')).toMatchObject({ since: 1_000, count: 2 });
  });

  it('ends with a success, and takes no answer, a rate limit or a punch turned down as no evidence either way', () => {
    const refusals = createRefusals();
    refusals.settled('source', forbidden, 1_000);
    for (const kind of [
      'timeout',
      'unreachable',
      'cancelled',
      'rate-limited',
      'conflict',
      'unprocessable',
      'bad-request',
    ] as const)
      expect(refusals.settled('source', { kind, message: kind }, 2_000)).toBe(false);
    expect(refusals.current('source')?.since).toBe(1_000);
    expect(refusals.current('target')).toBeNull();
    expect(refusals.settled('source', null, 3_000)).toBe(true);
    expect(refusals.current('source')).toBeNull();
    refusals.settled('source', forbidden, 4_000);
    refusals.clear();
    expect(refusals.current('source')).toBeNull();
  });
});
