/**
 * The search index as bytes, for the lookup's file (lookup-cache.ts): its typed arrays as they are
 * and its strings as JSON, so a morning's open reads the index back instead of building it
 * again (about 250 ms at 100,000 debtors, the most of the first search's wait). With it the names
 * and nicknames as the service spelled them, which the rows show before the rest of the file is read.
 *
 * Layout: each Int32 array's number of entries (4 bytes each, in the order of INT_ARRAYS), the
 * arrays one after the other, then the JSON to the end. The JSON comes last so that it is written
 * in pieces, never made whole: at a million debtors it is over 50 MB of text, and its text and
 * bytes made at once were the highest point of the lookup's memory. Written and read on the same
 * computer: the numbers are in its own byte order.
 */
import { NICKNAME_BUCKET_STARTS } from './nickname-table.ts';
import type { IndexTables } from './search-index.ts';

export interface IndexSnapshot {
  tables: IndexTables;
  /** The names as the service spelled them, in line order. */
  names: string[];
  /** The nicknames as spelled, in the order of `tables.nicknames.texts`. */
  nicknames: string[];
}

const INT_ARRAYS = [
  'start',
  'bucketStart',
  'bucketLines',
  'wordStart',
  'lineStart',
  'lineWords',
  'postingStart',
  'postingLines',
] as const;
type IntArrayName = (typeof INT_ARRAYS)[number];

interface SnapshotText {
  names: string[];
  keys: string[];
  nicknameTexts: string[];
  vocabulary: string;
  spelledNames: string[];
  spelledNicknames: string[];
}

/** Strings made into JSON at a time: about 10 KB, collected young. */
const STRINGS_PER_PIECE = 500;

const intArraysOf = ({ nicknames, words }: IndexTables): Record<IntArrayName, Int32Array> => ({
  start: nicknames.start,
  bucketStart: nicknames.bucketStart,
  bucketLines: nicknames.bucketLines,
  wordStart: words.wordStart,
  lineStart: words.lineStart,
  lineWords: words.lineWords,
  postingStart: words.postingStart,
  postingLines: words.postingLines,
});

/**
 * The snapshot in pieces, to be written one after another: the arrays' numbers of entries, the
 * arrays' own bytes (not copied), then the JSON a few hundred strings at a time.
 */
export function* indexSnapshotPieces({ tables, names, nicknames }: IndexSnapshot): Generator<Buffer | string> {
  const arrays = intArraysOf(tables);
  yield Buffer.from(Int32Array.from(INT_ARRAYS, (name) => arrays[name].length).buffer);
  for (const name of INT_ARRAYS) yield Buffer.from(arrays[name].buffer, arrays[name].byteOffset, arrays[name].byteLength);
  const text: SnapshotText = {
    names: tables.names,
    keys: tables.keys,
    nicknameTexts: tables.nicknames.texts,
    vocabulary: tables.words.text,
    spelledNames: names,
    spelledNicknames: nicknames,
  };
  yield* jsonPieces(text);
}

/** `text` as JSON in pieces: its lists of strings a few hundred at a time, anything else whole. */
function* jsonPieces(text: SnapshotText): Generator<string> {
  let comma = '';
  for (const [field, value] of Object.entries(text)) {
    yield `${comma || '{'}${JSON.stringify(field)}:`;
    comma = ',';
    if (!Array.isArray(value)) {
      yield JSON.stringify(value);
      continue;
    }
    yield '[';
    for (let from = 0; from < value.length; from += STRINGS_PER_PIECE)
      yield `${from > 0 ? ',' : ''}${JSON.stringify(value.slice(from, from + STRINGS_PER_PIECE)).slice(1, -1)}`;
    yield ']';
  }
  yield comma ? '}' : '{}';
}

/** Throws when the bytes do not hold an index of this version whose parts agree with each other. */
export function unpackIndexSnapshot(bytes: Buffer): IndexSnapshot {
  const countsLength = INT_ARRAYS.length * 4;
  if (bytes.length < countsLength) throw new Error('The kept index is cut short.');
  // Copied out: the decrypted bytes need not start on a multiple of 4.
  const counts = new Int32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + countsLength));
  let offset = countsLength;
  const arrays = {} as Record<IntArrayName, Int32Array>;
  INT_ARRAYS.forEach((name, at) => {
    const count = counts[at]!;
    if (count < 0 || offset + count * 4 > bytes.length) throw new Error('The kept index is cut short.');
    arrays[name] = new Int32Array(bytes.buffer.slice(bytes.byteOffset + offset, bytes.byteOffset + offset + count * 4));
    offset += count * 4;
  });
  const text = JSON.parse(bytes.toString('utf8', offset)) as SnapshotText;
  const tables: IndexTables = {
    names: text.names,
    keys: text.keys,
    nicknames: {
      texts: text.nicknameTexts,
      start: arrays.start,
      bucketStart: arrays.bucketStart,
      bucketLines: arrays.bucketLines,
    },
    words: {
      text: text.vocabulary,
      wordStart: arrays.wordStart,
      lineStart: arrays.lineStart,
      lineWords: arrays.lineWords,
      postingStart: arrays.postingStart,
      postingLines: arrays.postingLines,
    },
  };
  const snapshot = { tables, names: text.spelledNames, nicknames: text.spelledNicknames };
  if (!agrees(snapshot)) throw new Error('The kept index does not hold together.');
  return snapshot;
}

/** The parts' sizes fit each other (a file of another version, or cut short, does not). */
function agrees({ tables, names, nicknames }: IndexSnapshot): boolean {
  const lines = tables.keys.length;
  const last = (array: Int32Array) => array[array.length - 1];
  const { start, bucketStart, bucketLines, texts } = tables.nicknames;
  const { wordStart, lineStart, lineWords, postingStart, postingLines, text } = tables.words;
  return (
    [tables.names, names].every((list) => Array.isArray(list) && list.length === lines) &&
    Array.isArray(texts) &&
    Array.isArray(nicknames) &&
    start.length === lines + 1 &&
    last(start) === texts.length &&
    nicknames.length === texts.length &&
    bucketStart.length === NICKNAME_BUCKET_STARTS &&
    last(bucketStart) === bucketLines.length &&
    lineStart.length === lines + 1 &&
    last(lineStart) === lineWords.length &&
    postingStart.length === wordStart.length &&
    last(postingStart) === postingLines.length &&
    typeof text === 'string' &&
    last(wordStart) === text.length
  );
}
