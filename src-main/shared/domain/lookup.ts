/** What the lookup hands the windows beyond the API's own payload types. */
import type { AdvanceTransaction } from '../api/types.ts';

/** An API object as a real server may send it: our contract's fields, and whatever else it adds. */
export type Tolerant<T> = T & { [field: string]: unknown };

export interface TransactionsView {
  rows: Array<Tolerant<AdvanceTransaction>>;
  count: number;
  total: number;
  /** Sum per transaction type (advance, repayment, fee, …). */
  byType: Record<string, number>;
}
