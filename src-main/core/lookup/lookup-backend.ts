/**
 * The lookup engine seen from the main process: the same calls, asynchronous, whether the engine
 * runs in a worker thread (the app: heavy parsing and indexing never block the tray) or in process.
 */
import type { Worker } from 'node:worker_threads';
import type { LookupStatus } from '../../shared/ipc/contract.ts';
import { english } from '../../shared/i18n/catalogues.ts';
import type { Translate } from '../../shared/i18n/translator.ts';
import { environmentFetch, knownRoute, type KnownProxy, type ProxyCredentials } from '../api/network.ts';
import { createServiceClients } from '../api/service-clients.ts';
import { createLookupEngine, type LookupEngine } from './lookup-engine.ts';
import { lookupCacheFile, scoresCacheOf, type LookupCacheConfig } from './lookup-cache.ts';
import { createScoreKeeper } from './score-keeper.ts';
import type { ScoreKeeper } from './score-keeper-calls.ts';
import { inProcessClient, workerClient, type Remote } from '../util/worker-calls.ts';

/** The engine's calls the main process makes, wherever the engine runs. */
export const LOOKUP_CALLS = ['sync', 'status', 'search', 'rows', 'detail', 'csv', 'snapshots', 'compared', 'book'] as const;
type LookupCalls = Pick<LookupEngine, (typeof LOOKUP_CALLS)[number]>;

export type LookupBackend = Remote<LookupCalls> & {
  /** Frees everything (the worker ends, its memory with it). */
  stop(): Promise<void>;
};

/**
 * The lookup's engine for a config, wherever it runs: its client, and its lists kept on disk if it
 * has a cache. `scores`: the keeper of the score lists, where a second worker keeps them.
 */
export function lookupEngineFor(
  config: LookupWorkerConfig,
  onStatus: (status: LookupStatus) => void,
  scores?: ScoreKeeper,
): LookupEngine {
  return createLookupEngine({
    client: lookupClient(config),
    environmentName: config.environment.name,
    onStatus,
    cache: config.cache ? lookupCacheFile(config.cache) : null,
    ...(scores ? { scores } : {}),
  });
}

/** The keeper of the score lists for a config (in its own worker), with its own file beside the lookup's. */
export const scoreKeeperFor = (config: LookupWorkerConfig) =>
  createScoreKeeper({
    client: lookupClient(config),
    environmentName: config.environment.name,
    cache: config.cache ? lookupCacheFile(scoresCacheOf(config.cache)) : null,
  });

/** What the worker needs to build its engine (it runs inside the main process). */
export interface LookupWorkerConfig {
  environment: import('../../shared/domain/environments.ts').Environment;
  secret: string | null;
  network: import('../../shared/settings-schema.ts').Preferences['network'];
  /** The proxy for the debtors service, as the system resolved it in the main process (null: direct). */
  proxy: KnownProxy;
  systemCa: boolean;
  /** Where and with which key the lists are kept on disk between runs; null: not kept. */
  cache: LookupCacheConfig | null;
  /** The proxy's user name and password (Basic) by the proxy they were kept for: the worker asks nobody later. */
  proxySignIn: Record<string, ProxyCredentials>;
}

/** The debtors client a lookup engine uses, wherever it runs (worker thread or main process). */
export function lookupClient(config: LookupWorkerConfig) {
  const route = knownRoute(config.proxy);
  const fetch = environmentFetch(config.environment, route, config.systemCa, {
    credentialsFor: (proxy) => (Object.hasOwn(config.proxySignIn, proxy) ? config.proxySignIn[proxy]! : null),
  });
  return createServiceClients(config.environment, config.secret, config.network, fetch ? { fetch } : {}).debtors;
}

export function inProcessBackend(engine: LookupEngine): LookupBackend {
  return { ...inProcessClient<LookupCalls>(engine, LOOKUP_CALLS), stop: async () => engine.clear() };
}

/** What a call to a worker that ended says, in the user's words. */
export const workerWords = (t: Translate) => ({
  crashed: (message: string) => t('lookup.crashed', { reason: message }),
  get closed() {
    return t('lookup.closed');
  },
});

/** `t`: the user's words, for a call the worker's end leaves unanswered. */
export function workerBackend(worker: Worker, onStatus: (status: LookupStatus) => void, t: Translate = english.t): LookupBackend {
  const words = workerWords(t);
  const client = workerClient<LookupCalls, LookupStatus>(worker, LOOKUP_CALLS, onStatus, words);
  return { ...client, stop: async () => void (await worker.terminate()) };
}
