/**
 * Search over debtor names, nicknames and keys, as you type: every word typed must be found in a
 * word of the name or a nickname (anywhere in it: "cme" finds "Acme"), in any order; a word of four
 * letters or more may carry one slip when exact matches are few; a word with a digit is also looked
 * for in the debtor keys. Ranked: the exact key first, then names that start with what was typed,
 * then nicknames that do, then the rest. Entries are kept in name order, so every tier is already
 * sorted: one pass, no sorting of results.
 *
 * Fast for every keystroke (see docs/benchmarks.md): terms are looked up in the vocabulary of
 * distinct words (word-index.ts), not in 100k lines; the rarest term picks the candidate lines and
 * the others are checked on those lines only. One or two letters match by prefix: a range of the
 * sorted names found by binary search, and the nicknames filed under their first one and two
 * letters (nickname-table.ts). Names and needles are folded first (fold-text.ts):
 * case and accents never matter; other scripts (CJK, Arabic, Cyrillic) match as typed.
 */
import { foldForSearch, isPlainFolded } from './fold-text.ts';
import { buildKeyText } from './key-text.ts';
import { LineSets } from './line-sets.ts';
import { orderByText } from './name-order.ts';
import { foldNicknames, nicknameTableOver, nicknameTablesOf, SHORT_PREFIX, type NicknameTables } from './nickname-table.ts';
import { rankBy } from './search-ranking.ts';
import { prefixRange, holds } from './sorted-search.ts';
import { buildWordTables, wordIndexOver, wordsOf, type WordTables } from './word-index.ts';

export interface IndexEntry {
  debtorKey: string;
  name: string;
  nicknames: readonly string[];
}

/** What an index is made of: kept in the lookup's file as it is, so a morning's open need not build it (index-snapshot.ts). */
export interface IndexTables {
  /** Folded names in name order: line n is the debtor at position n. */
  names: string[];
  keys: string[];
  nicknames: NicknameTables;
  words: WordTables;
}

export interface SearchIndex {
  readonly size: number;
  readonly tables: IndexTables;
  /** Entry positions in rank order; all entries (by name) for an empty query. */
  search(text: string): Int32Array;
  /** For a search that found nothing: the typed words with each unknown one replaced by the closest known word, or null. */
  suggest(text: string): string | null;
  keyAt(position: number): string;
}

/** Fewer exact matches than this, and typos are looked for too. */
const FEW = 20;
/** Shorter words are never taken for typos: too many words are one slip from "ace". */
const TYPO_LENGTH = 4;
const HAS_DIGIT = /\d/;

/** The entries as three lists, entry n at place n in each: a million debtors without an object each. */
export interface IndexColumns {
  keys: readonly string[];
  names: readonly string[];
  nicknames: ReadonlyArray<readonly string[]>;
}

export const buildSearchIndex = (entries: readonly IndexEntry[]): SearchIndex =>
  buildSearchIndexFrom({
    keys: entries.map((entry) => entry.debtorKey),
    names: entries.map((entry) => entry.name),
    nicknames: entries.map((entry) => entry.nicknames),
  });

export const buildSearchIndexFrom = (columns: IndexColumns): SearchIndex => searchIndexOver(buildIndexTablesFrom(columns));

function buildIndexTablesFrom(columns: IndexColumns): IndexTables {
  // Texts are read in the order the entries came, where they lie in memory, and only references
  // and numbers are moved into name order (reading them in name order, each a cache miss, took
  // a million debtors' build a second longer).
  const folded = columns.names.map((name) => foldForSearch(name));
  const keysOfEntry = columns.keys;
  const foldedNicknames = foldNicknames(columns.nicknames, foldForSearch);
  const order = orderByText(folded, keysOfEntry);
  // From here on a debtor is its line: its position in name order.
  const names: string[] = [];
  const keys: string[] = [];
  for (const entry of order) {
    names.push(folded[entry]!);
    keys.push(keysOfEntry[entry]!);
  }
  const words = buildWordTables(
    keysOfEntry.length,
    (entry, visit) => {
      visit(folded[entry]!);
      for (let at = foldedNicknames.start[entry]!; at < foldedNicknames.start[entry + 1]!; at++)
        visit(foldedNicknames.texts[at]!);
    },
    order,
  );
  return { names, keys, nicknames: nicknameTablesOf(foldedNicknames, order), words };
}

