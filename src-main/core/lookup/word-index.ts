/**
 * The words of every debtor line (folded name and nicknames), each distinct word once: a search
 * term is looked for in the vocabulary — far shorter than the lines, as names share their words —
 * and the lines come from the matching words' posting lists. The vocabulary is one string with
 * offsets, so finding a term is `indexOf` over it and a typo scan reads it in place.
 */
import { isNearPrefix } from './near-prefix.ts';
import { grown, listsInLineOrder } from './flat-lists.ts';
import { Vocabulary, WORD_HASH_START, wordHashStep } from './vocabulary.ts';

export interface WordIndex {
  readonly lineCount: number;
  /** Marks (1) the words that hold `term`. */
  wordsMatching(term: string): Uint8Array;
  /** Also marks the words that `term` is one slip from the start of. */
  markNearWords(term: string, marks: Uint8Array): void;
  /** How many lines hold at least one of the marked words, counted with repeats: a cost estimate. */
  linesEstimate(words: Uint8Array): number;
  /** Sets `flags[line] = 1` for each line holding a marked word. */
  flagLines(words: Uint8Array, flags: Uint8Array): void;
  /** True when the line holds a marked word. */
  lineHas(line: number, words: Uint8Array): boolean;
  /** The word of the vocabulary closest to `term` within two edits (fewest edits, then most lines), or null. */
  closest(term: string): string | null;
}

/** Edits (insert, delete, replace, swap of two neighbours) from `a` to `b`, or `limit + 1` once past `limit`. */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, at) => at);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2]! + 1);
      row.push(value);
      best = Math.min(best, value);
    }
    if (best > limit) return limit + 1;
    [before, previous] = [previous, row];
  }
  return previous[b.length]!;
}

