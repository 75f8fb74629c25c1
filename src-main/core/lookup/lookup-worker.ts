/**
 * The lookup's worker thread: builds the engine for one environment and answers the main process.
 * Started by the shell (dist/main/lookup-worker.js) or, in tests, through a TypeScript loader.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { lookupClient, type LookupReply, type LookupRequest, type LookupWorkerConfig } from './lookup-backend.ts';
import { createLookupEngine } from './lookup-engine.ts';

const config = (workerData as { config: LookupWorkerConfig }).config;
const port = parentPort!;
const engine = createLookupEngine({
  client: lookupClient(config),
  environmentName: config.environment.name,
  onStatus: (status) => port.postMessage({ type: 'status', status } satisfies LookupReply),
});

port.on('message', async ({ id, method, args }: LookupRequest) => {
  try {
    const value = await (engine[method] as (...parameters: unknown[]) => unknown)(...args);
    port.postMessage({ id, ok: true, value } satisfies LookupReply);
  } catch (error) {
    port.postMessage({ id, ok: false, message: (error as Error).message } satisfies LookupReply);
  }
});
