/**
 * What the lookup's engine asks of the score lists' keeper (score-keeper.ts), wherever it runs —
 * in its own thread in the app, in this one in tests — and how one of its syncs is taken.
 */
import type { LookupCacheProblem, LookupProblem } from '../../shared/domain/lookup.ts';
import type { LookupRecord } from './lookup-data.ts';
import type { ScoreColumns } from './score-table.ts';

/** What one sync of the keeper hands the lookup. */
export interface ScoreSync {
  columns: ScoreColumns;
  problems: LookupProblem[];
  /** Why the keeper's own file could not be used (said as the lookup's own file's would be). */
  cacheProblem: LookupCacheProblem | null;
}

/** The keeper's calls, each answered later (from another thread in the app). */
export interface ScoreKeeper {
  /** A full load when asked (or nothing is held yet, or read from disk), a delta otherwise; the columns that changed. */
  sync(full: boolean): Promise<ScoreSync>;
  /** A debtor's two score records, for its details. */
  records(debtorKey: string): Promise<{ creditScore: LookupRecord | null; bureauScore: LookupRecord | null }>;
  clear(): Promise<void>;
}

/** A keeper's sync as the lookup takes it: its answer, or why there is none (a keeper that ended). */
export type ScoreOutcome = ScoreSync | { failed: string };

/** Starts the keeper's sync; its failure is held as an outcome, not left as a rejection nobody has heard yet. */
export const startScoreSync = (keeper: ScoreKeeper, full: boolean): Promise<ScoreOutcome> =>
  keeper.sync(full).catch((error: unknown) => ({ failed: (error as Error).message }));

/** The keeper's calls the lookup's worker makes. */
export const SCORE_KEEPER_CALLS = ['sync', 'records', 'clear'] as const;
