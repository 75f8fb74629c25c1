/**
 * What the lookup remembers for an analyst, per environment, on this computer: the debtors looked
 * at lately (the last 20), the pinned ones (a watch list), and for each of those a small history
 * of their scores and status, one point per sync in which something changed. The service is
 * read-only and keeps no history: this is how "changed since you last looked" and a score's
 * trend are known. Pure and bounded; remembered-store.ts keeps it (encrypted) between runs.
 */

export interface HistoryPoint extends DebtorSnapshot {
  /** ms since epoch. */
  at: number;
  /** What moved the calculated score then (codes, or words where there was no code), where it was read. */
  reasons?: string[];
}

export interface Remembered {
  /** Newest first. */
  recent: string[];
  pinned: string[];
  /** Oldest first, per debtor that is recent or pinned. */
  history: Record<string, HistoryPoint[]>;
  /** What the analyst saw when they last opened each debtor. */
  seen: Record<string, HistoryPoint>;
  /** What a pinned debtor's notice fires on: for all, and for those the analyst set apart. */
  rules: { all: WatchRules; debtors: Record<string, WatchRules> };
}

import type { WatchRules } from '../../shared/ipc/contract.ts';
import { COMPARED, knownIn, sameFigures, type ComparedField, type DebtorSnapshot } from './debtor-figures.ts';
import { DEFAULT_RULES, firedRules, type FiredRule } from './watch-rules.ts';

export const RECENT_MAX = 20;
export const PINNED_MAX = 200;
export const HISTORY_MAX = 60;

export const emptyRemembered = (): Remembered => ({
  recent: [],
  pinned: [],
  history: {},
  seen: {},
  rules: { all: DEFAULT_RULES, debtors: {} },
});

/**
 * A debtor's own entry of a record keyed by debtor keys, which come from the service's data and a
 * window: never what the prototype answers for "toString", "constructor" or "__proto__".
 */
export const ownEntry = <T>(record: Record<string, T>, key: string): T | undefined =>
  Object.hasOwn(record, key) ? record[key] : undefined;

const tracked = (state: Remembered) => new Set([...state.recent, ...state.pinned]);

/** Keeps history and "seen" only for debtors still recent or pinned, and rules only for pinned ones. */
function pruned(state: Remembered): Remembered {
  const keep = tracked(state);
  const only = <T>(record: Record<string, T>, keys: ReadonlySet<string>) =>
    Object.fromEntries(Object.entries(record).filter(([key]) => keys.has(key)));
  const rules = { ...state.rules, debtors: only(state.rules.debtors, new Set(state.pinned)) };
  return { ...state, history: only(state.history, keep), seen: only(state.seen, keep), rules };
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

/** The rules a pinned debtor's notice fires on: its own, or those for all. */
export const rulesFor = (state: Remembered, key: string): WatchRules => ownEntry(state.rules.debtors, key) ?? state.rules.all;

/** Sets the rules for all pinned debtors (key null), or for one (rules null: back to those for all). */
export function withRules(state: Remembered, key: string | null, rules: WatchRules | null): Remembered {
  if (key === null) return rules ? { ...state, rules: { ...state.rules, all: rules } } : state;
  const debtors = Object.fromEntries(Object.entries(state.rules.debtors).filter(([other]) => other !== key));
  return pruned({ ...state, rules: { ...state.rules, debtors: rules ? { ...debtors, [key]: rules } : debtors } });
}

/** A pinned debtor a sync changed so that one of its rules fired: the figures kept before, and the rules. */
export interface WatchNotice {
  debtorKey: string;
  before: HistoryPoint;
  fired: FiredRule[];
}

/** After a sync: a point for each tracked debtor whose figures changed, and the notices of the pinned ones whose rules fired. */
export function synced(
  state: Remembered,
  current: ReadonlyMap<string, DebtorSnapshot>,
  at: number,
): { state: Remembered; notices: WatchNotice[] } {
  let history = state.history;
  const notices: WatchNotice[] = [];
  for (const key of tracked(state)) {
    const snapshot = current.get(key);
    if (!snapshot) continue;
    const before = ownEntry(history, key)?.at(-1);
    history = withPoint(history, key, snapshot, at);
    if (!before || !state.pinned.includes(key)) continue;
    const fired = firedRules(before, snapshot, rulesFor(state, key));
    if (fired.length > 0) notices.push({ debtorKey: key, before, fired });
  }
  return { state: { ...state, history }, notices };
}

/** The reasons now kept with a debtor's newest point (read from its details when a notice is told). */
export function withReasons(state: Remembered, key: string, reasons: string[]): Remembered {
  const points = ownEntry(state.history, key);
  const last = points?.at(-1);
  if (!points || !last) return state;
  return { ...state, history: { ...state.history, [key]: [...points.slice(0, -1), { ...last, reasons }] } };
}

/** The fields that differ from what the analyst saw last time, with both values. */
export function changesSinceSeen(
  state: Remembered,
  key: string,
  now: DebtorSnapshot,
): Array<{ field: ComparedField; was: string | number | null; is: string | number | null }> {
  const seen = ownEntry(state.seen, key);
  if (!seen) return [];
  return COMPARED.filter((field) => knownIn(seen, field) && knownIn(now, field) && seen[field] !== now[field]).map((field) => ({
    field,
    was: seen[field] ?? null,
    is: now[field] ?? null,
  }));
}
