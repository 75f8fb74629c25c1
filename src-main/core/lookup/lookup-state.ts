/**
 * What the debtor lookup holds between calls: the lists, their index, where each list's next delta
 * starts, and what the window is told of the load. One object shared by the engine's parts
 * (lookup-sync.ts loads, lookup-disk.ts keeps, lookup-reader.ts answers); each reads and sets it.
 */
import type { LookupStatus } from '../../shared/ipc/contract.ts';
import type { LookupCacheProblem, LookupProblem, ResourceName } from '../../shared/domain/lookup.ts';
import type { ListValidator } from '../api/debtors-client.ts';
import { emptyData, resources, textOf, type LookupData, type LookupRecord, type Resource } from './lookup-data.ts';
import type { ScoreTable } from './score-table.ts';
import { buildSearchIndex, buildSearchIndexFrom, type SearchIndex } from './search-index.ts';
import { timePhase } from '../util/phase-timings.ts';

export interface LookupState {
  /** The lists this engine loads: all of them, or all but the scores a second worker keeps, or only those. */
  readonly lists: readonly Resource[];
  data: LookupData;
  /** The scores the rows show, when a second worker keeps the score lists (null: read from `data`). */
  readonly scores: ScoreTable | null;
  /** Debtors whose score records changed since the score columns were last taken ('all': every one). */
  touchedScores: Set<string> | 'all';
  index: SearchIndex;
  /** Each debtor's nicknames, from data.nicknames (rebuilt with the index). */
  readonly nicknamesOf: Map<string, string[]>;
  /**
   * Where each resource's next delta starts: its newest modifiedAt (server time), kept as records
   * arrive so a delta does not scan 100k records to find it.
   */
  readonly newestOf: Map<string, string>;
  /** What the server sent to ask again only if changed (lists without a filter: the nicknames). */
  readonly validators: Map<string, ListValidator>;
  syncedAt: number | null;
  nicknamesAt: number;
  progress: LookupStatus['progress'];
  problems: LookupStatus['problems'];
  /** Lists being tried again right now, with what went wrong: shown while the load goes on. */
  readonly retrying: Map<ResourceName, LookupProblem>;
  cacheProblem: LookupCacheProblem | null;
  /** Records taken in since the lists were last written to disk (a delta that found nothing writes nothing). */
  changedSinceKept: boolean;
}

export const newLookupState = (lists: readonly Resource[] = resources, scores: ScoreTable | null = null): LookupState => ({
  lists,
  data: emptyData(),
  scores,
  touchedScores: 'all',
  index: buildSearchIndex([]),
  nicknamesOf: new Map(),
  newestOf: new Map(),
  validators: new Map(),
  syncedAt: null,
  nicknamesAt: 0,
  progress: null,
  problems: [],
  retrying: new Map(),
  cacheProblem: null,
  changedSinceKept: false,
});

/** The name the index has for a debtor (its key when it has none). */
export const indexedName = (debtor: LookupRecord) => textOf(debtor.name) ?? String(debtor.debtorKey);

export function rebuildNicknames(state: LookupState): void {
  state.nicknamesOf.clear();
  for (const record of state.data.nicknames.values()) {
    const key = String(record.debtorKey);
    const nicknames = state.nicknamesOf.get(key);
    if (nicknames) nicknames.push(String(record.nickname));
    else state.nicknamesOf.set(key, [String(record.nickname)]);
  }
}

/** A debtor without nicknames: one list shared by all of them (a million empty lists were 30 MB). */
const NO_NICKNAMES: readonly string[] = Object.freeze([]);

export function rebuildIndex(state: LookupState): void {
  const columns = timePhase('join', () => {
    rebuildNicknames(state);
    const columns = { keys: [] as string[], names: [] as string[], nicknames: [] as (readonly string[])[] };
    for (const debtor of state.data.debtors.values()) {
      const key = String(debtor.debtorKey);
      columns.keys.push(key);
      columns.names.push(indexedName(debtor));
      columns.nicknames.push(state.nicknamesOf.get(key) ?? NO_NICKNAMES);
    }
    return columns;
  });
  state.index = timePhase('index', () => buildSearchIndexFrom(columns));
}

/** What the window is told of the lookup. */
export function lookupStatus(state: LookupState, environmentName: string): LookupStatus {
  const { data, progress, syncedAt } = state;
  return {
    state: progress ? 'loading' : syncedAt === null ? 'empty' : 'ready',
    cacheProblem: state.cacheProblem,
    environmentName,
    progress,
    syncedAt: syncedAt === null ? null : new Date(syncedAt).toISOString(),
    counts: {
      debtors: data.debtors.size,
      creditScores: state.scores?.counts.creditScores ?? data.creditScores.size,
      bureauScores: state.scores?.counts.bureauScores ?? data.bureauScores.size,
      nicknames: data.nicknames.size,
    },
    indexed: state.index.size,
    problems: [...state.problems, ...state.retrying.values()],
  };
}
