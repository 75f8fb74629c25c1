/**
 * The order of a search's matches: the exact key first, then names that start with what was
 * typed, then nicknames that do, then the rest. Lines are in name order and matches arrive
 * ascending, so each tier comes out in name order without sorting.
 */
import type { NicknameTable } from './nickname-table.ts';
import { prefixRange } from './sorted-search.ts';

export type Rank = (matches: Int32Array, needle: string, exactKey: number | undefined) => Int32Array;

export function rankBy(names: readonly string[], nicknames: NicknameTable): Rank {
  const NAME = 1;
  const NICKNAME = 2;
  const REST = 3;
  return (matches, needle, exactKey) => {
    // Names starting with the needle are one range of the sorted names.
    const [from, to] = prefixRange(names, needle);
    const tiers = new Uint8Array(matches.length);
    for (let at = 0; at < matches.length; at++) {
      const line = matches[at]!;
      if (line === exactKey) continue;
      tiers[at] = line >= from && line < to ? NAME : nicknames.lineStartsWith(line, needle) ? NICKNAME : REST;
    }
    const ranked = new Int32Array(matches.length + 1);
    let count = 0;
    if (exactKey !== undefined) ranked[count++] = exactKey;
    for (const tier of [NAME, NICKNAME, REST]) {
      for (let at = 0; at < matches.length; at++) if (tiers[at] === tier) ranked[count++] = matches[at]!;
    }
    return ranked.subarray(0, count);
  };
}
