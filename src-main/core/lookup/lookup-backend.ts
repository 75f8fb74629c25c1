/**
 * The lookup engine seen from the main process: the same calls, asynchronous, whether the engine
 * runs in a worker thread (the app: heavy parsing and indexing never block the tray) or in process.
 */
import type { Worker } from 'node:worker_threads';
import type { DebtorDetail, LookupPage, LookupSort, LookupStatus } from '../../shared/ipc/contract.ts';
import { environmentFetch } from '../api/network.ts';
import { createServiceClients } from '../api/service-clients.ts';
import type { LookupEngine } from './lookup-engine.ts';

export interface LookupBackend {
  sync(mode: 'auto' | 'full'): Promise<LookupStatus>;
  status(): Promise<LookupStatus>;
  search(query: { text: string; sort: LookupSort }): Promise<LookupPage>;
  rows(resultId: number, offset: number, limit: number): Promise<LookupPage>;
  detail(debtorKey: string): Promise<DebtorDetail | null>;
  csv(resultId: number): Promise<string>;
  /** Frees everything (the worker ends, its memory with it). */
  stop(): Promise<void>;
}

/** What the worker needs to build its engine (it runs inside the main process). */
export interface LookupWorkerConfig {
  environment: import('../../shared/domain/environments.ts').Environment;
  secret: string | null;
  network: import('../../shared/settings-schema.ts').Preferences['network'];
  /** The proxy for the debtors service, as the system resolved it in the main process (null: direct). */
  proxy: string | null;
  systemCa: boolean;
}

/** The debtors client a lookup engine uses, wherever it runs (worker thread or main process). */
export function lookupClient(config: LookupWorkerConfig) {
  const route = config.proxy ? { proxyFor: async () => config.proxy } : null;
  const fetch = environmentFetch(config.environment, route, config.systemCa);
  return createServiceClients(config.environment, config.secret, config.network, fetch ? { fetch } : {}).debtors;
}

export type LookupRequest = { id: number; method: Exclude<keyof LookupBackend, 'stop'>; args: unknown[] };
export type LookupReply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; message: string }
  | { type: 'status'; status: LookupStatus };

export function inProcessBackend(engine: LookupEngine): LookupBackend {
  return {
    sync: (mode) => engine.sync(mode),
    status: async () => engine.status(),
    search: async (query) => engine.search(query),
    rows: async (resultId, offset, limit) => engine.rows(resultId, offset, limit),
    detail: async (debtorKey) => engine.detail(debtorKey),
    csv: async (resultId) => engine.csv(resultId),
    stop: async () => engine.clear(),
  };
}

export function workerBackend(worker: Worker, onStatus: (status: LookupStatus) => void): LookupBackend {
  let nextId = 1;
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  worker.on('message', (reply: LookupReply) => {
    if ('type' in reply) return onStatus(reply.status);
    const waiting = pending.get(reply.id);
    pending.delete(reply.id);
    if (reply.ok) waiting?.resolve(reply.value);
    else waiting?.reject(new Error(reply.message));
  });
  const failAll = (error: Error) => {
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  };
  worker.on('error', (error) => failAll(new Error(`The lookup stopped unexpectedly: ${error.message}`)));
  worker.on('exit', () => failAll(new Error('The lookup was closed.')));

  const call = <T>(method: LookupRequest['method'], ...args: unknown[]) =>
    new Promise<T>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ id, method, args } satisfies LookupRequest);
    });
  return {
    sync: (mode) => call('sync', mode),
    status: () => call('status'),
    search: (query) => call('search', query),
    rows: (resultId, offset, limit) => call('rows', resultId, offset, limit),
    detail: (debtorKey) => call('detail', debtorKey),
    csv: (resultId) => call('csv', resultId),
    stop: async () => void (await worker.terminate()),
  };
}
