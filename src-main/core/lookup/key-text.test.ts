import { describe, expect, it } from 'vitest';
import { buildKeyText } from './key-text.ts';

describe('debtor keys as one text', () => {
  const keys = buildKeyText(['D0000010', 'd0000100', 'X-77', 'D0000011']);

  it('finds the lines whose key holds a typed part, each once, ascending', () => {
    expect(Array.from(keys.containing('0000'))).toEqual([0, 1, 3]);
    expect(Array.from(keys.containing('00001'))).toEqual([0, 1, 3]);
    expect(Array.from(keys.containing('77'))).toEqual([2]);
    expect(Array.from(keys.containing('0\nd'))).toEqual([]);
  });

  it('finds a whole key in any case, never a part of one', () => {
    expect(keys.exact('d0000011')).toBe(3);
    expect(keys.exact('D0000010')).toBe(0);
    expect(keys.exact('x-77')).toBe(2);
    expect(keys.exact('D000001')).toBeUndefined();
    expect(keys.exact('')).toBeUndefined();
  });
});
