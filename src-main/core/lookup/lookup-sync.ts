/**
 * One sync of the debtor lookup: a full load (names first, so the search answers soon) or a delta
 * from each list's newest change minus an overlap, with progress, retries and problems said to the
 * window as they happen. Reads and sets the engine's LookupState.
 */
import { ApiError } from '../api/api-error.ts';
import type { Retrying } from '../api/http-client.ts';
import type { DebtorsClient, ListValidator } from '../api/debtors-client.ts';
import { withWrongBaseUrl } from './wrong-base-url.ts';
import {
  SCORE_LISTS,
  mergeRecords,
  missingFieldProblem,
  newestModifiedAt,
  type LookupRecord,
  type Resource,
} from './lookup-data.ts';
import type { ScoreOutcome } from './score-keeper-calls.ts';
import { rebuildIndex, type LookupState } from './lookup-state.ts';
import { timePhase } from '../util/phase-timings.ts';

/** Deltas start this long before the newest change seen, so nothing slips between two syncs. */
export const DELTA_OVERLAP_MS = 2 * 60_000;
/** Nicknames have no filter: a delta reloads them only this often. */
export const NICKNAMES_EVERY_MS = 30 * 60_000;

export interface SyncContext {
  state: LookupState;
  client: DebtorsClient;
  now: () => number;
  /** Tells the window the status as it is now. */
  announce: () => void;
  /** Writes the lists to disk after a sync that changed something. */
  keepOnDisk: () => Promise<void>;
}

/** One sync's settings, shared by the resources it loads. */
interface SyncRun {
  full: boolean;
  startedAt: number;
  signal: AbortSignal;
  /** Resources in this sync, for progress. */
  total: number;
}

type FetchedList = LookupRecord[] & { incomplete?: string; validator?: ListValidator; notModified?: true };

/** Where a delta of this resource starts (undefined: the whole list). */
function deltaStart(context: SyncContext, resource: Resource, run: SyncRun): Date | undefined {
  const newest = run.full ? null : (context.state.newestOf.get(resource.name) ?? null);
  if (newest === null || resource.fullOnly) return undefined;
  // Never "since" a moment in the server's future (a misread time zone would make it skip changes);
  // a minute of slack covers the Date header's whole seconds and the network.
  const serverNow = run.startedAt + (context.client.serverClockOffsetMs() ?? 0) + 60_000;
  return new Date(Math.min(Date.parse(newest), serverNow) - DELTA_OVERLAP_MS);
}

/** Fetches one resource and takes its records in; true when the debtors' names may have changed. */
async function loadResource(context: SyncContext, resource: Resource, run: SyncRun): Promise<boolean> {
  const { state, announce } = context;
  const onRetry = ({ attempt, of, error }: Retrying) => {
    state.retrying.set(resource.name, {
      resource: resource.name,
      kind: 'retrying',
      error: error.problem,
      attempt: attempt + 1,
      of,
    });
    announce();
  };
  // A list without a filter is asked conditionally when the server gave validators for what we hold.
  const validator = resource.fullOnly && state.data[resource.name].size > 0 ? state.validators.get(resource.name) : undefined;
  try {
    const records = (await resource.fetch(context.client, deltaStart(context, resource, run), {
      signal: run.signal,
      onRetry,
      ...(validator ? { validator } : {}),
      // A full load reaches the service: a cache on the way may hold the list as it was hours ago.
      ...(run.full ? { fresh: true } : {}),
    })) as FetchedList;
    if (records.notModified) {
      if (resource.name === 'nicknames') state.nicknamesAt = run.startedAt;
      return false;
    }
    if (records.validator) state.validators.set(resource.name, records.validator);
    else state.validators.delete(resource.name);
    if (records.incomplete) state.problems.push({ resource: resource.name, kind: 'incomplete', detail: records.incomplete });
    const namesChanged = takeRecords(state, resource, records, run);
    // Over all the resource holds, so a small delta never raises or clears it alone.
    const missing = missingFieldProblem(resource, state.data[resource.name].values());
    if (missing) state.problems.push(missing);
    return namesChanged;
  } catch (error) {
    state.problems.push(
      error instanceof ApiError
        ? { resource: resource.name, kind: 'failed', error: error.problem }
        : { resource: resource.name, kind: 'unexpected', detail: (error as Error).message },
    );
    return false;
  } finally {
    state.retrying.delete(resource.name);
    state.progress = { done: (state.progress?.done ?? 0) + 1, total: run.total };
    announce();
  }
}

/** A full list replaces what we had (what is no longer listed is gone); a delta is merged in. */
function takeRecords(state: LookupState, resource: Resource, records: LookupRecord[], run: SyncRun): boolean {
  const latest = newestModifiedAt(records);
  noteScoresTaken(state, resource, records, run.full);
  if (resource.fullOnly || run.full) {
    state.changedSinceKept = true;
    if (olderThanKnown(state, resource, latest)) return takeStale(state, resource, records);
    const fresh = new Map<string, LookupRecord>();
    timePhase('join', () => mergeRecords(fresh, records, resource.keyOf));
    state.data[resource.name] = fresh;
    if (latest === null) state.newestOf.delete(resource.name);
    else state.newestOf.set(resource.name, latest);
    if (resource.name === 'nicknames') state.nicknamesAt = run.startedAt;
    return resource.name === 'debtors' || resource.name === 'nicknames';
  }
  const renamed =
    resource.name === 'debtors' &&
    records.some((record) => {
      const before = state.data.debtors.get(resource.keyOf(record));
      return !before || before.name !== record.name;
    });
  // The overlap of deltas sends some records again: only a record new or of another date is a reason to write the disk.
  const target = state.data[resource.name];
  if (records.some((record) => target.get(resource.keyOf(record))?.modifiedAt !== record.modifiedAt))
    state.changedSinceKept = true;
  timePhase('join', () => mergeRecords(target, records, resource.keyOf));
  if (latest !== null && latest > (state.newestOf.get(resource.name) ?? '')) state.newestOf.set(resource.name, latest);
  return renamed;
}

