/** Starts the real lookup worker from its TypeScript source, for tests. */
import { Worker } from 'node:worker_threads';
import type { LookupWorkerConfig } from '../core/lookup/lookup-backend.ts';

const bootstrap = new URL('./ts-worker.mjs', import.meta.url);
const entry = new URL('../core/lookup/lookup-worker.ts', import.meta.url).href;

/** `bootstrap`: the worker starts the score lists' keeper the same way (lookup-worker.ts). */
export const startTestLookupWorker = (config: LookupWorkerConfig) =>
  new Worker(bootstrap, { workerData: { entry, config, bootstrap: bootstrap.href } });
