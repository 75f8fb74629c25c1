/**
 * A file written so that a crash or power cut at any moment leaves either the old or the new
 * content, never a mix: write a temporary file, flush it to disk, then rename it over the old one.
 */
import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import {
  PRIVATE_FILE,
  PRIVATE_FOLDER,
  readBytesIfPresent,
  readIfPresent,
  removeLeftoverTemporaries,
  temporaryPathOf,
  type TextFile,
} from './text-file.ts';

export function durableFile(path: string): TextFile {
  removeLeftoverTemporaries(path);
  return {
    read: () => readIfPresent(path),
    readBytes: () => readBytesIfPresent(path),
    write(text) {
      mkdirSync(dirname(path), { recursive: true, mode: PRIVATE_FOLDER });
      const temporary = temporaryPathOf(path);
      const handle = openSync(temporary, 'w', PRIVATE_FILE);
      try {
        writeSync(handle, text);
        fsyncSync(handle);
      } finally {
        closeSync(handle);
      }
      renameSync(temporary, path);
      try {
        // Make the rename itself durable where the platform allows syncing a directory.
        const directory = openSync(dirname(path), 'r');
        fsyncSync(directory);
        closeSync(directory);
      } catch {
        /* Windows cannot open a directory for syncing; the rename is atomic there anyway. */
      }
    },
  };
}
