/**
 * The lookup's lists kept on disk between runs, so that the morning's first open is a delta, not a
 * full load: one file per environment, AES-256-GCM with a key the vault keeps (encrypted by the
 * operating system: safeStorage), bound to the environment's id and debtors address. A file that
 * cannot be used — damaged, written for another environment, too old, or sealed with a key this
 * user can no longer read — is not used, and why is said (the lookup then loads afresh).
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { closeSync, openSync, readSync, renameSync, rmSync, writeSync } from 'node:fs';
import type { ResourceName } from '../../shared/domain/lookup.ts';
import type { LookupCacheProblem } from '../../shared/domain/lookup.ts';
import { PRIVATE_FILE, temporaryPathOf } from '../util/text-file.ts';
import { indexSnapshotPieces, unpackIndexSnapshot, type IndexSnapshot } from './index-snapshot.ts';
import type { LookupRecord } from './lookup-data.ts';
import type { ListValidator } from '../api/debtors-client.ts';

/** Older than this, the lists are loaded whole again (a delta over weeks may miss removals). */
export const CACHE_MAX_AGE_MS = 7 * 24 * 3_600_000;
const MAGIC = 'TCLC4';
/** Files an earlier version wrote: not a problem to tell, just loaded afresh (and written anew). */
const EARLIER = /^TCLC\d+$/;

/**
 * What is kept, in two parts sealed apart: the search index (with every debtor's key and name, and
 * the nicknames) first — 16 MB at 100,000 debtors, a fifth of the file — so the search answers from
 * it while the rest — every list whole, and where each next delta starts — is still being read.
 */
export interface CachedRest {
  syncedAt: number;
  nicknamesAt: number;
  newestOf: Array<[string, string]>;
  /** Validators (ETag, Last-Modified) of the lists without a filter, to ask for them conditionally. */
  validators?: Array<[string, ListValidator]>;
  data: Partial<Record<ResourceName, LookupRecord[]>>;
}
export interface CachedLists extends CachedRest {
  savedAt: number;
  index: IndexSnapshot;
}

/** A cache file opened: its index at once, the rest when asked (throws when that part is damaged). */
export interface OpenedCache {
  index: IndexSnapshot;
  rest(): CachedRest;
}

export type CacheRead = { opened: OpenedCache } | { problem: LookupCacheProblem } | null;

export interface LookupCache {
  read(now: number): CacheRead;
  /** Resolves once the file is written; the work is done in turns, so the thread answers meanwhile. */
  write(lists: CachedLists): Promise<void>;
}

/** Where and with what the worker keeps its cache (sent with its config; the key never reaches a window). */
export interface LookupCacheConfig {
  path: string;
  /** 32 bytes, base64. */
  key: string;
  /** What the cache is for: the environment's id and debtors address. */
  binding: string;
}

export const cacheBinding = (environment: { id: string; debtorsBaseUrl: string }) =>
  createHash('sha256').update(`${environment.id}\n${environment.debtorsBaseUrl}`).digest('hex');

/** A new key for the vault to keep. */
export const newCacheKey = () => randomBytes(32).toString('base64');

/** A sealed part as the header describes it. */
interface SealedPart {
  iv: string;
  tag: string;
  length: number;
}

/**
 * AES-256-GCM over text or bytes given in pieces, with its own iv; each sealed piece goes to
 * `write` at once (so a 200 MB list is never held twice more while it is written); `done` gives the
 * part's iv, tag and length.
 */
function sealer(key: Buffer, aad: string, write: (bytes: Buffer) => void) {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad));
  let length = 0;
  const out = (bytes: Buffer) => {
    length += bytes.length;
    if (bytes.length > 0) write(bytes);
  };
  return {
    put: (text: string | Buffer) => out(typeof text === 'string' ? cipher.update(text, 'utf8') : cipher.update(text)),
    done(): SealedPart {
      out(cipher.final());
      return { iv: iv.toString('base64'), tag: cipher.getAuthTag().toString('base64'), length };
    },
  };
}

