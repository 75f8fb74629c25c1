/**
 * The score lists' own engine. In the app it runs in a second worker thread beside the lookup's
 * (started by it, keeper-thread.ts): the credit and bureau scores — a quarter of a full load's
 * bytes — are fetched, parsed and kept there, on the other core, while the lookup's worker builds
 * the index and takes the client tables. The lookup gets only the columns its rows show
 * (score-table.ts) and asks for a debtor's two records when its details are opened. The records
 * never cross between the threads whole: cloning them costs what parsing them does.
 */
import { SCORE_LISTS } from './lookup-data.ts';
import { createLookupEngine, type LookupEngineOptions } from './lookup-engine.ts';
import type { ScoreKeeper, ScoreSync } from './score-keeper-calls.ts';

export function createScoreKeeper(options: Omit<LookupEngineOptions, 'scores' | 'only' | 'writeBehind'>): ScoreKeeper {
  const engine = createLookupEngine({ ...options, only: SCORE_LISTS, writeBehind: true });
  return {
    async sync(full: boolean): Promise<ScoreSync> {
      const status = await engine.sync(full ? 'full' : 'auto');
      return { columns: engine.scoreColumns(), problems: status.problems, cacheProblem: status.cacheProblem ?? null };
    },
    records: async (debtorKey: string) => engine.scoreRecords(debtorKey),
    clear: async () => engine.clear(),
  };
}
