/** What the lookup hands the windows beyond the API's own payload types. */
import type { AdvanceTransaction } from '../api/types.ts';
import type { ApiProblemFacts } from './api-problem.ts';

/** An API object as a real server may send it: our contract's fields, and whatever else it adds. */
export type Tolerant<T> = T & { [field: string]: unknown };

export interface TransactionsView {
  rows: Array<Tolerant<AdvanceTransaction>>;
  count: number;
  total: number;
  /** Sum per transaction type (advance, repayment, fee, …). */
  byType: Record<string, number>;
}

/** The lists the lookup loads from the debtors service. */
/**
 * Why the lists kept on disk were not used (the lookup then loads afresh): damaged or sealed with a
 * key this user can no longer read, written for another environment, or too old.
 */
export type LookupCacheProblem = 'unreadable' | 'foreign' | 'stale';

export type ResourceName =
  'debtors' | 'creditScores' | 'bureauScores' | 'nicknames' | 'clientBanks' | 'clientGroups' | 'clientDeltas';

/**
 * Why a list is missing or partial, as facts (the window words them in the user's language):
 * its request failed or is being tried again, the server's paging stopped short, or most records
 * lack the field the lookup shows.
 */
export type LookupProblem = { resource: ResourceName } & (
  | { kind: 'failed'; error: ApiProblemFacts }
  | { kind: 'retrying'; error: ApiProblemFacts; attempt: number; of: number }
  | { kind: 'unexpected'; detail: string }
  | { kind: 'incomplete'; detail: string }
  | { kind: 'missing-field'; field: string; missing: number; total: number; seen: string }
  /** A whole list older than changes already loaded: a cache on the way answered, not the service. */
  | { kind: 'stale' }
);
