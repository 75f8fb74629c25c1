/**
 * Debtors' nicknames, folded, in line order: one flat list with where each line's nicknames start
 * (a million debtors, no array per debtor), and for one- and two-letter prefixes the lines that
 * have a nickname starting so — the only prefixes a search looks up without the word index.
 */
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

export function buildNicknameTable(
  nicknamesOfLine: readonly (readonly string[])[],
  fold: (text: string) => string,
): NicknameTable {
  const texts: string[] = [];
  const start = new Int32Array(nicknamesOfLine.length + 1);
  const buckets: number[][] = [];
  const file = (bucket: number, line: number) => (buckets[bucket] ??= []).push(line);
  for (let line = 0; line < nicknamesOfLine.length; line++) {
    for (const nickname of nicknamesOfLine[line]!) {
      const folded = fold(nickname);
      texts.push(folded);
      const [first, second] = [folded.charCodeAt(0), folded.charCodeAt(1)];
      if (first < 128) file(oneLetter(first), line);
      if (first < 128 && second < 128) file(twoLetters(first, second), line);
    }
    start[line + 1] = texts.length;
  }
  const linesOf = Array.from({ length: BUCKETS }, (_, bucket) => Int32Array.from(buckets[bucket] ?? []));
  const none = new Int32Array(0);
  return {
    texts,
    start,
    linesStartingWith: (prefix) => (prefix.length > SHORT_PREFIX || !isPlainFolded(prefix) ? none : linesOf[bucketOf(prefix)]!),
    lineStartsWith(line, prefix) {
      for (let at = start[line]!; at < start[line + 1]!; at++) if (texts[at]!.startsWith(prefix)) return true;
      return false;
    },
  };
}
