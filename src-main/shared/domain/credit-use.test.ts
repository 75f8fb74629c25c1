import { describe, expect, it } from 'vitest';
import { creditUse } from './credit-use.ts';

describe('the use of a credit limit', () => {
  it('is the open balance as a share of the limit, and what passes it', () => {
    expect(creditUse(200_000, 50_000)).toEqual({ percent: 25, over: 0 });
    expect(creditUse(100_000, 112_500)).toEqual({ percent: 113, over: 12_500 });
    expect(creditUse(100_000, 0)).toEqual({ percent: 0, over: 0 });
  });

  it('says nothing where the data has no balance, or no usable limit', () => {
    for (const [limit, balance] of [
      [100_000, undefined],
      [100_000, null],
      [100_000, '5000'],
      [0, 10],
      [undefined, 10],
      [100_000, -1],
      [Number.NaN, 1],
    ] as const) {
      expect(creditUse(limit, balance)).toBeNull();
    }
  });
});
