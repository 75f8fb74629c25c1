/**
 * The debtor lookup's lists on disk between runs (through lookup-cache.ts): read back at the first
 * open — the names and their index first, so the search answers before the rest is read — and
 * written after a sync that changed something. Reads and sets the engine's LookupState.
 */
import { emptyData, mergeRecords } from './lookup-data.ts';
import { searchIndexOver } from './search-index.ts';
import type { IndexSnapshot } from './index-snapshot.ts';
import type { LookupCache } from './lookup-cache.ts';
import { indexedName, rebuildIndex, rebuildNicknames, type LookupState } from './lookup-state.ts';

/**
 * The lists kept on disk, when they can be used: the names first (the search answers from them),
 * then — after a turn of the event loop, so a search typed meanwhile is answered — the rest.
 * `afterNames`: called once the names answer (the score keeper then reads its own file meanwhile).
 */
export async function restoreFromDisk(
  state: LookupState,
  cache: LookupCache,
  now: number,
  announce: () => void,
  afterNames?: () => void,
): Promise<void> {
  const read = cache.read(now);
  state.cacheProblem = read !== null && 'problem' in read ? read.problem : null;
  if (read === null || 'problem' in read) return;
  state.progress = { done: 0, total: 2 };
  takeIndex(state, read.opened.index);
  state.progress = { done: 1, total: 2 };
  announce();
  afterNames?.();
  await new Promise((resolve) => setImmediate(resolve));
  try {
    const rest = read.opened.rest();
    state.touchedScores = 'all';
    // Only the lists this engine loads: a file an engine holding every list wrote is read by the
    // lookup without the scores (their keeper loads them) and by the keeper without the rest.
    for (const resource of state.lists) {
      state.data[resource.name] = new Map();
      mergeRecords(state.data[resource.name], rest.data[resource.name] ?? [], resource.keyOf);
    }
    for (const [name, newest] of rest.newestOf) state.newestOf.set(name, newest);
    for (const [name, validator] of rest.validators ?? []) state.validators.set(name, validator);
    state.nicknamesAt = rest.nicknamesAt;
    state.syncedAt = rest.syncedAt;
  } catch {
    state.cacheProblem = 'unreadable'; // the names were fine, the rest is not: all loaded afresh
    state.data = emptyData();
    rebuildIndex(state);
  }
  state.progress = null;
  announce();
}

/** The index read from the disk, with the names and nicknames it holds: searchable before any list is read. */
function takeIndex(state: LookupState, snapshot: IndexSnapshot): void {
  state.data = emptyData();
  const { keys, nicknames } = snapshot.tables;
  keys.forEach((debtorKey, line) => state.data.debtors.set(debtorKey, { debtorKey, name: snapshot.names[line] }));
  for (let line = 0; line < keys.length; line++) {
    for (let at = nicknames.start[line]!; at < nicknames.start[line + 1]!; at++)
      state.data.nicknames.set(String(at), { debtorKey: keys[line], nickname: snapshot.nicknames[at] });
  }
  rebuildNicknames(state);
  state.index = searchIndexOver(snapshot.tables);
}

/** The index as it is, for the disk; null when it is not the index of the debtors held (then nothing is written). */
function indexSnapshot(state: LookupState): IndexSnapshot | null {
  const { tables } = state.index;
  if (tables.keys.length !== state.data.debtors.size) return null;
  const names = tables.keys.map((key) => indexedName(state.data.debtors.get(key) ?? { debtorKey: key }));
  const nicknames = tables.keys.flatMap((key) => state.nicknamesOf.get(key) ?? []);
  return nicknames.length === tables.nicknames.texts.length ? { tables, names, nicknames } : null;
}

/** After a sync that changed something, the lists go to disk (in the worker: the main process is never held up). */
export async function keepOnDisk(state: LookupState, cache: LookupCache, now: number): Promise<void> {
  const snapshot = state.changedSinceKept ? indexSnapshot(state) : null;
  if (snapshot === null) return;
  state.changedSinceKept = false;
  const { data, index } = state;
  const lists = Object.fromEntries(state.lists.map((resource) => [resource.name, [...data[resource.name].values()]]));
  // The debtors in the index's name order: read back, the index needs no sort (name-order.ts).
  if (index.size === data.debtors.size)
    lists.debtors = Array.from({ length: index.size }, (_, position) => data.debtors.get(index.keyAt(position))!);
  try {
    const { syncedAt, nicknamesAt, newestOf, validators } = state;
    const kept = { syncedAt: syncedAt!, nicknamesAt, newestOf: [...newestOf], validators: [...validators], data: lists };
    await cache.write({ savedAt: now, index: snapshot, ...kept });
  } catch {
    /* a full disk or a locked file: the lists are still in memory, and the next open loads them whole */
  }
}
