/**
 * The debtor lookup: loads the debtors service's data (everything the first time, then deltas from
 * the newest change seen, minus an overlap), keeps it in memory, indexes it for search, and answers
 * searches in pages. Runs in a worker thread in the app (lookup-worker.ts, driven by
 * lookup-backend.ts); tested directly. Its parts share one LookupState: lookup-sync.ts loads,
 * lookup-disk.ts keeps the lists between runs, lookup-reader.ts answers.
 */
import type { LookupStatus } from '../../shared/ipc/contract.ts';
import type { ResourceName } from '../../shared/domain/lookup.ts';
import type { DebtorsClient } from '../api/debtors-client.ts';
import { emptyData, resources } from './lookup-data.ts';
import type { LookupCache } from './lookup-cache.ts';
import { lookupStatus, newLookupState, rebuildIndex } from './lookup-state.ts';
import { runSync, type SyncContext } from './lookup-sync.ts';
import { keepOnDisk, restoreFromDisk } from './lookup-disk.ts';
import { createLookupReader } from './lookup-reader.ts';

export interface LookupEngineOptions {
  client: DebtorsClient;
  environmentName: string;
  now?: () => number;
  onStatus?: (status: LookupStatus) => void;
  /** The lists kept on disk between runs (lookup-cache.ts); none: every first open loads them whole. */
  cache?: LookupCache | null;
}

export function createLookupEngine(options: LookupEngineOptions) {
  const now = options.now ?? Date.now;
  const { cache } = options;
  const state = newLookupState();
  const reader = createLookupReader(state);
  let syncing: Promise<LookupStatus> | null = null;
  let cacheTried = false;

  const status = () => lookupStatus(state, options.environmentName);
  const announce = () => options.onStatus?.(status());
  const context: SyncContext = {
    state,
    client: options.client,
    now,
    announce,
    keepOnDisk: async () => (cache ? keepOnDisk(state, cache, now()) : undefined),
  };

  /** The first sync starts from the lists kept on disk, when they can be used; the sync that follows is a delta. */
  async function restoreOnce(): Promise<void> {
    if (cacheTried || !cache) return;
    cacheTried = true;
    await restoreFromDisk(state, cache, now(), announce);
  }

  return {
    /** A full load the first time (or when asked), deltas after. One sync at a time. */
    sync(mode: 'auto' | 'full' = 'auto'): Promise<LookupStatus> {
      syncing ??= Promise.resolve()
        .then(restoreOnce)
        .then(() => runSync(context, mode === 'full' || state.syncedAt === null))
        .then(status)
        .finally(() => (syncing = null));
      return syncing;
    },
    status,
    search: reader.search,
    rows: reader.rows,
    detail: reader.detail,
    compared: reader.compared,
    snapshots: reader.snapshots,
    csv: reader.csv,
    counts: (): Record<ResourceName, number> =>
      Object.fromEntries(resources.map((resource) => [resource.name, state.data[resource.name].size])) as Record<
        ResourceName,
        number
      >,
    clear() {
      cacheTried = false; // the next sync starts from the disk again
      state.data = emptyData();
      state.newestOf.clear();
      rebuildIndex(state);
      reader.clear();
      state.syncedAt = null;
      state.problems = [];
      announce();
    },
  };
}

export type LookupEngine = ReturnType<typeof createLookupEngine>;