/** Bytes sealed at a time: the sealed copy of a 100 MB index is never made whole. */
const SEALED_AT_A_TIME = 4 * 1024 * 1024;

const seal = (key: Buffer, aad: string, pieces: Iterable<Buffer | string>, write: (bytes: Buffer) => void) => {
  const sealing = sealer(key, aad, write);
  for (const piece of pieces) {
    if (typeof piece === 'string') sealing.put(piece);
    else
      for (let from = 0; from < piece.length; from += SEALED_AT_A_TIME)
        sealing.put(piece.subarray(from, from + SEALED_AT_A_TIME));
  }
  return sealing.done();
};

/** Records written per turn of the event loop: a search typed meanwhile waits for one chunk at most. */
const RECORDS_PER_TURN = 5_000;

/**
 * The lists whole, as JSON, sealed a chunk of records at a time with a turn of the event loop in
 * between: 70 MB at 100k debtors took the worker 0.8 s in one piece, during which no search was answered.
 */
async function sealInTurns(key: Buffer, aad: string, rest: CachedRest, write: (bytes: Buffer) => void) {
  const { put, done } = sealer(key, aad, write);
  const { data, ...small } = rest;
  const head = JSON.stringify(small);
  put(head === '{}' ? '{"data":{' : `${head.slice(0, -1)},"data":{`);
  const lists = Object.entries(data).filter(([, records]) => records !== undefined);
  for (const [at, [name, records]] of lists.entries()) {
    put(`${at > 0 ? ',' : ''}${JSON.stringify(name)}:[`);
    for (let from = 0; from < records!.length; from += RECORDS_PER_TURN) {
      const chunk = JSON.stringify(records!.slice(from, from + RECORDS_PER_TURN));
      put(`${from > 0 ? ',' : ''}${chunk.slice(1, -1)}`);
      await new Promise((resolve) => setImmediate(resolve));
    }
    put(']');
  }
  put('}}');
  return done();
}

/**
 * Room for the header line at the file's start: the parts are written after it as they are sealed,
 * and the header (their ivs, tags and lengths, known only then) last, padded with spaces to fill it.
 */
const HEADER_ROOM = 1024;

/**
 * The writes of each path in flight: one after another, as they share the path's temporary file
 * (two engines of one environment, after a quick switch away and back, may both write it).
 */
const writing = new Map<string, Promise<void>>();

function writeSealedFile(path: string, header: (parts: SealedPart[]) => Header, parts: SealParts): Promise<void> {
  const next = (writing.get(path) ?? Promise.resolve()).catch(() => {}).then(() => writeWhole(path, header, parts));
  writing.set(path, next);
  const forget = () => void (writing.get(path) === next && writing.delete(path));
  next.then(forget, forget);
  return next;
}

/** Writes the file by way of a temporary one: the header's room, the parts as they come, then the header. */
async function writeWhole(path: string, header: (parts: SealedPart[]) => Header, parts: SealParts): Promise<void> {
  const temporary = temporaryPathOf(path);
  const file = openSync(temporary, 'w', PRIVATE_FILE);
  let written = false;
  try {
    let position = HEADER_ROOM;
    const write = (bytes: Buffer) => {
      writeSync(file, bytes, 0, bytes.length, position);
      position += bytes.length;
    };
    const line = JSON.stringify(header(await parts(write)));
    if (Buffer.byteLength(line) >= HEADER_ROOM) throw new Error('The lookup cache header does not fit its room.');
    writeSync(file, `${line.padEnd(HEADER_ROOM - 1)}\n`, 0);
    written = true;
  } finally {
    closeSync(file);
    if (!written) rmSync(temporary, { force: true });
  }
  try {
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true }); // nothing to keep: the file before stays as it was
    throw error;
  }
}
type SealParts = (write: (bytes: Buffer) => void) => Promise<SealedPart[]>;