/** A term's characters: letters, digits and marks of every script, apostrophe and ampersand. */
const WORD_CODE = new Uint8Array(65_536);
for (let code = 0; code < 65_536; code++) {
  const char = String.fromCharCode(code);
  WORD_CODE[code] = /[\p{L}\p{N}\p{M}'&]/u.test(char) || (code >= 0xd800 && code <= 0xdfff) ? 1 : 0;
}

/** Calls `visit` with each word of a folded text, in order. */
export function forEachWord(folded: string, visit: (word: string) => void): void {
  let start = -1;
  for (let at = 0; at <= folded.length; at++) {
    const inWord = at < folded.length && WORD_CODE[folded.charCodeAt(at)] === 1;
    if (inWord && start < 0) start = at;
    else if (!inWord && start >= 0) {
      visit(folded.slice(start, at));
      start = -1;
    }
  }
}

/** The words of a folded text, in order. */
export function wordsOf(folded: string): string[] {
  const words: string[] = [];
  forEachWord(folded, (word) => words.push(word));
  return words;
}

/** What the index is made of: typed arrays and one string, so it can be kept in a file as it is (index-snapshot.ts). */
export interface WordTables {
  /** The vocabulary: every distinct word followed by a newline, in id order. */
  text: string;
  /** Where word n starts in `text`; one more entry than words. */
  wordStart: Int32Array;
  /** Line n's word ids are lineWords[lineStart[n]] to lineWords[lineStart[n + 1]]. */
  lineStart: Int32Array;
  lineWords: Int32Array;
  /** Word n's lines (ascending) are postingLines[postingStart[n]] to postingLines[postingStart[n + 1]]. */
  postingStart: Int32Array;
  postingLines: Int32Array;
}

/**
 * `textsOf(item, visit)` calls `visit` with each folded text of an item (name, nicknames). Items
 * are read in their own order — for the index, the order received, where their texts lie in
 * memory — and their words then moved into line order (`order[line]` = item).
 */
export function buildWordTables(
  count: number,
  textsOf: (item: number, visit: (text: string) => void) => void,
  order: Int32Array,
): WordTables {
  const collected = collectWords(count, textsOf);
  const { vocabulary } = collected;
  const { lineStart, lineWords } = wordsInLineOrder(collected, order);
  const postings = invert(lineStart, lineWords, vocabulary.size);
  const { text, wordStart } = vocabularyText(vocabulary);
  return { text, wordStart, lineStart, lineWords, postingStart: postings.start, postingLines: postings.lines };
}

export function wordIndexOver(tables: WordTables): WordIndex {
  const { text, wordStart, lineStart, lineWords } = tables;
  const postings = { start: tables.postingStart, lines: tables.postingLines };
  const vocabulary = { size: wordStart.length - 1 };
  return {
    lineCount: lineStart.length - 1,
    wordsMatching(term) {
      const marks = new Uint8Array(vocabulary.size);
      for (let from = 0, word = 0; ;) {
        const at = text.indexOf(term, from);
        if (at < 0) break;
        while (wordStart[word + 1]! <= at) word++;
        marks[word] = 1;
        from = wordStart[word + 1]!;
      }
      return marks;
    },
    markNearWords(term, marks) {
      for (let word = 0; word < vocabulary.size; word++) {
        if (marks[word] === 0 && isNearPrefix(term, text, wordStart[word]!, wordStart[word + 1]! - 1)) marks[word] = 1;
      }
    },
    linesEstimate(words) {
      let count = 0;
      for (let word = 0; word < words.length; word++) if (words[word]) count += postings.start[word + 1]! - postings.start[word]!;
      return count;
    },
    flagLines(words, flags) {
      for (let word = 0; word < words.length; word++) {
        if (!words[word]) continue;
        for (let at = postings.start[word]!; at < postings.start[word + 1]!; at++) flags[postings.lines[at]!] = 1;
      }
    },
    lineHas(line, words) {
      for (let at = lineStart[line]!; at < lineStart[line + 1]!; at++) if (words[lineWords[at]!]) return true;
      return false;
    },
    closest(term) {
      let found: { word: string; edits: number; lines: number } | null = null;
      for (let word = 0; word < vocabulary.size; word++) {
        const candidate = text.slice(wordStart[word]!, wordStart[word + 1]! - 1);
        const edits = editDistance(term, candidate, found?.edits ?? 2);
        if (edits > 2 || (found && edits > found.edits)) continue;
        const lines = postings.start[word + 1]! - postings.start[word]!;
        if (!found || edits < found.edits || lines > found.lines) found = { word: candidate, edits, lines };
      }
      return found?.word ?? null;
    },
  };
}

/** Each line's distinct word ids (as offsets into one flat array), and the ids of the words. */
function collectWords(lineCount: number, textsOf: (line: number, visit: (text: string) => void) => void) {
  const vocabulary = new Vocabulary();
  const lineStart = new Int32Array(lineCount + 1);
  // Room for five words a line, grown by a quarter when more come, and handed on as a view (the
  // caller copies it into line order): typed arrays' memory lies outside V8's heap, and each 64 MB
  // of it allocated has V8 collect the whole heap at once. At a million debtors this array's
  // doublings and final copy were 67 MB of the build's 178 and took it to two such collections
  // (4.4 s); now 20 MB of 131, one collection (3.8 s).
  let lineWords: Int32Array = new Int32Array(Math.max(16, lineCount * 5));
  let used = 0;
  let lineBegins = 0;
  // forEachWord's scan, with the word's hash taken as its letters are read (vocabulary.ts).
  const addText = (text: string) => {
    let start = -1;
    let hash = WORD_HASH_START;
    for (let at = 0; at <= text.length; at++) {
      const code = at < text.length ? text.charCodeAt(at) : 0;
      if (at < text.length && WORD_CODE[code] === 1) {
        if (start < 0) {
          start = at;
          hash = WORD_HASH_START;
        }
        hash = wordHashStep(hash, code);
        continue;
      }
      if (start < 0) continue;
      const id = vocabulary.idOf(text, start, at, hash);
      start = -1;
      if (holdsBetween(lineWords, lineBegins, used, id)) continue;
      if (used === lineWords.length) lineWords = grown(lineWords, 1.25);
      lineWords[used++] = id;
    }
  };
  for (let line = 0; line < lineCount; line++) {
    lineBegins = used;
    textsOf(line, addText);
    lineStart[line + 1] = used;
  }
  return { vocabulary, lineStart, lineWords: lineWords.subarray(0, used) };
}

/** Each item's word ids moved to its line: numbers copied. */
function wordsInLineOrder(items: { lineStart: Int32Array; lineWords: Int32Array }, order: Int32Array) {
  const lineWords = new Int32Array(items.lineWords.length);
  const lineStart = listsInLineOrder(items.lineStart, order, (from, to) => (lineWords[to] = items.lineWords[from]!));
  return { lineStart, lineWords };
}

/** The words, in id order, as one string with a newline after each, and where each starts. */
function vocabularyText({ words }: Vocabulary) {
  // Each word ends with a line break; no words, no text (an empty index read back must agree with itself).
  const text = words.length === 0 ? '' : `${words.join('\n')}\n`;
  const wordStart = new Int32Array(words.length + 1);
  for (let id = 0; id < words.length; id++) wordStart[id + 1] = wordStart[id]! + words[id]!.length + 1;
  return { text, wordStart };
}

/** True when `array` holds `value` between `from` and `to` (a line's few words: a plain scan). */
function holdsBetween(array: Int32Array, from: number, to: number, value: number): boolean {
  for (let at = from; at < to; at++) if (array[at] === value) return true;
  return false;
}

/** Line → words turned into word → lines (ascending), both as offsets into one flat array. */
function invert(lineStart: Int32Array, lineWords: Int32Array, wordCount: number) {
  const start = new Int32Array(wordCount + 1);
  for (let at = 0; at < lineWords.length; at++) start[lineWords[at]! + 1] = start[lineWords[at]! + 1]! + 1;
  for (let word = 0; word < wordCount; word++) start[word + 1] = start[word + 1]! + start[word]!;
  const next = start.slice(0, wordCount);
  const lines = new Int32Array(lineWords.length);
  for (let line = 0; line + 1 < lineStart.length; line++) {
    for (let at = lineStart[line]!; at < lineStart[line + 1]!; at++) {
      const word = lineWords[at]!;
      lines[next[word]!] = line;
      next[word] = next[word]! + 1;
    }
  }
  return { start, lines };
}
