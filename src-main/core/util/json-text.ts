/**
 * JSON files as people and other programs leave them: a byte-order mark from a Windows editor, and
 * values nested or grown beyond what the app should carry along.
 */

/** Notepad and other Windows editors start UTF-8 files with a byte-order mark; JSON.parse refuses it. */
export const withoutByteOrderMark = (text: string): string => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);

export const hasByteOrderMark = (text: string): boolean => text.charCodeAt(0) === 0xfeff;

/** A file of ours, parsed; undefined when it is absent or unreadable (the caller then starts afresh). */
export function parseStoredJson(text: string | null | undefined): unknown {
  if (text === null || text === undefined) return undefined;
  try {
    return JSON.parse(withoutByteOrderMark(text)) as unknown;
  } catch {
    return undefined;
  }
}

/** The most an unknown value may nest, and its size as JSON, to be kept as it is. */
export const UNKNOWN_VALUE_LIMITS = { depth: 16, characters: 16 * 1024 } as const;

/**
 * Why a value is too deep or too large to keep, or null when it is fine. The depth is counted
 * without recursion, stopping at the limit: a value nested 100,000 levels must not overflow the
 * stack here (it would in JSON.stringify, which is why it is not kept).
 */
export function tooLargeToKeep(value: unknown, limits = UNKNOWN_VALUE_LIMITS): TooLarge | null {
  const tooBig: TooLarge = { limit: 'size', amount: limits.characters / 1024 };
  let level: unknown[] = [value];
  for (let depth = 0; level.length > 0; depth++) {
    if (depth > limits.depth) return { limit: 'depth', amount: limits.depth };
    const next: unknown[] = [];
    for (const item of level)
      if (typeof item === 'object' && item !== null) for (const child of Object.values(item)) next.push(child);
    if (next.length > limits.characters) return tooBig;
    level = next;
  }
  const characters = JSON.stringify(value)?.length ?? 0;
  return characters > limits.characters ? tooBig : null;
}

/** Which limit a value broke: its depth in levels, or its size in KiB. */
export type TooLarge = { limit: 'depth' | 'size'; amount: number };

/** A short preview of a value for a message, safe for a hostile one (JSON.stringify would overflow on deep nesting). */
export function previewJson(value: unknown, characters = 40): string {
  if (tooLargeToKeep(value, { depth: 16, characters: 1024 * 1024 })) return 'a value nested too deep to show';
  return JSON.stringify(value)?.slice(0, characters) ?? typeof value;
}