const unseal = (key: Buffer, aad: string, part: { iv: string; tag: string }, bytes: Buffer): Buffer => {
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(part.iv, 'base64'));
  decipher.setAAD(Buffer.from(aad));
  decipher.setAuthTag(Buffer.from(part.tag, 'base64'));
  return Buffer.concat([decipher.update(bytes), decipher.final()]);
};

interface Header {
  magic: string;
  binding: string;
  savedAt: number;
  parts: SealedPart[];
}

/**
 * The file: a header line (binding, date, each part's iv, tag and length), then the two parts.
 * Each part is sealed with the binding, the date and its place (AAD): nothing can be swapped.
 */
export function lookupCacheFile(config: LookupCacheConfig): LookupCache {
  const key = Buffer.from(config.key, 'base64');
  const aad = (savedAt: number, part: number) => `${config.binding}\n${savedAt}\n${part}`;
  return {
    read(now) {
      let file: number;
      try {
        file = openSync(config.path, 'r');
      } catch {
        return null; // none yet
      }
      try {
        return openedFile(file, now);
      } catch {
        return closed(file, { problem: 'unreadable' }); // damaged, or sealed with another key
      }
    },
    async write(lists) {
      const { savedAt, index, ...rest } = lists;
      await writeSealedFile(
        config.path,
        (parts) => ({ magic: MAGIC, binding: config.binding, savedAt, parts }),
        async (write) => [
          seal(key, aad(savedAt, 0), indexSnapshotPieces(index), write),
          await sealInTurns(key, aad(savedAt, 1), rest, write),
        ],
      );
    },
  };

  /** Only the header and the index are read now: the rest (most of the file) when it is asked for. */
  function openedFile(file: number, now: number): CacheRead {
    const readAt = (position: number, length: number) => {
      const bytes = Buffer.alloc(length);
      return bytes.subarray(0, readSync(file, bytes, 0, length, position));
    };
    const start = readAt(0, 4096);
    const headerEnd = start.indexOf(10);
    const header = JSON.parse(start.subarray(0, headerEnd).toString('utf8')) as Header;
    if (header.magic !== MAGIC && EARLIER.test(String(header.magic))) return closed(file, null);
    if (header.magic !== MAGIC || header.parts?.length !== 2) return closed(file, { problem: 'unreadable' });
    if (header.binding !== config.binding) return closed(file, { problem: 'foreign' });
    if (typeof header.savedAt !== 'number' || now - header.savedAt > CACHE_MAX_AGE_MS) return closed(file, { problem: 'stale' });
    const [first, second] = header.parts as [Header['parts'][0], Header['parts'][0]];
    const indexAt = headerEnd + 1;
    const index = unpackIndexSnapshot(unseal(key, aad(header.savedAt, 0), first, readAt(indexAt, first.length)));
    const rest = () => {
      try {
        const bytes = unseal(key, aad(header.savedAt, 1), second, readAt(indexAt + first.length, second.length));
        return JSON.parse(bytes.toString('utf8')) as CachedRest;
      } finally {
        closeSync(file);
      }
    };
    return { opened: { index, rest } };
  }
}

function closed<T>(file: number, value: T): T {
  closeSync(file);
  return value;
}

/** The score keeper's own file beside the lookup's: its own name and binding, so neither is taken for the other. */
export const scoresCacheOf = (config: LookupCacheConfig): LookupCacheConfig => ({
  ...config,
  path: scoresPathOf(config.path),
  binding: `${config.binding}\nscores`,
});
/** The score keeper's file beside a lookup's file (a path, or a name in the data folder). */
export const scoresPathOf = (path: string) => path.replace(/(\.bin)?$/, '.scores.bin');

/** The cache goes (environment deleted, or the setting turned off): the lookup's file and the score keeper's beside it. */
export function removeLookupCache(path: string): void {
  rmSync(path, { force: true });
  rmSync(scoresPathOf(path), { force: true });
}
