/**
 * Figure 2: the lookup's full load of 100k debtors (debtors, scores, bureau scores, nicknames and
 * the client tables) from the mock over loopback — fetch, parse, join, index — and a delta of 100.
 * The mock runs in its own process, as a real server would: its serialising is not the app's time.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DebtorsClient } from '../../core/api/debtors-client.ts';
import { lookupCacheFile, newCacheKey } from '../../core/lookup/lookup-cache.ts';
import { fileURLToPath } from 'node:url';
import { createServiceClients } from '../../core/api/service-clients.ts';
import { mockEnvironment, MOCK_CLIENT_SECRET } from '../../core/environments/environment.ts';
import { createLookupEngine } from '../../core/lookup/lookup-engine.ts';
import { defaultPreferences } from '../../shared/settings-schema.ts';
import { PerformanceObserver } from 'node:perf_hooks';
import type { LookupStatus } from '../../shared/ipc/contract.ts';
import { listenToPhases, type Phase } from '../../core/util/phase-timings.ts';
import { summarise, time, type Summary } from './stats.ts';

export interface SyncFigures {
  debtors: number;
  fullLoad: Summary;
  /** Start of a full load → the first search that finds debtors (the rest may still be loading). */
  timeToFirstSearch: Summary;
  /** Per full load (median of the repeats), ms: network is summed over the lists fetched side by side. */
  breakdown: Record<Phase | 'gc', number>;
  delta100: Summary;
  firstSearchAfterLoadMs: number;
  /** A morning's open from the lists kept on disk: start → the first search that finds debtors, and the whole (a delta). */
  cachedOpen: { timeToFirstSearch: Summary; total: Summary; fileMegabytes: number };
}

const tsx = fileURLToPath(new URL('../../../node_modules/tsx/dist/cli.mjs', import.meta.url));
const cli = fileURLToPath(new URL('../../mock/cli.ts', import.meta.url));

/** Starts `npm run mock` in a child process; resolves with its base URL once it listens. */
export function mockProcess(debtors: number) {
  const child = spawn(process.execPath, [tsx, cli, '--port', '0', '--debtors', String(debtors)], {
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
  return { url, stop: () => child.kill() };
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

export async function syncBench(debtors: number, repeats: number): Promise<SyncFigures> {
  const mock = mockProcess(debtors);
  try {
    const url = await mock.url;
    const environment = mockEnvironment({ timeclockBaseUrl: `${url}/timeclock`, debtorsBaseUrl: `${url}/debtors` });
    const client = () => createServiceClients(environment, MOCK_CLIENT_SECRET, defaultPreferences().network).debtors;
    const full: number[] = [];
    const firstAnswer: number[] = [];
    const phases: Array<Record<Phase | 'gc', number>> = [];
    const delta: number[] = [];
    let firstSearch = 0;
    for (let round = 0; round < repeats; round++) {
      let started = 0;
      const onStatus = (status: LookupStatus) => {
        if (firstAnswer.length > round || status.indexed === 0) return;
        if (engine.search({ text: 'acme', sort: RELEVANCE }).total > 0) firstAnswer.push(performance.now() - started);
      };
      const engine = createLookupEngine({ client: client(), environmentName: 'Mock', onStatus });
      const spent = startPhaseLog();
      started = performance.now();
      full.push((await time(() => engine.sync('full'))).ms);
      phases.push(spent.stop());
      firstSearch = (await time(() => engine.search({ text: 'acme', sort: RELEVANCE }))).ms;
      await fetch(`${url}/__mock/debtors/changes`, { method: 'POST', body: JSON.stringify({ count: 100 }) });
      delta.push((await time(() => engine.sync('auto'))).ms);
    }
    const cachedOpen = await cachedOpenBench(client, repeats);
    return {
      debtors,
      cachedOpen,
      fullLoad: summarise(full),
      timeToFirstSearch: summarise(firstAnswer),
      breakdown: medianOf(phases),
      delta100: summarise(delta),
      firstSearchAfterLoadMs: Math.round(firstSearch * 1000) / 1000,
    };
  } finally {
    mock.stop();
  }
}

/** Loads once into a cache file, then opens from it `repeats` times as the morning's first open does. */
async function cachedOpenBench(client: () => DebtorsClient, repeats: number): Promise<SyncFigures['cachedOpen']> {
  const config = { path: join(mkdtempSync(join(tmpdir(), 'bench-cache-')), 'cache.bin'), key: newCacheKey(), binding: 'bench' };
  await createLookupEngine({ client: client(), environmentName: 'Mock', cache: lookupCacheFile(config) }).sync('full');
  const first: number[] = [];
  const total: number[] = [];
  for (let round = 0; round < repeats; round++) {
    let started = 0;
    let answered = false;
    const engine = createLookupEngine({
      client: client(),
      environmentName: 'Mock',
      cache: lookupCacheFile(config),
      onStatus: (status) => {
        if (answered || status.indexed === 0) return;
        if (engine.search({ text: 'acme', sort: RELEVANCE }).total > 0) {
          answered = true;
          first.push(performance.now() - started);
        }
      },
    });
    started = performance.now();
    total.push((await time(() => engine.sync('auto'))).ms);
  }
  const fileMegabytes = Math.round((statSync(config.path).size / 1_048_576) * 10) / 10;
  rmSync(config.path, { force: true });
  return { timeToFirstSearch: summarise(first), total: summarise(total), fileMegabytes };
}
