/**
 * The lookup's worker thread: builds the engine for one environment and answers the main process.
 * Started by the shell (dist/main/lookup-worker.js) or, in tests, through a TypeScript loader.
 * It starts a second copy of itself in the role of the score lists' keeper (score-keeper.ts), so
 * the two biggest lists after the debtors are parsed on the other core; the keeper ends with it.
 */
import { Worker, parentPort, workerData } from 'node:worker_threads';
import { postEvent, serveCalls } from '../util/worker-calls.ts';
import { keeperThread } from './keeper-thread.ts';
import { LOOKUP_CALLS, lookupEngineFor, scoreKeeperFor, type LookupWorkerConfig } from './lookup-backend.ts';
import { SCORE_KEEPER_CALLS } from './score-keeper-calls.ts';

interface LookupWorkerData {
  config: LookupWorkerConfig;
  role?: 'scores';
  /** In tests: the loader this file was started through, to start the keeper the same way. */
  bootstrap?: string;
}

const data = workerData as LookupWorkerData;
const port = parentPort!;

if (data.role === 'scores') serveCalls(port, scoreKeeperFor(data.config), SCORE_KEEPER_CALLS);
else {
  const keeper = keeperThread(
    () => new Worker(new URL(data.bootstrap ?? import.meta.url), { workerData: { ...data, role: 'scores' } }),
  );
  const engine = lookupEngineFor(data.config, (status) => postEvent(port, status), keeper);
  serveCalls(port, engine, LOOKUP_CALLS);
}
