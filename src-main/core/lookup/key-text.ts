/**
 * The debtor keys (in line order) as one lower-case string, so a typed part of a key is found with
 * `indexOf` over it rather than a million comparisons, and no string per key is kept.
 */
import { lowerBound } from './sorted-search.ts';

export interface KeyText {
  /** Lines (ascending) whose key holds `part` (lower case). */
  containing(part: string): Int32Array;
  /** The line whose key is exactly `key` (any case), if any. */
  exact(key: string): number | undefined;
}

export function buildKeyText(keys: readonly string[]): KeyText {
  // Each key between newlines: "\nd0000001\nd0000002\n".
  const text = `\n${keys.join('\n').toLowerCase()}\n`;
  const starts = new Int32Array(keys.length + 1).fill(1, 0, 1);
  for (let line = 0, offset = 1; line < keys.length; line++) starts[line + 1] = offset += keys[line]!.length + 1;
  const lineAt = (offset: number) => lowerBound(keys.length, (line) => starts[line + 1]! <= offset);
  return {
    containing(part) {
      const found: number[] = [];
      if (part === '' || part.includes('\n')) return new Int32Array(0);
      for (let from = 1, line = 0; ;) {
        const at = text.indexOf(part, from);
        if (at < 0) break;
        while (starts[line + 1]! <= at) line++;
        found.push(line);
        from = starts[line + 1]!;
      }
      return Int32Array.from(found);
    },
    exact(key) {
      if (key.includes('\n') || key === '') return undefined;
      const at = text.indexOf(`\n${key.toLowerCase()}\n`);
      return at < 0 ? undefined : lineAt(at + 1);
    },
  };
}
