/** The Advance product's transactions as the lookup window shows them: a checked range, totals. */
import type { AdvanceTransaction } from '../../shared/api/types.ts';
import { isCalendarDay } from '../../shared/moments.ts';
import type { Tolerant, TransactionsView } from '../../shared/domain/lookup.ts';
import type { FieldErrors } from '../../shared/domain/environments.ts';
import { toCsv, type CsvStyle } from '../util/csv.ts';

export interface TransactionRange {
  clientKey?: string;
  startDate?: string;
  endDate?: string;
}

export function checkTransactionRange(range: TransactionRange): FieldErrors {
  const errors: FieldErrors = {};
  for (const [field, label] of [
    ['startDate', 'Start date'],
    ['endDate', 'End date'],
  ] as const) {
    const value = range[field];
    if (value && !isCalendarDay(value)) errors[field] = `${label} must be a date written YYYY-MM-DD, e.g. 2026-03-31.`;
  }
  if (!errors.startDate && !errors.endDate && range.startDate && range.endDate && range.startDate > range.endDate) {
    errors.endDate = `End date (${range.endDate}) is before the start date (${range.startDate}).`;
  }
  return errors;
}

const cents = (amount: number) => Math.round(amount * 100) / 100;

export function summarise(rows: Array<Tolerant<AdvanceTransaction>>): TransactionsView {
  const byType: Record<string, number> = {};
  let total = 0;
  for (const row of rows) {
    const amount = typeof row.amount === 'number' ? row.amount : 0;
    total += amount;
    const type = String(row.type ?? 'other');
    byType[type] = cents((byType[type] ?? 0) + amount);
  }
  const sorted = [...rows].sort(
    (a, b) => String(b.transDate).localeCompare(String(a.transDate)) || String(b.transKey).localeCompare(String(a.transKey)),
  );
  return { rows: sorted, count: rows.length, total: cents(total), byType };
}

/** The transactions export's columns, for their words in the user's language. */
export const TRANSACTION_CSV_COLUMNS = ['transKey', 'clientKey', 'date', 'type', 'amount', 'description'] as const;

export function transactionsCsv(view: TransactionsView, header: readonly string[], style: CsvStyle): string {
  return toCsv(
    header,
    view.rows.map((row) => [row.transKey, row.clientKey, row.transDate, row.type, row.amount, row.description]),
    style,
  );
}
