/**
 * The debtor lookup: loads the debtors service's data (everything the first time, then deltas from
 * the newest change seen, minus an overlap), keeps it in memory, indexes it for search, and answers
 * searches in pages. Runs in a worker thread in the app (lookup-worker.ts, driven by
 * lookup-backend.ts); tested directly. Its parts share one LookupState: lookup-sync.ts loads,
 * lookup-disk.ts keeps the lists between runs, lookup-reader.ts answers. In the app the score
 * lists are kept by a second engine in a thread of its own (score-keeper.ts, `scores`), whose
 * columns the rows show.
 */
import type { LookupStatus } from '../../shared/ipc/contract.ts';
import type { ResourceName } from '../../shared/domain/lookup.ts';
import type { DebtorsClient } from '../api/debtors-client.ts';
import { SCORE_LISTS, emptyData, resources, type LookupRecord } from './lookup-data.ts';
import type { LookupCache } from './lookup-cache.ts';
import { lookupStatus, newLookupState, rebuildIndex } from './lookup-state.ts';
import { runSync, type SyncContext } from './lookup-sync.ts';
import { keepOnDisk, restoreFromDisk } from './lookup-disk.ts';
import { createLookupReader } from './lookup-reader.ts';
import { startScoreSync, type ScoreKeeper, type ScoreOutcome } from './score-keeper-calls.ts';
import { createScoreTable, scoreColumnsOf, type ScoreColumns } from './score-table.ts';

export interface LookupEngineOptions {
  client: DebtorsClient;
  environmentName: string;
  now?: () => number;
  onStatus?: (status: LookupStatus) => void;
  /** The lists kept on disk between runs (lookup-cache.ts); none: every first open loads them whole. */
  cache?: LookupCache | null;
  /** The score lists are kept by this keeper (a second worker): this engine loads the others and shows its columns. */
  scores?: ScoreKeeper;
  /** Only these lists are loaded (the keeper's engine: the score lists). */
  only?: readonly ResourceName[];
  /** A sync answers before its file is written (the keeper: the lookup waits on its columns, not on its disk). */
  writeBehind?: boolean;
}

/** The lists an engine loads, by its options. */
function listsOf(options: LookupEngineOptions) {
  if (options.scores) return resources.filter((resource) => !SCORE_LISTS.includes(resource.name));
  const { only } = options;
  return only ? resources.filter((resource) => only.includes(resource.name)) : resources;
}

// Over 80 lines on purpose: the engine's surface — the worker serves these methods by name — over one
// state, each a line or a call into lookup-sync, lookup-reader or lookup-rows (the longest, clear, 13 lines).
export function createLookupEngine(options: LookupEngineOptions) {
  const now = options.now ?? Date.now;
  const { cache, scores } = options;
  const state = newLookupState(listsOf(options), scores ? createScoreTable() : null);
  const reader = createLookupReader(state, scores?.records);
  let syncing: Promise<LookupStatus> | null = null;
  let cacheTried = false;

  const status = () => lookupStatus(state, options.environmentName);
  const announce = () => options.onStatus?.(status());
  const context: SyncContext = {
    state,
    client: options.client,
    now,
    announce,
    keepOnDisk: async () => {
      const writing = cache ? keepOnDisk(state, cache, now()) : undefined;
      // Behind: the cache's writes go one at a time, and one cut short leaves the file kept before.
      if (options.writeBehind) void writing?.catch(() => undefined);
      else await writing;
    },
  };

  /** The first sync starts from the lists kept on disk, when they can be used; the sync that follows is a delta. */
  async function restoreOnce(afterNames?: () => void): Promise<void> {
    if (cacheTried || !cache) return;
    cacheTried = true;
    await restoreFromDisk(state, cache, now(), announce, afterNames);
  }

  return {
    /** A full load the first time (or when asked), deltas after. One sync at a time. */
    sync(mode: 'auto' | 'full' = 'auto'): Promise<LookupStatus> {
      syncing ??= Promise.resolve()
        .then(() => {
          // The keeper's sync, started once the names are in: by the disk's read, or by runSync.
          let alongside: Promise<ScoreOutcome> | undefined;
          const startScores = scores && (() => (alongside ??= startScoreSync(scores, mode === 'full')));
          return restoreOnce(startScores).then(() => runSync(context, mode === 'full' || state.syncedAt === null, startScores));
        })
        .then(status)
        .finally(() => (syncing = null));
      return syncing;
    },
    status,
    search: reader.search,
    rows: reader.rows,
    detail: reader.detail,
    compared: reader.compared,
    book: reader.book,
    snapshots: reader.snapshots,
    csv: reader.csv,
    /** The score columns changed since last asked (all of them after a full load or a disk read). */
    scoreColumns(): ScoreColumns {
      const columns = scoreColumnsOf(state.data, state.touchedScores);
      state.touchedScores = new Set();
      return columns;
    },
    /** A debtor's two score records, for its details. */
    scoreRecords: (debtorKey: string): { creditScore: LookupRecord | null; bureauScore: LookupRecord | null } => ({
      creditScore: state.data.creditScores.get(debtorKey) ?? null,
      bureauScore: state.data.bureauScores.get(debtorKey) ?? null,
    }),
    counts: (): Record<ResourceName, number> =>
      Object.fromEntries(resources.map((resource) => [resource.name, state.data[resource.name].size])) as Record<
        ResourceName,
        number
      >,
    clear() {
      cacheTried = false; // the next sync starts from the disk again
      state.data = emptyData();
      state.touchedScores = 'all';
      state.scores?.take(scoreColumnsOf(state.data, 'all'));
      void scores?.clear().catch(() => undefined);
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