// Over 80 lines on purpose: the index's tables read by small closures (the longest 14 lines).
export function searchIndexOver(tables: IndexTables): SearchIndex {
  const { names, keys } = tables;
  const nicknames = nicknameTableOver(tables.nicknames);
  const words = wordIndexOver(tables.words);
  const keyText = buildKeyText(keys);
  const everything = Int32Array.from(keys.keys());
  const lines = new LineSets(keys.length);
  const rank = rankBy(names, nicknames);

  /** One- and two-letter needles: names and nicknames that start with them. */
  const prefixMatches = (prefix: string): Int32Array => {
    const [from, to] = prefixRange(names, prefix);
    lines.flags.fill(1, from, to);
    for (const line of nicknames.linesStartingWith(prefix)) lines.flags[line] = 1;
    return lines.collect(() => true);
  };

  /** What a term matches: words holding it, and for a term with a digit the lines whose key holds it. */
  const matcherOf = (term: string) => ({
    term,
    words: words.wordsMatching(term),
    keyLines: HAS_DIGIT.test(term) ? keyText.containing(term) : null,
  });
  type Matcher = ReturnType<typeof matcherOf>;

  /** Lines that every matcher matches: the rarest flags its lines, the others are checked on those. */
  function linesMatchingAll(matchers: readonly Matcher[]): Int32Array {
    const cost = (matcher: Matcher) => words.linesEstimate(matcher.words) + (matcher.keyLines?.length ?? 0);
    const rarest = matchers.reduce((best, matcher) => (cost(matcher) < cost(best) ? matcher : best));
    words.flagLines(rarest.words, lines.flags);
    for (const line of rarest.keyLines ?? []) lines.flags[line] = 1;
    const others = matchers.filter((matcher) => matcher !== rarest);
    return lines.collect((line) => {
      for (const matcher of others) {
        if (!words.lineHas(line, matcher.words) && !(matcher.keyLines !== null && holds(matcher.keyLines, line))) return false;
      }
      return true;
    });
  }

  function matchesOf(needle: string, isKey: boolean): Int32Array {
    // CJK words are one or two characters long: only Latin-like needles this short mean a prefix.
    if (needle.length <= SHORT_PREFIX && isPlainFolded(needle)) return prefixMatches(needle);
    const terms = [...new Set(wordsOf(needle))];
    if (terms.length === 0) return new Int32Array(0);
    const matchers = terms.map(matcherOf);
    const found = linesMatchingAll(matchers);
    // A typed debtor key wants that debtor, not near-misses of it.
    if (found.length >= FEW || needle.length < TYPO_LENGTH || isKey) return found;
    // Few matches: words long enough to carry a slip also match the words they are one slip from.
    for (const { term, words: marks } of matchers) {
      if (term.length >= TYPO_LENGTH && isPlainFolded(term) && !HAS_DIGIT.test(term)) words.markNearWords(term, marks);
    }
    return linesMatchingAll(matchers);
  }

  return {
    size: keys.length,
    tables,
    keyAt: (position) => keys[position]!,
    suggest(text) {
      const terms = wordsOf(foldForSearch(text.trim()));
      let changed = false;
      const suggested = terms.map((term) => {
        if (term.length < TYPO_LENGTH || HAS_DIGIT.test(term) || words.wordsMatching(term).includes(1)) return term;
        const closest = words.closest(term);
        if (closest === null) return term;
        changed = true;
        return closest;
      });
      return changed ? suggested.join(' ') : null;
    },
    search(text) {
      const typed = text.trim();
      if (typed === '') return everything;
      const needle = foldForSearch(typed);
      // Keys are looked up whole only when they could be one: a single word with a digit.
      const exactKey = HAS_DIGIT.test(typed) && !/\s/.test(typed) ? keyText.exact(typed) : undefined;
      return rank(matchesOf(needle, exactKey !== undefined), needle, exactKey);
    },
  };
}
