/**
 * The lists a file of ours keeps between runs, read back as carefully as the first: each entry
 * checked against its file's one schema (with ranges — a time no date can hold is not a time), what
 * cannot be used dropped and counted for the log, and a list far longer than the app ever writes
 * read from its newest end only, so a damaged or hand-edited file costs bounded time and memory.
 */
import * as v from 'valibot';

/** The latest moment a JavaScript Date can hold (ECMAScript: ±8.64e15 ms around 1970). */
export const LAST_DATE_MS = 8.64e15;

/** A moment kept in a file: whole milliseconds since 1970 that a Date can hold. */
export const storedInstant = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(LAST_DATE_MS));

/** A count of what could not be used, shared by the lists of one file. */
export interface Dropped {
  count: number;
}

/**
 * The usable entries of `list` (anything but an array: none), at most `limit` of them taken from
 * its end (where the app appends the newest); every entry left out counts as dropped.
 */
export function storedEntries<T>(
  schema: v.GenericSchema<unknown, T>,
  list: unknown,
  dropped: Dropped,
  limit = Number.POSITIVE_INFINITY,
): T[] {
  if (list === undefined || list === null) return [];
  if (!Array.isArray(list)) {
    dropped.count += 1;
    return [];
  }
  const newest = list.length > limit ? list.slice(-limit) : list;
  dropped.count += list.length - newest.length;
  const kept: T[] = [];
  for (const entry of newest) {
    const result = v.safeParse(schema, entry);
    if (result.success) kept.push(result.output);
    else dropped.count += 1;
  }
  return kept;
}
