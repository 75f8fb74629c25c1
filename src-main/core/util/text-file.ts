/** A small text file written atomically (temp file, then rename), so a crash never leaves half a file. */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export interface TextFile {
  read(): string | null;
  write(text: string): void;
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

export function textFile(path: string): TextFile {
  return {
    read: () => readIfPresent(path),
    write(text) {
      mkdirSync(dirname(path), { recursive: true });
      const temporary = `${path}.${process.pid}.tmp`;
      writeFileSync(temporary, text);
      renameSync(temporary, path);
    },
  };
}

/** A TextFile kept in memory: for tests and for runs without a data folder. */
export function memoryFile(initial: string | null = null): TextFile {
  let text = initial;
  return {
    read: () => text,
    write: (next) => void (text = next),
  };
}
