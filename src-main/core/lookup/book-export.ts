/**
 * A client's book as CSV, as the view shows it: worst band first, each debtor's band in the
 * analyst's words, exposure and limit as numbers a spreadsheet adds up, the share of the book in
 * per cent. Formula-safe like every export (util/csv.ts). Pure.
 */
import type { BookBand, ClientBook } from '../../shared/ipc/contract.ts';
import { toCsv, type CsvStyle } from '../util/csv.ts';

export const BOOK_CSV_COLUMNS = [
  'debtorKey',
  'name',
  'band',
  'score',
  'bureauScore',
  'creditLimit',
  'exposure',
  'limitUse',
  'share',
  'overConcentration',
] as const;

const percent = (share: number | null) => (share === null ? null : Math.round(share * 1000) / 10);

export function bookCsv(
  book: ClientBook,
  header: readonly string[],
  words: { band(band: BookBand): string; yes: string },
  style: CsvStyle,
): string {
  return toCsv(
    header,
    book.debtors.map((line) => [
      line.debtorKey,
      line.name,
      words.band(line.band),
      line.score,
      line.bureauScore,
      line.creditLimit,
      line.exposure,
      line.limitUse,
      percent(line.share),
      line.overConcentration ? words.yes : '',
    ]),
    style,
  );
}
