/**
 * The lookup's worker thread: builds the engine for one environment and answers the main process.
 * Started by the shell (dist/main/lookup-worker.js) or, in tests, through a TypeScript loader.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { postEvent, serveCalls } from '../util/worker-calls.ts';
import { LOOKUP_CALLS, lookupEngineFor, type LookupWorkerConfig } from './lookup-backend.ts';

const config = (workerData as { config: LookupWorkerConfig }).config;
const port = parentPort!;
const engine = lookupEngineFor(config, (status) => postEvent(port, status));
serveCalls(port, engine, LOOKUP_CALLS);
