/**
 * A small text file written atomically (temp file, then rename), so a crash never leaves half a file.
 * Files are readable by the user only (0600), in folders of the user only (0700), where the OS has
 * such modes: punches, caches and history are nobody else's business.
 */
export const PRIVATE_FILE = 0o600;
export const PRIVATE_FOLDER = 0o700;
import { chmodSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

export interface TextFile {
  read(): string | null;
  /** The exact bytes (for keeping a damaged file as it was); null when there is no such file. */
  readBytes(): Buffer | null;
  write(text: string): void;
}

/**
 * A file written before (by an older version, or another tool) keeps its mode when opened for
 * appending: this makes it the user's alone. Nothing when there is no such file.
 */
export function makePrivate(path: string): void {
  try {
    chmodSync(path, PRIVATE_FILE);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/** The file's bytes, or null when there is no such file. */
export function readBytesIfPresent(path: string): Buffer | null {
  try {
    return readFileSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** The file's text, or null when there is no such file. */
export function readIfPresent(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** Where a write goes before its rename; named by process, so two processes never share one. */
export const temporaryPathOf = (path: string): string => `${path}.${process.pid}.tmp`;

/**
 * Temporary files of `path` that a killed process left behind ("outbox.json.4242.tmp"): never data,
 * since the rename never happened, so removed when the file is opened at start.
 */
export function removeLeftoverTemporaries(path: string): void {
  const prefix = `${basename(path)}.`;
  const isLeftover = (name: string) =>
    name.startsWith(prefix) && name.endsWith('.tmp') && /^\d+$/.test(name.slice(prefix.length, -'.tmp'.length));
  let names: string[];
  try {
    names = readdirSync(dirname(path));
  } catch {
    return; // no folder yet: nothing was left
  }
  for (const name of names) if (isLeftover(name)) rmSync(join(dirname(path), name), { force: true });
}

/** A TextFile at `path`: read as it is, written whole through `replace` (which must be atomic). */
export function fileAt(path: string, replace: (path: string, text: string) => void): TextFile {
  removeLeftoverTemporaries(path);
  return {
    read: () => readIfPresent(path),
    readBytes: () => readBytesIfPresent(path),
    write(text) {
      mkdirSync(dirname(path), { recursive: true, mode: PRIVATE_FOLDER });
      replace(path, text);
    },
  };
}

/** Written to a temporary file, then renamed over the old one: a crash leaves one or the other. */
export const textFile = (path: string): TextFile =>
  fileAt(path, (target, text) => {
    const temporary = temporaryPathOf(target);
    writeFileSync(temporary, text, { mode: PRIVATE_FILE });
    renameSync(temporary, target);
  });

/** A TextFile kept in memory: for tests and for runs without a data folder. */
export function memoryFile(initial: string | null = null): TextFile {
  let text = initial;
  return {
    read: () => text,
    readBytes: () => (text === null ? null : Buffer.from(text)),
    write: (next) => void (text = next),
  };
}

/**
 * A folder where one of our files belongs (a sync tool's or a person's mistake) would stop every
 * read and write of it: it is moved aside, untouched; the answer is where to (null: nothing moved).
 */
export function moveFolderAside(path: string, now: number): string | null {
  try {
    if (!statSync(path).isDirectory()) return null;
  } catch {
    return null;
  }
  const aside = `${path}.folder-set-aside-${now}`;
  renameSync(path, aside);
  return aside;
}
