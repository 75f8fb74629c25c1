/**
 * The debtor lookup: loads the debtors service's data (everything the first time, then deltas from
 * the newest change seen, minus an overlap), keeps it in memory, indexes it for search, and answers
 * searches in pages. Runs in a worker thread in the app (lookup-worker.ts, driven by
 * lookup-backend.ts); tested directly.
 */
import type { ComparedDebtor, DebtorDetail, LookupPage, LookupRow, LookupSort, LookupStatus } from '../../shared/ipc/contract.ts';
import type { LookupProblem, ResourceName } from '../../shared/domain/lookup.ts';
import { withWrongBaseUrl } from './wrong-base-url.ts';
import { ApiError } from '../api/api-error.ts';
import type { Retrying } from '../api/http-client.ts';
import type { DebtorsClient } from '../api/debtors-client.ts';
import { toCsv, type CsvStyle } from '../util/csv.ts';

import {
  emptyData,
  mergeRecords,
  missingFieldProblem,
  newestModifiedAt,
  resources,
  type LookupData,
  type LookupRecord,
  type Resource,
} from './lookup-data.ts';
import { buildSearchIndex, searchIndexOver, type SearchIndex } from './search-index.ts';
import type { IndexSnapshot } from './index-snapshot.ts';
import { foldForSearch } from './fold-text.ts';
import { explainMatch } from './match-explain.ts';
import { countNames, namesakeKey } from './namesakes.ts';
import type { DebtorSnapshot } from './remembered.ts';
import type { LookupCache } from './lookup-cache.ts';
import type { ListValidator } from '../api/debtors-client.ts';
import type { LookupCacheProblem } from '../../shared/domain/lookup.ts';
import { timePhase } from '../util/phase-timings.ts';

/** The debtors export's columns (the main process sends them in the user's words). */
export const DEBTOR_CSV_COLUMNS = [
  'debtorKey',
  'name',
  'city',
  'state',
  'score',
  'grade',
  'bureauScore',
  'riskClass',
  'lastChange',
] as const;

export interface LookupEngineOptions {
  client: DebtorsClient;
  environmentName: string;
  now?: () => number;
  onStatus?: (status: LookupStatus) => void;
  /** The lists kept on disk between runs (lookup-cache.ts); none: every first open loads them whole. */
  cache?: LookupCache | null;
}

/** Deltas start this long before the newest change seen, so nothing slips between two syncs. */
export const DELTA_OVERLAP_MS = 2 * 60_000;
/** Nicknames have no filter: a delta reloads them only this often. */
export const NICKNAMES_EVERY_MS = 30 * 60_000;
const FIRST_PAGE = 100;

/** One sync's settings, shared by the resources it loads. */
interface SyncRun {
  full: boolean;
  startedAt: number;
  signal: AbortSignal;
  /** Resources in this sync, for progress. */
  total: number;
}

const text = (value: unknown) => (value === null || value === undefined || value === '' ? null : String(value));
const number = (value: unknown) => (typeof value === 'number' ? value : null);