/**
 * A whole list whose newest change is older than one a delta already brought: an answer kept by a
 * cache on the way (a proxy that ignored no-cache), not the service's list now.
 */
function olderThanKnown(state: LookupState, resource: Resource, latest: string | null): boolean {
  const known = state.newestOf.get(resource.name);
  return known !== undefined && latest !== null && latest < known;
}

/** A stale whole list is merged, never taken as the whole (it would drop what the delta brought), and said. */
function takeStale(state: LookupState, resource: Resource, records: LookupRecord[]): boolean {
  state.problems.push({ resource: resource.name, kind: 'stale' });
  const target = state.data[resource.name];
  timePhase('join', () => mergeRecords(target, records, resource.keyOf));
  return resource.name === 'debtors' || resource.name === 'nicknames';
}

/** Which debtors' scores a list just taken changed, for the columns the score keeper hands on next. */
function noteScoresTaken(state: LookupState, resource: Resource, records: LookupRecord[], whole: boolean): void {
  if (!SCORE_LISTS.includes(resource.name)) return;
  if (whole) state.touchedScores = 'all';
  else if (state.touchedScores !== 'all') for (const record of records) state.touchedScores.add(resource.keyOf(record));
}

/**
 * The score keeper's sync, run alongside this one (its lists parsed on the other core): its
 * columns taken, its problems (and its file's) said with ours. A keeper that failed leaves the scores unknown.
 */
async function takeScores(state: LookupState, alongside: Promise<ScoreOutcome>): Promise<void> {
  const outcome = await alongside;
  if ('failed' in outcome)
    for (const name of SCORE_LISTS) state.problems.push({ resource: name, kind: 'unexpected', detail: outcome.failed });
  else {
    state.scores?.take(outcome.columns);
    state.problems.push(...outcome.problems);
    state.cacheProblem ??= outcome.cacheProblem;
  }
}

/** Loads what this sync wants, the names first in a full load; the index rebuilt when names changed. */
export async function runSync(context: SyncContext, full: boolean, startScores?: () => Promise<ScoreOutcome>): Promise<void> {
  const { state, announce } = context;
  const startedAt = context.now();
  const wanted = state.lists.filter(
    (resource) => !resource.fullOnly || full || startedAt - state.nicknamesAt >= NICKNAMES_EVERY_MS,
  );
  const kept = startScores ? SCORE_LISTS.length : 0;
  const run: SyncRun = { full, startedAt, signal: new AbortController().signal, total: wanted.length + kept };
  state.progress = { done: 0, total: run.total };
  state.problems = [];
  announce();
  let namesChanged = false;
  const load = async (resource: Resource) => {
    if (await loadResource(context, resource, run)) namesChanged = true;
  };
  // A full load answers searches as soon as the names are in: the debtors and nicknames are
  // fetched first, alone (the other lists' parsing would hold theirs up), and indexed once; the
  // scores and client tables follow while the user searches. Fetching the debtors alone first
  // answered sooner (1.2 s against 1.6 s at 100k debtors) but needed a second build when the
  // nicknames came, which froze the search while the user typed (8 s at a million debtors).
  const first = full ? wanted.filter((resource) => resource.name === 'debtors' || resource.name === 'nicknames') : [];
  await Promise.all(first.map(load));
  // Without the names nothing else can be shown: a failed first load says so now, rather than
  // after the other lists have each used up their own timeouts and retries.
  const names = first.find((resource) => resource.name === 'debtors');
  const namesFailed =
    names !== undefined && state.data.debtors.size === 0 && state.problems.some((p) => p.resource === names.name);
  const rest = namesFailed ? [] : wanted.filter((resource) => !first.includes(resource));
  if (namesFailed) state.progress = { done: run.total, total: run.total };
  // The other lists are asked for before the index is built, their bytes arriving meanwhile, and
  // the keeper's (when it keeps the scores) parsed on the other core: after the names, as before,
  // so the names keep the network to themselves.
  const restLoaded = Promise.all(rest.map(load));
  if (!namesFailed) startScores?.();
  if (namesChanged && first.length > 0) {
    rebuildIndex(state);
    namesChanged = false;
    announce();
  }
  await restLoaded;
  // Not started when the names failed (said now, as above).
  if (startScores && !namesFailed) await takeScores(state, startScores());
  state.problems = withWrongBaseUrl(state.problems, first.length + rest.length + (namesFailed ? 0 : kept));
  if (namesChanged) rebuildIndex(state);
  state.progress = null;
  const anyLoaded = !namesFailed && state.problems.length < wanted.length;
  if (anyLoaded) state.syncedAt = startedAt;
  announce();
  // After the window has heard: the file is written in turns, searches answered in between.
  if (anyLoaded) await context.keepOnDisk();
}
