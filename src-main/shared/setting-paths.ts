/**
 * Settings addressed by dotted paths ("monitoring.quietHours.start"): read a value, write one
 * into a copy, merge layers, and tell whether a lock ("monitoring", "monitoring.quietHours")
 * covers a path. One set of these for the settings service, the OS policy, the support info and
 * the Settings window.
 */
import { isRecord } from './is-record.ts';

type Path = string | readonly string[];
const stepsOf = (path: Path) => (typeof path === 'string' ? path.split('.') : path);

export function valueAt(source: unknown, path: Path): unknown {
  return stepsOf(path).reduce<unknown>((node, key) => (isRecord(node) ? node[key] : undefined), source);
}

/** A copy of `target` with `value` at `path` (objects on the way are copied or made). */
export function withValueAt(target: Record<string, unknown>, path: Path, value: unknown): Record<string, unknown> {
  const [head, ...rest] = stepsOf(path);
  if (head === undefined) return target;
  if (rest.length === 0) return { ...target, [head]: value };
  return { ...target, [head]: withValueAt(isRecord(target[head]) ? target[head] : {}, rest, value) };
}

/** `over` laid on `base`, object by object; anything else in `over` replaces. */
export function deepMerge(base: Record<string, unknown>, over: Record<string, unknown> | undefined): Record<string, unknown> {
  const out = { ...base };
  for (const [key, value] of Object.entries(over ?? {}))
    out[key] = isRecord(value) && isRecord(out[key]) ? deepMerge(out[key], value) : value;
  return out;
}

/** Whether a lock on `locked` fixes `path`: the path itself or anything under it. */
export const lockCovers = (locked: string, path: string): boolean => path === locked || path.startsWith(`${locked}.`);

export const isLocked = (locked: Iterable<string>, path: string): boolean => [...locked].some((entry) => lockCovers(entry, path));
