/**
 * Search over debtor names, nicknames and keys, as you type: tolerant of a typo per word and of
 * word order (uFuzzy), ranked exact key first, then name prefix, then nickname prefix, then the
 * rest. Entries are kept in name order, so every tier is already sorted: one pass, no sorting.
 *
 * Kept fast for every keystroke (see docs/benchmarks.md): one or two characters match by prefix,
 * found by binary search over the sorted names and nicknames; longer needles use uFuzzy's exact
 * matcher, narrowed from the previous keystroke's matches while the user keeps typing, and its
 * typo-tolerant matcher only when that finds little. Names and needles are folded first
 * (fold-text.ts): case and accents never matter; a needle in another script (CJK, Arabic,
 * Cyrillic) is matched as typed, anywhere in the name.
 */
import uFuzzy from '@leeoniya/ufuzzy';
import { foldForSearch, isPlainFolded } from './fold-text.ts';

export interface IndexEntry {
  debtorKey: string;
  name: string;
  nicknames: readonly string[];
}

export interface SearchIndex {
  readonly size: number;
  /** Entry positions in rank order; all entries (by name) for an empty query. */
  search(text: string): Int32Array;
  keyAt(position: number): string;
}

const SPLIT = "[^A-Za-z\\d'&]+";
const exact = new uFuzzy({ interSplit: SPLIT });
const tolerant = new uFuzzy({ intraMode: 1, intraIns: 1, intraSub: 1, intraTrn: 1, intraDel: 1, interSplit: SPLIT });
/** Fewer exact matches than this, and typos are looked for too. */
const FEW = 20;