// Over 80 lines on purpose: the engine's state (data, index, result sets) shared by small named
// functions, the longest runSync at 35 lines; split further it would pass that state around.
export function createLookupEngine(options: LookupEngineOptions) {
  const now = options.now ?? Date.now;
  let data: LookupData = emptyData();
  // Where each resource's next delta starts: its newest modifiedAt (server time), kept as records
  // arrive so a delta does not scan 100k records to find it.
  const newestOf = new Map<string, string>();
  /** What the server sent to ask again only if changed (lists without a filter: the nicknames). */
  const validators = new Map<string, ListValidator>();
  let index: SearchIndex = buildSearchIndex([]);
  let syncedAt: number | null = null;
  let nicknamesAt = 0;
  let progress: LookupStatus['progress'] = null;
  let problems: LookupStatus['problems'] = [];
  /** Lists being tried again right now, with what went wrong: shown while the load goes on. */
  const retrying = new Map<ResourceName, LookupProblem>();
  let syncing: Promise<LookupStatus> | null = null;
  let cacheTried = false;
  let cacheProblem: LookupCacheProblem | null = null;
  /** Records taken in since the lists were last written to disk (a delta that found nothing writes nothing). */
  let changedSinceKept = false;
  // Each result keeps the index it was found in: a rebuild while the window pages through it (the
  // nicknames arriving during a first load, a renamed debtor) must not turn its positions into
  // other debtors, nor empty an export.
  const results = new Map<number, { index: SearchIndex; positions: Int32Array; text: string }>();
  let nextResultId = 1;

  const nicknamesOf = new Map<string, string[]>();
  const rebuildNicknames = () => {
    nicknamesOf.clear();
    for (const record of data.nicknames.values()) {
      const key = String(record.debtorKey);
      nicknamesOf.set(key, [...(nicknamesOf.get(key) ?? []), String(record.nickname)]);
    }
  };
  /** The name the index has for a debtor (its key when it has none). */
  const indexedName = (debtor: LookupRecord) => text(debtor.name) ?? String(debtor.debtorKey);
  const rebuildIndex = () => {
    const entries = timePhase('join', () => {
      rebuildNicknames();
      return [...data.debtors.values()].map((debtor) => ({
        debtorKey: String(debtor.debtorKey),
        name: indexedName(debtor),
        nicknames: nicknamesOf.get(String(debtor.debtorKey)) ?? [],
      }));
    });
    index = timePhase('index', () => buildSearchIndex(entries));
  };

  function status(): LookupStatus {
    return {
      state: progress ? 'loading' : syncedAt === null ? 'empty' : 'ready',
      cacheProblem,
      environmentName: options.environmentName,
      progress,
      syncedAt: syncedAt === null ? null : new Date(syncedAt).toISOString(),
      counts: {
        debtors: data.debtors.size,
        creditScores: data.creditScores.size,
        bureauScores: data.bureauScores.size,
        nicknames: data.nicknames.size,
      },
      indexed: index.size,
      problems: [...problems, ...retrying.values()],
    };
  }
  const announce = () => options.onStatus?.(status());

  /** Fetches one resource and takes its records in; true when the debtors' names may have changed. */
  async function loadResource(resource: Resource, run: SyncRun): Promise<boolean> {
    const newest = run.full ? null : (newestOf.get(resource.name) ?? null);
    // Never "since" a moment in the server's future (a misread time zone would make it skip changes);
    // a minute of slack covers the Date header's whole seconds and the network.
    const serverNow = run.startedAt + (options.client.serverClockOffsetMs() ?? 0) + 60_000;
    const since =
      newest === null || resource.fullOnly ? undefined : new Date(Math.min(Date.parse(newest), serverNow) - DELTA_OVERLAP_MS);
    const onRetry = ({ attempt, of, error }: Retrying) => {
      retrying.set(resource.name, { resource: resource.name, kind: 'retrying', error: error.problem, attempt: attempt + 1, of });
      announce();
    };
    // A list without a filter is asked conditionally when the server gave validators for what we hold.
    const validator = resource.fullOnly && data[resource.name].size > 0 ? validators.get(resource.name) : undefined;
    try {
      const records = (await resource.fetch(options.client, since, {
        signal: run.signal,
        onRetry,
        ...(validator ? { validator } : {}),
      })) as LookupRecord[] & { incomplete?: string; validator?: ListValidator; notModified?: true };
      if (records.notModified) {
        if (resource.name === 'nicknames') nicknamesAt = run.startedAt;
        return false;
      }
      if (records.validator) validators.set(resource.name, records.validator);
      else validators.delete(resource.name);
      if (records.incomplete) problems.push({ resource: resource.name, kind: 'incomplete', detail: records.incomplete });
      const namesChanged = takeRecords(resource, records, run);
      // Over all the resource holds, so a small delta never raises or clears it alone.
      const missing = missingFieldProblem(resource, data[resource.name].values());
      if (missing) problems.push(missing);
      return namesChanged;
    } catch (error) {
      problems.push(
        error instanceof ApiError
          ? { resource: resource.name, kind: 'failed', error: error.problem }
          : { resource: resource.name, kind: 'unexpected', detail: (error as Error).message },
      );
      return false;
    } finally {
      retrying.delete(resource.name);
      progress = { done: (progress?.done ?? 0) + 1, total: run.total };
      announce();
    }
  }

  /** A full list replaces what we had (what is no longer listed is gone); a delta is merged in. */
  function takeRecords(resource: Resource, records: LookupRecord[], run: SyncRun): boolean {
    const latest = newestModifiedAt(records);
    if (resource.fullOnly || run.full) {
      changedSinceKept = true;
      const fresh = new Map<string, LookupRecord>();
      timePhase('join', () => mergeRecords(fresh, records, resource.keyOf));
      data[resource.name] = fresh;
      if (latest === null) newestOf.delete(resource.name);
      else newestOf.set(resource.name, latest);
      if (resource.name === 'nicknames') nicknamesAt = run.startedAt;
      return resource.name === 'debtors' || resource.name === 'nicknames';
    }
    const renamed =
      resource.name === 'debtors' &&
      records.some((record) => {
        const before = data.debtors.get(resource.keyOf(record));
        return !before || before.name !== record.name;
      });
    // The overlap of deltas sends some records again: only a record new or of another date is a reason to write the disk.
    const target = data[resource.name];
    if (records.some((record) => target.get(resource.keyOf(record))?.modifiedAt !== record.modifiedAt)) changedSinceKept = true;
    timePhase('join', () => mergeRecords(target, records, resource.keyOf));
    if (latest !== null && latest > (newestOf.get(resource.name) ?? '')) newestOf.set(resource.name, latest);
    return renamed;
  }

  async function runSync(full: boolean): Promise<LookupStatus> {
    const startedAt = now();
    const wanted = resources.filter((resource) => !resource.fullOnly || full || startedAt - nicknamesAt >= NICKNAMES_EVERY_MS);
    const run: SyncRun = { full, startedAt, signal: new AbortController().signal, total: wanted.length };
    progress = { done: 0, total: wanted.length };
    problems = [];
    announce();
    let namesChanged = false;
    const load = async (resource: Resource) => {
      if (await loadResource(resource, run)) namesChanged = true;
    };
    // A full load answers searches as soon as the names are in: the debtors and nicknames are
    // fetched first, alone (the other lists' parsing would hold theirs up), and indexed once; the
    // scores and client tables follow while the user searches. Fetching the debtors alone first
    // answered sooner (1.2 s against 1.6 s at 100k debtors) but needed a second build when the
    // nicknames came, which froze the search while the user typed (8 s at a million debtors).
    const first = full ? wanted.filter((resource) => resource.name === 'debtors' || resource.name === 'nicknames') : [];
    await Promise.all(first.map(load));
    if (namesChanged && first.length > 0) {
      rebuildIndex();
      namesChanged = false;
      announce();
    }
    // Without the names nothing else can be shown: a failed first load says so now, rather than
    // after the other lists have each used up their own timeouts and retries.
    const names = first.find((resource) => resource.name === 'debtors');
    const namesFailed = names !== undefined && data.debtors.size === 0 && problems.some((p) => p.resource === names.name);
    const rest = namesFailed ? [] : wanted.filter((resource) => !first.includes(resource));
    if (namesFailed) progress = { done: run.total, total: run.total };
    await Promise.all(rest.map(load));
    problems = withWrongBaseUrl(problems, first.length + rest.length);
    if (namesChanged) rebuildIndex();
    progress = null;
    if (!namesFailed && problems.length < wanted.length) syncedAt = startedAt;
    announce();
    // After the window has heard: the file is written in turns, searches answered in between.
    if (!namesFailed && problems.length < wanted.length) await keepOnDisk();
    return status();
  }

  /**
   * The first sync starts from the lists kept on disk, when they can be used: the names first (the
   * search answers from them), then — after a turn of the event loop, so a search typed meanwhile
   * is answered — the rest; the sync that follows is a delta.
   */
  async function restoreOnce(): Promise<void> {
    if (cacheTried || !options.cache) return;
    cacheTried = true;
    const read = options.cache.read(now());
    cacheProblem = read !== null && 'problem' in read ? read.problem : null;
    if (read === null || 'problem' in read) return;
    progress = { done: 0, total: 2 };
    takeIndex(read.opened.index);
    progress = { done: 1, total: 2 };
    announce();
    await new Promise((resolve) => setImmediate(resolve));
    try {
      const rest = read.opened.rest();
      for (const resource of resources) {
        data[resource.name] = new Map();
        mergeRecords(data[resource.name], rest.data[resource.name] ?? [], resource.keyOf);
      }
      for (const [name, newest] of rest.newestOf) newestOf.set(name, newest);
      for (const [name, validator] of rest.validators ?? []) validators.set(name, validator);
      nicknamesAt = rest.nicknamesAt;
      syncedAt = rest.syncedAt;
    } catch {
      cacheProblem = 'unreadable'; // the names were fine, the rest is not: all loaded afresh
      data = emptyData();
      rebuildIndex();
    }
    progress = null;
    announce();
  }

  /** The index read from the disk, with the names and nicknames it holds: searchable before any list is read. */
  function takeIndex(snapshot: IndexSnapshot): void {
    data = emptyData();
    const { keys, nicknames } = snapshot.tables;
    keys.forEach((debtorKey, line) => data.debtors.set(debtorKey, { debtorKey, name: snapshot.names[line] }));
    for (let line = 0; line < keys.length; line++) {
      for (let at = nicknames.start[line]!; at < nicknames.start[line + 1]!; at++)
        data.nicknames.set(String(at), { debtorKey: keys[line], nickname: snapshot.nicknames[at] });
    }
    rebuildNicknames();
    index = searchIndexOver(snapshot.tables);
  }

  /** The index as it is, for the disk; null when it is not the index of the debtors held (then nothing is written). */
  function indexSnapshot(): IndexSnapshot | null {
    const { tables } = index;
    if (tables.keys.length !== data.debtors.size) return null;
    const names = tables.keys.map((key) => indexedName(data.debtors.get(key) ?? { debtorKey: key }));
    const nicknames = tables.keys.flatMap((key) => nicknamesOf.get(key) ?? []);
    return nicknames.length === tables.nicknames.texts.length ? { tables, names, nicknames } : null;
  }

  /** After a sync that changed something, the lists go to disk (in the worker: the main process is never held up). */
  async function keepOnDisk(): Promise<void> {
    const snapshot = options.cache && changedSinceKept ? indexSnapshot() : null;
    if (!options.cache || snapshot === null) return;
    changedSinceKept = false;
    const lists = Object.fromEntries(resources.map((resource) => [resource.name, [...data[resource.name].values()]]));
    // The debtors in the index's name order: read back, the index needs no sort (name-order.ts).
    if (index.size === data.debtors.size)
      lists.debtors = Array.from({ length: index.size }, (_, position) => data.debtors.get(index.keyAt(position))!);
    try {
      const kept = { syncedAt: syncedAt!, nicknamesAt, newestOf: [...newestOf], validators: [...validators], data: lists };
      await options.cache.write({ savedAt: now(), index: snapshot, ...kept });
    } catch {
      /* a full disk or a locked file: the lists are still in memory, and the next open loads them whole */
    }
  }

  /** How many debtors carry each name, counted once per index (the names change only with it). */
  let nameCounts: { of: SearchIndex; counts: Map<string, number> } | null = null;
  function hasNamesake(name: string): boolean {
    if (nameCounts?.of !== index) nameCounts = { of: index, counts: countNames(Array.from(data.debtors.values(), indexedName)) };
    return (nameCounts.counts.get(namesakeKey(name)) ?? 0) > 1;
  }

  /** A debtor as a row of the results; `query`: what was typed, to say why it matched. */
  function row(key: string, query = ''): LookupRow {
    const debtor = data.debtors.get(key) ?? {};
    const score = data.creditScores.get(key) ?? {};
    const bureau = data.bureauScores.get(key) ?? {};
    const name = text(debtor.name) ?? key;
    return {
      debtorKey: key,
      name,
      city: text(debtor.city),
      state: text(debtor.state),
      street: text(debtor.address1),
      postalCode: text(debtor.postalCode),
      namesake: hasNamesake(name),
      status: text(debtor.status),
      creditLimit: number(debtor.creditLimit),
      match: query.trim() === '' ? null : explainMatch(query, { name, nicknames: nicknamesOf.get(key) ?? [], debtorKey: key }),
      score: number(score.score),
      grade: text(score.grade),
      bureauScore: number(bureau.bureauScore),
      riskClass: number(bureau.riskClass),
      modifiedAt: text(debtor.modifiedAt),
    };
  }

  function sorted(positions: Int32Array, sort: LookupSort): Int32Array {
    if (sort.key === 'relevance' || (sort.key === 'name' && !sort.descending)) return positions;
    const keys = Array.from(positions, (position) => index.keyAt(position));
    const field = sort.key as Exclude<LookupSort['key'], 'relevance'>;
    const value = (key: string): string | number | null => {
      const current = row(key);
      return field === 'name' ? foldForSearch(current.name) : current[field];
    };
    const values = new Map(keys.map((key) => [key, value(key)]));
    const order = Array.from(positions.keys()).sort((a, b) => {
      const [left, right] = [values.get(keys[a]!), values.get(keys[b]!)];
      if (left === right) return a - b;
      if (left === null || left === undefined) return 1; // blanks last, whatever the direction
      if (right === null || right === undefined) return -1;
      const compared = left < right ? -1 : 1;
      return sort.descending ? -compared : compared;
    });
    return Int32Array.from(order, (at) => positions[at]!);
  }

  /** These debtors as rows, in the order asked (those not known are left out). */
  const rowsOf = (keys: readonly string[]): LookupRow[] => keys.filter((key) => data.debtors.has(key)).map((key) => row(key));

  const page = (resultId: number, offset: number, limit: number): LookupRow[] => {
    const result = results.get(resultId);
    if (!result) return [];
    return Array.from(result.positions.subarray(offset, offset + limit), (position) =>
      row(result.index.keyAt(position), result.text),
    );
  };

  return {
    /** A full load the first time (or when asked), deltas after. One sync at a time. */
    sync(mode: 'auto' | 'full' = 'auto'): Promise<LookupStatus> {
      syncing ??= Promise.resolve()
        .then(restoreOnce)
        .then(() => runSync(mode === 'full' || syncedAt === null))
        .finally(() => (syncing = null));
      return syncing;
    },
    status,
    search(query: { text: string; sort: LookupSort }): LookupPage {
      const resultId = nextResultId++;
      const positions = sorted(index.search(query.text), query.sort);
      results.set(resultId, { index, positions, text: query.text });
      // Only the latest few result sets are kept: older pages are never asked for again. Of those
      // found in an index since rebuilt, only the newest: each holds a whole index in memory.
      for (const old of results.keys()) if (old < resultId - 4) results.delete(old);
      const stale = [...results].filter(([, result]) => result.index !== index).map(([id]) => id);
      for (const id of stale.slice(0, -1)) results.delete(id);
      const suggested = positions.length === 0 && query.text.trim() !== '' ? index.suggest(query.text) : null;
      // Offered only when it finds someone.
      const suggestion = suggested !== null && index.search(suggested).length > 0 ? suggested : null;
      return { resultId, total: positions.length, offset: 0, rows: page(resultId, 0, FIRST_PAGE), suggestion };
    },
    rows: (resultId: number, offset: number, limit: number): LookupPage => ({
      resultId,
      total: results.get(resultId)?.positions.length ?? 0,
      offset,
      rows: page(resultId, offset, Math.min(limit, 500)),
    }),
    detail(debtorKey: string): DebtorDetail | null {
      const debtor = data.debtors.get(debtorKey);
      if (!debtor) return null;
      const deltas = [...data.clientDeltas.values()]
        .filter((delta) => delta.debtorKey === debtorKey)
        .sort((a, b) => String(b.modifiedAt ?? '').localeCompare(String(a.modifiedAt ?? '')));
      const clients = new Set(deltas.map((delta) => String(delta.clientKey)));
      return {
        debtor,
        creditScore: data.creditScores.get(debtorKey) ?? null,
        bureauScore: data.bureauScores.get(debtorKey) ?? null,
        nicknames: nicknamesOf.get(debtorKey) ?? [],
        deltas,
        banks: [...data.clientBanks.values()].filter((bank) => clients.has(String(bank.clientKey))),
        groups: [...data.clientGroups.values()].filter((group) => clients.has(String(group.clientKey))),
      };
    },
    /** These debtors as rows with every field the service sent, in the order asked (those not known are left out): the comparison. */
    compared: (keys: readonly string[]): ComparedDebtor[] =>
      rowsOf(keys).map((compared) => ({ ...compared, fields: data.debtors.get(compared.debtorKey) ?? {} })),
    /** The figures of these debtors now (those known), for what the lookup remembers (remembered.ts). */
    snapshots(keys: readonly string[]): Array<[string, DebtorSnapshot]> {
      return rowsOf(keys).map(({ debtorKey, name, score, grade, bureauScore, riskClass, status }) => [
        debtorKey,
        { name, score, grade, bureauScore, riskClass, status },
      ]);
    },
    /** The whole result set as CSV, in the order shown; the header in the user's words and the style of their spreadsheet. */
    csv(resultId: number, header: readonly string[], style: CsvStyle): string {
      const total = results.get(resultId)?.positions.length ?? 0;
      const rows = page(resultId, 0, total);
      return toCsv(
        header,
        rows.map((entry) => [
          entry.debtorKey,
          entry.name,
          entry.city,
          entry.state,
          entry.score,
          entry.grade,
          entry.bureauScore,
          entry.riskClass,
          entry.modifiedAt,
        ]),
        style,
      );
    },
    counts: (): Record<ResourceName, number> =>
      Object.fromEntries(resources.map((resource) => [resource.name, data[resource.name].size])) as Record<ResourceName, number>,
    clear() {
      cacheTried = false; // the next sync starts from the disk again
      data = emptyData();
      newestOf.clear();
      rebuildIndex();
      results.clear();
      syncedAt = null;
      problems = [];
      announce();
    },
  };
}

export type LookupEngine = ReturnType<typeof createLookupEngine>;
