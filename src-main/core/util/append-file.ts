/**
 * A file of lines only ever added to, each flushed to disk before the append is said to be done,
 * off the main thread's way (Node's file calls run in its thread pool). A crash or power cut in the
 * middle of a line leaves that line torn and every line before it whole; the next append starts on
 * a fresh line, and a reader skips the torn one. Appends are written one after another, in order.
 * Rewriting the whole (to let old lines go) is atomic: temporary file, flushed, renamed.
 */
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { PRIVATE_FILE, PRIVATE_FOLDER, removeLeftoverTemporaries, temporaryPathOf } from './text-file.ts';

export interface AppendFile {
  /** Adds these lines (each without its line break); resolves once they are on disk. */
  append(lines: readonly string[]): Promise<void>;
  /** The file's text; null when there is none. */
  read(): Promise<string | null>;
  /** Replaces the whole file with these lines, atomically. */
  replace(lines: readonly string[]): Promise<void>;
  remove(): Promise<void>;
}

const textOf = (lines: readonly string[]) => lines.map((line) => `${line}\n`).join('');

/** Whether the file ends in the middle of a line (a write cut off): the next line must begin afresh. */
async function endsTorn(path: string): Promise<boolean> {
  try {
    const handle = await open(path, 'r');
    try {
      const { size } = await handle.stat();
      if (size === 0) return false;
      const last = Buffer.alloc(1);
      await handle.read(last, 0, 1, size - 1);
      return last[0] !== 0x0a;
    } finally {
      await handle.close();
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

async function writeSynced(path: string, flags: 'a' | 'w', text: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: PRIVATE_FOLDER });
  const handle = await open(path, flags, PRIVATE_FILE);
  try {
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export function appendFileAt(path: string): AppendFile {
  removeLeftoverTemporaries(path);
  /** Each write waits for the one before: lines never interleave, and a rewrite never loses an append. */
  let queue: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work);
    queue = next.catch(() => undefined);
    return next;
  };
  return {
    append: (lines) =>
      inTurn(async () => {
        if (lines.length === 0) return;
        await writeSynced(path, 'a', ((await endsTorn(path)) ? '\n' : '') + textOf(lines));
      }),
    read: () =>
      inTurn(async () => {
        try {
          return await readFile(path, 'utf8');
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
          throw error;
        }
      }),
    replace: (lines) =>
      inTurn(async () => {
        const temporary = temporaryPathOf(path);
        await writeSynced(temporary, 'w', textOf(lines));
        await rename(temporary, path);
      }),
    remove: () => inTurn(() => rm(path, { force: true })),
  };
}

/** An AppendFile in memory: for runs without a data folder, and tests. */
export function memoryAppendFile(initial = ''): AppendFile & { text(): string } {
  let text = initial;
  return {
    append: async (lines) => void (text += (text !== '' && !text.endsWith('\n') ? '\n' : '') + textOf(lines)),
    read: async () => (text === '' ? null : text),
    replace: async (lines) => void (text = textOf(lines)),
    remove: async () => void (text = ''),
    text: () => text,
  };
}
