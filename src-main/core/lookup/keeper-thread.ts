/**
 * The score lists' keeper (score-keeper.ts) in a thread of its own, started at its first call —
 * once the lookup's names are in — so its start does not slow the names' read (a cached open's
 * first search). A call it leaves unanswered fails into the score lists' problems, in English like
 * the lookup's other unexpected errors (the user's language is the main process's, not known here).
 */
import type { Worker } from 'node:worker_threads';
import { english } from '../../shared/i18n/catalogues.ts';
import { workerClient } from '../util/worker-calls.ts';
import { workerWords } from './lookup-backend.ts';
import { SCORE_KEEPER_CALLS, type ScoreKeeper } from './score-keeper-calls.ts';

export function keeperThread(start: () => Worker): ScoreKeeper & { stop(): Promise<void> } {
  let thread: Worker | null = null;
  let calls: ScoreKeeper | null = null;
  /** The keeper's calls; a keeper whose thread ended (a crash) is started afresh at the next call, not left failing every sync. */
  function started(): ScoreKeeper {
    if (calls) return calls;
    const worker = start();
    worker.once('exit', () => {
      if (thread !== worker) return;
      thread = null;
      calls = null;
    });
    thread = worker;
    calls = workerClient<ScoreKeeper, never>(worker, SCORE_KEEPER_CALLS, () => undefined, workerWords(english.t));
    return calls;
  }
  return {
    sync: (full) => started().sync(full),
    records: (debtorKey) => started().records(debtorKey),
    clear: async () => calls?.clear(),
    stop: async () => void (await thread?.terminate()),
  };
}