export function buildSearchIndex(entries: readonly IndexEntry[]): SearchIndex {
  // Plain string order on folded names (then key): fast to build, and what a reader expects.
  const folded = entries.map((entry) => foldForSearch(entry.name));
  const order = Int32Array.from(entries.keys()).sort((a, b) => {
    const [left, right] = [folded[a]!, folded[b]!];
    if (left !== right) return left < right ? -1 : 1;
    const [leftKey, rightKey] = [entries[a]!.debtorKey, entries[b]!.debtorKey];
    return leftKey < rightKey ? -1 : leftKey > rightKey ? 1 : 0;
  });
  const ordered = Array.from(order, (index) => entries[index]!);
  const keys = ordered.map((entry) => entry.debtorKey);
  const nameFolded = Array.from(order, (index) => folded[index]!);
  const nicknamesFolded = ordered.map((entry) => entry.nicknames.map(foldForSearch));
  // One line per debtor: what a user may type to find it.
  const haystack = ordered.map((entry, position) =>
    [nameFolded[position], ...nicknamesFolded[position]!, entry.debtorKey.toLowerCase()].join(' · '),
  );
  const byKey = new Map(keys.map((key, position) => [key.toUpperCase(), position]));
  const everything = Int32Array.from(keys.keys());

  // One- and two-character needles match by prefix only. Names are sorted, so their matches are one
  // contiguous range found by binary search; nicknames get a sorted list of their own.
  const nicknameList = nicknamesFolded
    .flatMap((nicknames, position) => nicknames.map((nickname) => [nickname, position] as const))
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const nicknameTexts = nicknameList.map(([nickname]) => nickname);
  const prefixMatches = (prefix: string): number[] => {
    const [from, to] = prefixRange(nameFolded, prefix);
    const byName = Array.from({ length: to - from }, (_, offset) => from + offset);
    const [nickFrom, nickTo] = prefixRange(nicknameTexts, prefix);
    if (nickFrom === nickTo) return byName;
    const inNames = (position: number) => position >= from && position < to;
    const byNickname = [...new Set(nicknameList.slice(nickFrom, nickTo).map(([, position]) => position))].filter(
      (position) => !inNames(position),
    );
    return [...byName, ...byNickname].sort((a, b) => a - b);
  };

  let previous: { needle: string; matches: number[] } | null = null;
  // Typo-tolerant matches of recent needles. A needle's whole words bound what any longer needle
  // can match ("acme" bounds "acme foods"), but a growing last word may not: uFuzzy tolerates
  // typos only in longer words, so "fod" can miss what "fods" finds.
  const tolerantMatches = new Map<string, number[]>();
  const tolerantBound = (needle: string): number[] | undefined => {
    const words = needle.split(/\s+/);
    for (let count = words.length - 1; count > 0; count--) {
      const bound = tolerantMatches.get(words.slice(0, count).join(' '));
      if (bound) return bound;
    }
    return undefined;
  };

  function matchesOf(needle: string, isKey: boolean): number[] {
    // CJK words are one or two characters long: only Latin-like needles this short mean a prefix.
    if (needle.length <= 2 && isPlainFolded(needle)) return prefixMatches(needle);
    // Typing on (more letters or another word): the new matches are among the previous ones.
    const narrowed = previous && needle.startsWith(previous.needle) ? previous.matches : undefined;
    if (!isPlainFolded(needle)) {
      const found = containing(haystack, needle, narrowed);
      previous = { needle, matches: found };
      return found;
    }
    let found = exact.filter(haystack, needle, narrowed) ?? [];
    if (found.length === 0 && /\s/.test(needle)) {
      // Words in another order ("foods acme").
      const [permuted] = exact.search(haystack, needle, 1, 0);
      found = [...(permuted ?? [])].sort((a, b) => a - b);
    }
    // A typed debtor key wants that debtor, not near-misses of it.
    const withTypos = found.length < FEW && needle.length >= 4 && !isKey;
    if (withTypos) {
      const loose = tolerant.filter(haystack, needle, tolerantBound(needle)) ?? [];
      if (tolerantMatches.size > 64) tolerantMatches.clear();
      tolerantMatches.set(needle.split(/\s+/).join(' '), loose);
      const seen = new Set(found);
      found = [...found, ...loose.filter((position) => !seen.has(position))].sort((a, b) => a - b);
    }
    previous = { needle, matches: found };
    return found;
  }

  return {
    size: keys.length,
    keyAt: (position) => keys[position]!,
    search(text) {
      const typed = text.trim();
      if (typed === '') return everything;
      const needle = foldForSearch(typed);
      const exactKey = byKey.get(typed.toUpperCase());
      const byName: number[] = [];
      const byNickname: number[] = [];
      const rest: number[] = [];
      for (const position of matchesOf(needle, exactKey !== undefined)) {
        if (position === exactKey) continue;
        if (nameFolded[position]!.startsWith(needle)) byName.push(position);
        else if (nicknamesFolded[position]!.some((nickname) => nickname.startsWith(needle))) byNickname.push(position);
        else rest.push(position);
      }
      const ranked = new Int32Array((exactKey === undefined ? 0 : 1) + byName.length + byNickname.length + rest.length);
      let at = 0;
      if (exactKey !== undefined) ranked[at++] = exactKey;
      for (const tier of [byName, byNickname, rest]) for (const position of tier) ranked[at++] = position;
      return ranked;
    },
  };
}

/** Positions (ascending) whose line holds the needle as typed: for scripts without word typos. */
function containing(lines: readonly string[], needle: string, among: readonly number[] | undefined): number[] {
  const found: number[] = [];
  if (among) {
    for (const position of among) if (lines[position]!.includes(needle)) found.push(position);
  } else {
    for (let position = 0; position < lines.length; position++) if (lines[position]!.includes(needle)) found.push(position);
  }
  return found;
}

/** The half-open range of a sorted list whose entries start with `prefix`. */
function prefixRange(sorted: readonly string[], prefix: string): [number, number] {
  const lowerBound = (target: string) => {
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (sorted[middle]! < target) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  return [lowerBound(prefix), lowerBound(`${prefix}\uffff`)];
}
