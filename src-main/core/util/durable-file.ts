/**
 * A file written so that a crash or power cut at any moment leaves either the old or the new
 * content, never a mix: write a temporary file, flush it to disk, then rename it over the old one.
 */
import { closeSync, fsyncSync, openSync, renameSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileAt, PRIVATE_FILE, temporaryPathOf, type TextFile } from './text-file.ts';

export const durableFile = (path: string): TextFile => fileAt(path, replaceDurably);

function replaceDurably(path: string, text: string): void {
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
}
