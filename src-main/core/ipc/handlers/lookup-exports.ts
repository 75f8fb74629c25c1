/**
 * The lookup window's CSV exports, each made in the user's words and their spreadsheet's style:
 * results, the access record, a client's book, Advance transactions. A key from a window goes into
 * the file's name only as a harmless segment.
 */
import type { BookBand, ExportRequest } from '../../../shared/ipc/contract.ts';
import type { Translate } from '../../../shared/i18n/translator.ts';
import type { AppCore } from '../../app-core.ts';
import { checkTransactionRange, summarise, TRANSACTION_CSV_COLUMNS, transactionsCsv } from '../../lookup/advance.ts';
import { ACCESS_CSV_COLUMNS, accessCsv } from '../../lookup/access-export.ts';
import { BOOK_CSV_COLUMNS, bookCsv } from '../../lookup/book-export.ts';
import { DEBTOR_CSV_COLUMNS } from '../../lookup/lookup-reader.ts';
import type { CsvStyle } from '../../util/csv.ts';
import { InvalidRequestError } from '../dispatch.ts';

/** A file to save: what it is (its name's stem), the key it is of (if any), and its text. */
export interface ExportFile {
  what: 'debtors' | 'access' | 'book' | 'transactions';
  of?: string;
  csv: string;
}

type Make<K extends ExportRequest['kind']> = (
  core: AppCore,
  request: Extract<ExportRequest, { kind: K }>,
  words: { t: Translate; formats: string },
  style: CsvStyle,
) => Promise<ExportFile>;

const results: Make<'lookup'> = async (core, request, { t }, style) => ({
  what: 'debtors',
  csv: await core.lookup.csv(
    request.resultId,
    DEBTOR_CSV_COLUMNS.map((column) => t(`csv.${column}`)),
    style,
  ),
});

const access: Make<'access'> = async (core, request, { t }, style) => {
  const { entries, names } = await core.lookup.accessRecord(request.debtorKey);
  const header = ACCESS_CSV_COLUMNS.map((column) => t(`csv.${column}`));
  return {
    what: 'access',
    of: request.debtorKey,
    csv: accessCsv({ entries, names, header, viaWord: (via) => t('csv.openedVia', { via }), style }),
  };
};

const book: Make<'book'> = async (core, request, { t }, style) => {
  const found = await core.lookup.book(request.clientKey);
  if (!found) throw new InvalidRequestError(`No debtor of client "${request.clientKey.slice(0, 40)}" is known.`);
  const words = { band: (band: BookBand) => t('lookup.book.band', { band }), yes: t('csv.yes') };
  const header = BOOK_CSV_COLUMNS.map((column) => t(`csv.book.${column}`));
  return { what: 'book', of: request.clientKey, csv: bookCsv(found, header, words, style) };
};

const transactions: Make<'transactions'> = async (core, request, { t, formats }, style) => {
  const errors = checkTransactionRange(request, t, formats);
  if (Object.keys(errors).length > 0) throw new InvalidRequestError(Object.values(errors).join(' '));
  const view = summarise(await core.clients().debtors.advanceTransactions(request));
  const header = TRANSACTION_CSV_COLUMNS.map((column) => t(`csv.${column}`));
  return { what: 'transactions', of: request.clientKey, csv: transactionsCsv(view, header, style) };
};

export function exportFileOf(
  core: AppCore,
  request: ExportRequest,
  words: { t: Translate; formats: string },
  style: CsvStyle,
): Promise<ExportFile> {
  switch (request.kind) {
    case 'lookup':
      return results(core, request, words, style);
    case 'access':
      return access(core, request, words, style);
    case 'book':
      return book(core, request, words, style);
    default:
      return transactions(core, request, words, style);
  }
}
