/**
 * The search index as bytes, for the lookup's file (lookup-cache.ts): its typed arrays as they are
 * and its strings as one JSON text, so a morning's open reads the index back instead of building it
 * again (about 250 ms at 100,000 debtors, the most of the first search's wait). With it the names
 * and nicknames as the service spelled them, which the rows show before the rest of the file is read.
 *
 * Layout: the JSON's length (4 bytes), the JSON, padding to a multiple of 4, then the Int32 arrays
 * one after the other in the order of INT_ARRAYS. Written and read on the same computer: the
 * arrays are in its own byte order.
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
  /** Each array's number of entries, in the order of INT_ARRAYS. */
  lengths: number[];
}

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

/** The snapshot's bytes in pieces, the arrays' own bytes among them (not copied): to be written one after another. */
export function indexSnapshotPieces({ tables, names, nicknames }: IndexSnapshot): Buffer[] {
  const arrays = intArraysOf(tables);
  const text: SnapshotText = {
    names: tables.names,
    keys: tables.keys,
    nicknameTexts: tables.nicknames.texts,
    vocabulary: tables.words.text,
    spelledNames: names,
    spelledNicknames: nicknames,
    lengths: INT_ARRAYS.map((name) => arrays[name].length),
  };
  const json = Buffer.from(JSON.stringify(text), 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32LE(json.length);
  const padding = Buffer.alloc((4 - ((4 + json.length) % 4)) % 4);
  const bytesOf = (array: Int32Array) => Buffer.from(array.buffer, array.byteOffset, array.byteLength);
  return [length, json, padding, ...INT_ARRAYS.map((name) => bytesOf(arrays[name]))];
}

export const packIndexSnapshot = (snapshot: IndexSnapshot): Buffer => Buffer.concat(indexSnapshotPieces(snapshot));

/** Throws when the bytes do not hold an index of this version whose parts agree with each other. */
export function unpackIndexSnapshot(bytes: Buffer): IndexSnapshot {
  const jsonLength = bytes.readUInt32LE(0);
  const text = JSON.parse(bytes.toString('utf8', 4, 4 + jsonLength)) as SnapshotText;
  let offset = 4 + jsonLength + ((4 - ((4 + jsonLength) % 4)) % 4);
  const arrays = {} as Record<IntArrayName, Int32Array>;
  INT_ARRAYS.forEach((name, at) => {
    const count = text.lengths[at]!;
    // Copied out: the decrypted bytes need not start on a multiple of 4.
    arrays[name] = new Int32Array(bytes.buffer.slice(bytes.byteOffset + offset, bytes.byteOffset + offset + count * 4));
    offset += count * 4;
  });
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
  if (offset !== bytes.length || !agrees(snapshot)) throw new Error('The kept index does not hold together.');
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
