/**
 * Debtors' nicknames, folded, in line order: one flat list with where each line's nicknames start
 * (a million debtors, no array per debtor), and for one- and two-letter prefixes the lines that
 * have a nickname starting so — the only prefixes a search looks up without the word index.
 */
import { listsInLineOrder } from './flat-lists.ts';
import { isPlainFolded } from './fold-text.ts';

export interface NicknameTable {
  readonly texts: readonly string[];
  /** Where line n's nicknames are in `texts`: from start[n] to start[n + 1]. */
  readonly start: Int32Array;
  /** Lines (ascending, maybe repeated) with a nickname starting with a one- or two-letter prefix. */
  linesStartingWith(prefix: string): Int32Array;
  /** True when one of the line's nicknames starts with `prefix`. */
  lineStartsWith(line: number, prefix: string): boolean;
}

export const SHORT_PREFIX = 2;

/** Short prefixes are looked up by their (ASCII) letters: one bucket per one or two letters. */
const oneLetter = (first: number) => first;
const twoLetters = (first: number, second: number) => 128 + first * 128 + second;
const bucketOf = (prefix: string) =>
  prefix.length === 1 ? oneLetter(prefix.charCodeAt(0)) : twoLetters(prefix.charCodeAt(0), prefix.charCodeAt(1));
const BUCKETS = twoLetters(128, 0);

/** What the table is made of, kept in a file as it is (index-snapshot.ts). */
export interface NicknameTables {
  texts: string[];
  start: Int32Array;
  /** Bucket n's lines are bucketLines[bucketStart[n]] to bucketLines[bucketStart[n + 1]]. */
  bucketStart: Int32Array;
  bucketLines: Int32Array;
}

export function buildNicknameTable(
  nicknamesOfLine: readonly (readonly string[])[],
  fold: (text: string) => string,
): NicknameTable {
  return nicknameTableOver(nicknameTablesOf(foldNicknames(nicknamesOfLine, fold)));
}

/** Every nickname folded, flat, with its one- and two-letter buckets (−1: none). */
export interface FoldedNicknames {
  texts: string[];
  /** Where each list's nicknames are in `texts`. */
  start: Int32Array;
  /** Two per nickname. */
  buckets: Int32Array;
}

/**
 * Folds the nicknames in the order given: for the index, the order they were received in, which is
 * where they lie in memory (read in name order instead, a million debtors' nicknames took three
 * times as long, each read a cache miss).
 */
export function foldNicknames(nicknamesOf: readonly (readonly string[])[], fold: (text: string) => string): FoldedNicknames {
  let count = 0;
  for (const nicknames of nicknamesOf) count += nicknames.length;
  const texts = new Array<string>(count);
  const start = new Int32Array(nicknamesOf.length + 1);
  const buckets = new Int32Array(count * 2).fill(-1);
  for (let list = 0, at = 0; list < nicknamesOf.length; list++) {
    for (const nickname of nicknamesOf[list]!) {
      const folded = fold(nickname);
      texts[at] = folded;
      const first = folded.charCodeAt(0);
      const second = folded.charCodeAt(1);
      if (first < 128) buckets[2 * at] = oneLetter(first);
      if (first < 128 && second < 128) buckets[2 * at + 1] = twoLetters(first, second);
      at++;
    }
    start[list + 1] = at;
  }
  return { texts, start, buckets };
}

/** The table in line order: `order[line]` is the list of that line (none: the lists are the lines). */
export function nicknameTablesOf(folded: FoldedNicknames, order?: Int32Array): NicknameTables {
  const { texts, start, buckets: bucketsOf } = order ? inLineOrder(folded, order) : folded;
  const lineCount = start.length - 1;
  // Counted first and then filled: flat arrays, not a growing array per bucket (a million
  // debtors' worth of those kept the collector busy).
  const bucketStart = new Int32Array(BUCKETS + 1);
  for (const bucket of bucketsOf) if (bucket >= 0) bucketStart[bucket + 1] = bucketStart[bucket + 1]! + 1;
  for (let bucket = 0; bucket < BUCKETS; bucket++) bucketStart[bucket + 1] = bucketStart[bucket + 1]! + bucketStart[bucket]!;
  const bucketLines = new Int32Array(bucketStart[BUCKETS]!);
  const filled = bucketStart.slice(0, BUCKETS);
  for (let line = 0; line < lineCount; line++) {
    for (let slot = 2 * start[line]!; slot < 2 * start[line + 1]!; slot++) {
      const bucket = bucketsOf[slot]!;
      if (bucket < 0) continue;
      bucketLines[filled[bucket]!] = line;
      filled[bucket] = filled[bucket]! + 1;
    }
  }
  return { texts, start, bucketStart, bucketLines };
}

/** The folded nicknames moved into line order: references and numbers copied, no text read. */
function inLineOrder(folded: FoldedNicknames, order: Int32Array): FoldedNicknames {
  const texts = new Array<string>(folded.texts.length);
  const buckets = new Int32Array(folded.buckets.length);
  const start = listsInLineOrder(folded.start, order, (from, to) => {
    texts[to] = folded.texts[from]!;
    buckets[2 * to] = folded.buckets[2 * from]!;
    buckets[2 * to + 1] = folded.buckets[2 * from + 1]!;
  });
  return { texts, start, buckets };
}

/** How many entries `bucketStart` has: one per one- or two-letter bucket, and the end. */
export const NICKNAME_BUCKET_STARTS = BUCKETS + 1;

export function nicknameTableOver({ texts, start, bucketStart, bucketLines }: NicknameTables): NicknameTable {
  const linesOf = (bucket: number) => bucketLines.subarray(bucketStart[bucket]!, bucketStart[bucket + 1]!);
  const none = new Int32Array(0);
  return {
    texts,
    start,
    linesStartingWith: (prefix) => (prefix.length > SHORT_PREFIX || !isPlainFolded(prefix) ? none : linesOf(bucketOf(prefix))),
    lineStartsWith(line, prefix) {
      for (let at = start[line]!; at < start[line + 1]!; at++) if (texts[at]!.startsWith(prefix)) return true;
      return false;
    },
  };
}
