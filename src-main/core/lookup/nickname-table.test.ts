import { describe, expect, it } from 'vitest';
import { foldForSearch } from './fold-text.ts';
import { buildNicknameTable, foldNicknames, nicknameTablesOf } from './nickname-table.ts';

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

describe('nicknames folded in the order received, then put in line order', () => {
  it('makes the same table as nicknames given in line order', () => {
    const received = [['af two', 'Beacon'], ['Acme', 'AF'], [], ['Ålborg Fisk']];
    const order = Int32Array.from([1, 2, 3, 0]); // line n holds what came at order[n]
    const moved = nicknameTablesOf(foldNicknames(received, foldForSearch), order);
    const direct = nicknameTablesOf(
      foldNicknames(
        Array.from(order, (at) => received[at]!),
        foldForSearch,
      ),
    );
    expect(moved).toEqual(direct);
    expect(moved.texts).toEqual(['acme', 'af', 'alborg fisk', 'af two', 'beacon']);
  });
});
