/**
 * Figure 2: the lookup's full load of 100k debtors (debtors, scores, bureau scores, nicknames and
 * the client tables) from the mock over loopback — fetch, parse, join, index — and a delta of 100.
 * The mock runs in its own process, as a real server would, and every list's bytes are made before
 * each timed load (the mock keeps a whole list's body once made): what is timed is the
 * client's work and the bytes' way over loopback, not the mock rendering JSON. The CPU time each
 * side spent per load is reported apart. As in the app, the score lists are kept by their own
 * worker thread (the built lookup-worker.js in the keeper's role, score-keeper.ts), started once
 * as the lookup's engine here is made once per process; the engine runs in this thread.
 */
import { spawn } from 'node:child_process';
import { Worker } from 'node:worker_threads';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DebtorsClient } from '../../core/api/debtors-client.ts';
import { lookupCacheFile, newCacheKey, removeLookupCache, scoresCacheOf } from '../../core/lookup/lookup-cache.ts';
import { fileURLToPath } from 'node:url';
import { createServiceClients } from '../../core/api/service-clients.ts';
import { mockEnvironment, MOCK_CLIENT_SECRET } from '../../core/environments/environment.ts';
import { createLookupEngine } from '../../core/lookup/lookup-engine.ts';
import type { LookupWorkerConfig } from '../../core/lookup/lookup-backend.ts';
import { keeperThread } from '../../core/lookup/keeper-thread.ts';
import type { ScoreKeeper } from '../../core/lookup/score-keeper-calls.ts';
import type { Environment } from '../../shared/domain/environments.ts';
import { defaultPreferences } from '../../shared/settings-schema.ts';
import { PerformanceObserver } from 'node:perf_hooks';
import type { LookupStatus } from '../../shared/ipc/contract.ts';
import { listenToPhases, type Phase } from '../../core/util/phase-timings.ts';
import { summarise, time, type Summary } from './stats.ts';
import { demoCredentials } from '../../shared/demo-credentials.ts';

export interface SyncFigures {
  debtors: number;
  fullLoad: Summary;
  /** Start of a full load → the first search that finds debtors (the rest may still be loading). */
  timeToFirstSearch: Summary;
  /** Per full load (median of the repeats), ms: network is summed over the lists fetched side by side. */
  breakdown: Record<Phase | 'gc', number>;
  /** CPU time per full load, ms (median): the app's process (every thread) and the server's. */
  fullLoadCpu: { client: number; server: number };
  delta100: Summary;
  firstSearchAfterLoadMs: number;
  /** The largest client's book (5,000 debtors at 100k): its first open (the relations built) and the next. */
  clientBook: { debtors: number; first: Summary; again: Summary };
  /** A morning's open from the lists kept on disk: start → the first search that finds debtors, and the whole (a delta). */
  cachedOpen: { timeToFirstSearch: Summary; total: Summary; fileMegabytes: number };
}

// The loader in the mock's own process (not tsx's command, which starts a second one): its CPU time is then the mock's.
const tsx = import.meta.resolve('tsx');
const cli = fileURLToPath(new URL('../../mock/cli.ts', import.meta.url));

/** Starts `npm run mock` in a child process; resolves with its base URL once it listens. */
export function mockProcess(debtors: number) {
  const child = spawn(process.execPath, ['--import', tsx, cli, '--port', '0', '--debtors', String(debtors)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += String(chunk);
      const found = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (found) resolve(found[1]!);
    });
    child.on('exit', () => reject(new Error(`The mock exited early: ${output}`)));
  });
  return { url, stop: () => child.kill(), cpuMs: () => processCpuMs(child.pid) };
}

