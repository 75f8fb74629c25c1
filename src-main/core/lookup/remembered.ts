/**
 * What the lookup remembers for an analyst, per environment, on this computer: the debtors looked
 * at lately (the last 20), the pinned ones (a watch list), and for each of those a small history
 * of their scores and status, one point per sync in which something changed. The service is
 * read-only and keeps no history: this is how "changed since you last looked" and a score's
 * trend are known. Pure and bounded; remembered-store.ts keeps it (encrypted) between runs.
 */

/** What is kept of a debtor at a moment: the figures an analyst compares. */
export interface DebtorSnapshot {
  name: string;
  score: number | null;
  grade: string | null;
  bureauScore: number | null;
  riskClass: number | null;
  status: string | null;
}

export interface HistoryPoint extends DebtorSnapshot {
  /** ms since epoch. */
  at: number;
}

export interface Remembered {
  /** Newest first. */
  recent: string[];
  pinned: string[];
  /** Oldest first, per debtor that is recent or pinned. */
  history: Record<string, HistoryPoint[]>;
  /** What the analyst saw when they last opened each debtor. */
  seen: Record<string, HistoryPoint>;
}

export const RECENT_MAX = 20;
export const PINNED_MAX = 200;
export const HISTORY_MAX = 60;

/** The fields of a snapshot that an analyst is told have changed (the name only identifies). */
export const COMPARED = ['score', 'grade', 'bureauScore', 'riskClass', 'status'] as const;
export type ComparedField = (typeof COMPARED)[number];

export const emptyRemembered = (): Remembered => ({ recent: [], pinned: [], history: {}, seen: {} });

/**
 * A debtor's own entry of a record keyed by debtor keys, which come from the service's data and a
 * window: never what the prototype answers for "toString", "constructor" or "__proto__".
 */
export const ownEntry = <T>(record: Record<string, T>, key: string): T | undefined =>
  Object.hasOwn(record, key) ? record[key] : undefined;

/** The compared fields all the same (the name may differ). */
export const sameFigures = (a: DebtorSnapshot, b: DebtorSnapshot) => COMPARED.every((field) => a[field] === b[field]);
const tracked = (state: Remembered) => new Set([...state.recent, ...state.pinned]);

/** Keeps history and "seen" only for debtors still recent or pinned. */
function pruned(state: Remembered): Remembered {
  const keep = tracked(state);
  const only = <T>(record: Record<string, T>) => Object.fromEntries(Object.entries(record).filter(([key]) => keep.has(key)));
  return { ...state, history: only(state.history), seen: only(state.seen) };
}

/** A point added when the figures differ from the last one (bounded: the oldest go). */
function withPoint(history: Record<string, HistoryPoint[]>, key: string, snapshot: DebtorSnapshot, at: number) {
  const points = ownEntry(history, key) ?? [];
  const last = points.at(-1);
  if (last && sameFigures(last, snapshot)) return history;
  return { ...history, [key]: [...points, { ...snapshot, at }].slice(-HISTORY_MAX) };
}

/** The analyst opened a debtor: it becomes the most recent, and what they saw is remembered. */
export function viewed(state: Remembered, key: string, snapshot: DebtorSnapshot, at: number): Remembered {
  const recent = [key, ...state.recent.filter((other) => other !== key)].slice(0, RECENT_MAX);
  const next = {
    ...state,
    recent,
    history: withPoint(state.history, key, snapshot, at),
    seen: { ...state.seen, [key]: { ...snapshot, at } },
  };
  return pruned(next);
}

export function pinned(state: Remembered, key: string, on: boolean, snapshot: DebtorSnapshot | null, at: number): Remembered {
  const others = state.pinned.filter((other) => other !== key);
  const pins = on ? [key, ...others].slice(0, PINNED_MAX) : others;
  const history = on && snapshot ? withPoint(state.history, key, snapshot, at) : state.history;
  return pruned({ ...state, pinned: pins, history });
}

/** After a sync: a point for each tracked debtor whose figures changed. Returns the pinned ones that changed. */
export function synced(
  state: Remembered,
  current: ReadonlyMap<string, DebtorSnapshot>,
  at: number,
): { state: Remembered; changedPins: string[] } {
  let history = state.history;
  const changedPins: string[] = [];
  for (const key of tracked(state)) {
    const snapshot = current.get(key);
    if (!snapshot) continue;
    const before = ownEntry(history, key)?.at(-1);
    history = withPoint(history, key, snapshot, at);
    if (before && !sameFigures(before, snapshot) && state.pinned.includes(key)) changedPins.push(key);
  }
  return { state: { ...state, history }, changedPins };
}

/** The fields that differ from what the analyst saw last time, with both values. */
export function changesSinceSeen(
  state: Remembered,
  key: string,
  now: DebtorSnapshot,
): Array<{ field: ComparedField; was: string | number | null; is: string | number | null }> {
  const seen = ownEntry(state.seen, key);
  if (!seen) return [];
  return COMPARED.filter((field) => seen[field] !== now[field]).map((field) => ({ field, was: seen[field], is: now[field] }));
}
