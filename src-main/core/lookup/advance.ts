/** The Advance product's transactions as the lookup window shows them: a checked range, totals. */
import type { AdvanceTransaction } from '../../shared/api/types.ts';
import { isCalendarDay } from '../../shared/moments.ts';
import { fieldOfDayKey } from '../../shared/date-fields.ts';
import type { Tolerant, TransactionsView } from '../../shared/domain/lookup.ts';
import type { FieldErrors } from '../../shared/domain/environments.ts';
import { toCsv, type CsvStyle } from '../util/csv.ts';
import { english } from '../../shared/i18n/catalogues.ts';
import type { Translate } from '../../shared/i18n/translator.ts';

export interface TransactionRange {
  clientKey?: string;
  startDate?: string;
  endDate?: string;
}

/**
 * The range's problems by field, in the words of `t` (the user's; English by default), the days
 * written as the user's fields write them (`formats`).
 */
export function checkTransactionRange(range: TransactionRange, t: Translate = english.t, formats = 'en'): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of ['startDate', 'endDate'] as const) {
    const value = range[field];
    if (value && !isCalendarDay(value)) errors[field] = t('advance.badDate', { field });
  }
  if (!errors.startDate && !errors.endDate && range.startDate && range.endDate && range.startDate > range.endDate) {
    errors.endDate = t('advance.endBeforeStart', {
      end: fieldOfDayKey(range.endDate, formats),
      start: fieldOfDayKey(range.startDate, formats),
    });
  }
  return errors;
}

const cents = (amount: number) => Math.round(amount * 100) / 100;

export function summarise(rows: Array<Tolerant<AdvanceTransaction>>): TransactionsView {
  // Types come from the service's data: a Map, so "toString" or "__proto__" is just a type.
  const byType = new Map<string, number>();
  let total = 0;
  for (const row of rows) {
    const amount = typeof row.amount === 'number' ? row.amount : 0;
    total += amount;
    const type = String(row.type ?? 'other');
    byType.set(type, cents((byType.get(type) ?? 0) + amount));
  }
  const sorted = [...rows].sort(
    (a, b) => String(b.transDate).localeCompare(String(a.transDate)) || String(b.transKey).localeCompare(String(a.transKey)),
  );
  return { rows: sorted, count: rows.length, total: cents(total), byType: Object.fromEntries(byType) };
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