/** CPU time a process has used so far, ms, from Linux's /proc (0 where there is none). */
function processCpuMs(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime, the 12th and 13th fields after the command's name, in clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/** The client's own CPU time so far, ms (every thread of this process). */
function ownCpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** The lists a full load asks for (lookup-data.ts `resources`, by the paths debtors-client.ts asks them at). */
const LIST_PATHS = [
  'Debtors',
  'Debtors/CreditScore',
  'Debtors/CreditBureau',
  'Debtors/Nicknames',
  'Debtors/ClientBanks',
  'Debtors/ClientGroups',
  'Debtors/ClientDelta',
];

/** Asks the mock for every list a full load asks for, so it has their bytes ready, as a real server's are. */
async function prepareBodies(url: string): Promise<void> {
  const headers = { client_id: demoCredentials.clientId, client_secret: demoCredentials.clientSecret };
  for (const path of LIST_PATHS) {
    const response = await fetch(`${url}/debtors/${path}`, { headers });
    if (!response.ok) throw new Error(`The mock answered ${response.status} for ${path}.`);
    await response.arrayBuffer();
  }
}

const RELEVANCE = { key: 'relevance', descending: false } as const;

/** Sums the time of each phase (and of garbage collection) until stopped. */
function startPhaseLog() {
  const spent: Record<Phase | 'gc', number> = { network: 0, parse: 0, read: 0, join: 0, index: 0, gc: 0 };
  listenToPhases((phase, ms) => (spent[phase] += ms));
  const gc = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) spent.gc += entry.duration;
  });
  gc.observe({ entryTypes: ['gc'] });
  return {
    stop() {
      listenToPhases(null);
      gc.disconnect();
      return spent;
    },
  };
}

function medianOf(runs: ReadonlyArray<Record<Phase | 'gc', number>>): Record<Phase | 'gc', number> {
  const phases = Object.keys(runs[0] ?? {}) as Array<Phase | 'gc'>;
  return Object.fromEntries(phases.map((phase) => [phase, Math.round(summarise(runs.map((run) => run[phase])).p50)])) as Record<
    Phase | 'gc',
    number
  >;
}

/** The figures of full loads and deltas alone, without the cached open. */
export type LoadFigures = Omit<SyncFigures, 'cachedOpen'>;
type Mock = ReturnType<typeof mockProcess>;
type ClientOf = () => DebtorsClient;
/** The score lists' keeper in a worker thread of its own, for a cache file (null: none); `stop` ends the thread. */
type KeeperOf = (cache: LookupWorkerConfig['cache']) => ReturnType<typeof keeperThread>;

const builtWorker = new URL('../../../dist/main/lookup-worker.js', import.meta.url);

/** The mock started for `debtors`, a client of it, and the work done with them; the mock and the keepers stopped after. */
async function withMock<T>(
  debtors: number,
  work: (url: string, mock: Mock, client: ClientOf, keeper: KeeperOf) => Promise<T>,
): Promise<T> {
  const mock = mockProcess(debtors);
  const keepers: Array<ReturnType<typeof keeperThread>> = [];
  try {
    const url = await mock.url;
    const environment = mockEnvironment({ timeclockBaseUrl: `${url}/timeclock`, debtorsBaseUrl: `${url}/debtors` });
    const keeper: KeeperOf = (cache) => {
      const started = keeperThread(
        () => new Worker(builtWorker, { workerData: { config: keeperConfig(environment, cache), role: 'scores' } }),
      );
      keepers.push(started);
      return started;
    };
    return await work(
      url,
      mock,
      () => createServiceClients(environment, MOCK_CLIENT_SECRET, defaultPreferences().network).debtors,
      keeper,
    );
  } finally {
    mock.stop();
    await Promise.all(keepers.map((started) => started.stop()));
  }
}

const keeperConfig = (environment: Environment, cache: LookupWorkerConfig['cache']): LookupWorkerConfig => ({
  environment,
  secret: MOCK_CLIENT_SECRET,
  network: defaultPreferences().network,
  proxy: null,
  systemCa: false,
  cache,
  proxySignIn: {},
});

export const syncBench = (debtors: number, repeats: number): Promise<SyncFigures> =>
  withMock(debtors, async (url, mock, client, keeper) => ({
    ...(await loadRounds(debtors, repeats, url, mock, client, keeper(null))),
    cachedOpen: await cachedOpenBench(client, keeper, repeats),
  }));

/** Full loads and deltas only (the under-load figures: the cached open is not measured twice). */
export const fullLoadBench = (debtors: number, repeats: number): Promise<LoadFigures> =>
  withMock(debtors, (url, mock, client, keeper) => loadRounds(debtors, repeats, url, mock, client, keeper(null)));

