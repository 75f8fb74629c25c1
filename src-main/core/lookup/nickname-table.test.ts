import { describe, expect, it } from 'vitest';
import { foldForSearch } from './fold-text.ts';
import { buildNicknameTable } from './nickname-table.ts';

describe('nicknames in line order', () => {
  const table = buildNicknameTable([['Acme', 'AF'], [], ['Ålborg Fisk'], ['af two', 'Beacon']], foldForSearch);

  it('lists the lines with a nickname starting with one or two letters', () => {
    expect(Array.from(table.linesStartingWith('a'))).toEqual([0, 0, 2, 3]);
    expect(Array.from(table.linesStartingWith('af'))).toEqual([0, 3]);
    expect(Array.from(table.linesStartingWith('b'))).toEqual([3]);
    expect(Array.from(table.linesStartingWith('z'))).toEqual([]);
  });

  it("tells whether one of a line's nicknames starts with a longer prefix", () => {
    expect(table.lineStartsWith(2, 'alb')).toBe(true);
    expect(table.lineStartsWith(3, 'beac')).toBe(true);
    expect(table.lineStartsWith(1, 'a')).toBe(false);
    expect(table.lineStartsWith(0, 'acmex')).toBe(false);
  });
});
