/**
 * How much of a debtor's credit limit is in use: the open balance (what the debtor owes now on
 * purchased invoices) against the approved limit. Only where the service sends both as numbers and
 * the limit is above zero; otherwise there is nothing to say (not every service has a balance).
 */
export interface CreditUse {
  /** The balance as a share of the limit, in whole per cent (may pass 100). */
  percent: number;
  /** By how much the balance passes the limit; 0 within it. */
  over: number;
}

export function creditUse(limit: unknown, balance: unknown): CreditUse | null {
  if (typeof limit !== 'number' || typeof balance !== 'number') return null;
  if (!Number.isFinite(limit) || !Number.isFinite(balance) || limit <= 0 || balance < 0) return null;
  return { percent: Math.round((balance / limit) * 100), over: Math.max(0, balance - limit) };
}