/** `repeats` rounds of a full load, a search and a delta of 100 changes. */
async function loadRounds(
  debtors: number,
  repeats: number,
  url: string,
  mock: Mock,
  client: ClientOf,
  scores: ScoreKeeper,
): Promise<LoadFigures> {
  const full: number[] = [];
  const firstAnswer: number[] = [];
  const phases: Array<Record<Phase | 'gc', number>> = [];
  const cpu: Array<{ client: number; server: number }> = [];
  const delta: number[] = [];
  const book: { first: number[]; again: number[]; debtors: number } = { first: [], again: [], debtors: 0 };
  let firstSearch = 0;
  for (let round = 0; round < repeats; round++) {
    let started = 0;
    const onStatus = (status: LookupStatus) => {
      if (firstAnswer.length > round || status.indexed === 0) return;
      if (engine.search({ text: 'acme', sort: RELEVANCE }).total > 0) firstAnswer.push(performance.now() - started);
    };
    const engine = createLookupEngine({ client: client(), environmentName: 'Mock', onStatus, scores });
    // Before each load: the last round's changes made the mock's bodies stale.
    await prepareBodies(url);
    const spent = startPhaseLog();
    const cpuBefore = { client: ownCpuMs(), server: mock.cpuMs() };
    started = performance.now();
    full.push((await time(() => engine.sync('full'))).ms);
    cpu.push({ client: ownCpuMs() - cpuBefore.client, server: mock.cpuMs() - cpuBefore.server });
    phases.push(spent.stop());
    firstSearch = (await time(() => engine.search({ text: 'acme', sort: RELEVANCE }))).ms;
    // The largest client's book (one debtor in twenty): the first open builds the relations, the next reads them.
    const opened = await time(() => engine.book('C00001', 25));
    book.first.push(opened.ms);
    book.debtors = opened.value?.debtors.length ?? 0;
    book.again.push((await time(() => engine.book('C00001', 25))).ms);
    await fetch(`${url}/__mock/debtors/changes`, { method: 'POST', body: JSON.stringify({ count: 100 }) });
    delta.push((await time(() => engine.sync('auto'))).ms);
  }
  return {
    debtors,
    fullLoad: summarise(full),
    timeToFirstSearch: summarise(firstAnswer),
    breakdown: medianOf(phases),
    fullLoadCpu: {
      client: Math.round(summarise(cpu.map((load) => load.client)).p50),
      server: Math.round(summarise(cpu.map((load) => load.server)).p50),
    },
    delta100: summarise(delta),
    firstSearchAfterLoadMs: Math.round(firstSearch * 1000) / 1000,
    clientBook: { debtors: book.debtors, first: summarise(book.first), again: summarise(book.again) },
  };
}

/** Loads once into a cache file, then opens from it `repeats` times as the morning's first open does. */
async function cachedOpenBench(client: ClientOf, keeper: KeeperOf, repeats: number): Promise<SyncFigures['cachedOpen']> {
  const config = { path: join(mkdtempSync(join(tmpdir(), 'bench-cache-')), 'cache.bin'), key: newCacheKey(), binding: 'bench' };
  const opened = (scores: ScoreKeeper, onStatus?: (status: LookupStatus) => void) =>
    createLookupEngine({
      client: client(),
      environmentName: 'Mock',
      cache: lookupCacheFile(config),
      scores,
      ...(onStatus ? { onStatus } : {}),
    });
  const loader = keeper(config);
  await opened(loader).sync('full');
  await loader.stop();
  const first: number[] = [];
  const total: number[] = [];
  for (let round = 0; round < repeats; round++) {
    let started = 0;
    let answered = false;
    // A new keeper each open, as the app's lookup worker starts one: its file read back, not its memory.
    const scores = keeper(config);
    const engine = opened(scores, (status) => {
      if (answered || status.indexed === 0) return;
      if (engine.search({ text: 'acme', sort: RELEVANCE }).total > 0) {
        answered = true;
        first.push(performance.now() - started);
      }
    });
    started = performance.now();
    total.push((await time(() => engine.sync('auto'))).ms);
    await scores.stop();
  }
  // The lookup's file and the score keeper's beside it: what the disk holds for one environment.
  const bytes = statSync(config.path).size + statSync(scoresCacheOf(config).path).size;
  const fileMegabytes = Math.round((bytes / 1_048_576) * 10) / 10;
  removeLookupCache(config.path);
  return { timeToFirstSearch: summarise(first), total: summarise(total), fileMegabytes };
}
