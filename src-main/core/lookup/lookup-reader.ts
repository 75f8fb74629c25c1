/**
 * What the debtor lookup answers from what it holds: searches kept as result sets the window pages
 * through, a debtor's details, the comparison, the figures remembered, and the CSV export.
 */
import type { ClientBook, ComparedDebtor, DebtorDetail, LookupPage, LookupRow, LookupSort } from '../../shared/ipc/contract.ts';
import { clientBook, clientRelations } from './client-book.ts';
import { numberOf } from './lookup-data.ts';
import { creditUse } from '../../shared/domain/credit-use.ts';
import type { DebtorSnapshot } from './debtor-figures.ts';
import type { SearchIndex } from './search-index.ts';
import { toCsv, type CsvStyle } from '../util/csv.ts';
import type { LookupState } from './lookup-state.ts';
import { createRowMaker } from './lookup-rows.ts';

/** The debtors export's columns (the main process sends them in the user's words). */
export const DEBTOR_CSV_COLUMNS = [
  'debtorKey',
  'name',
  'city',
  'state',
  'score',
  'grade',
  'bureauScore',
  'riskClass',
  'lastChange',
] as const;

const FIRST_PAGE = 100;

/** A debtor's record with what the other lists hold of it and of its clients. */
function detailOf(state: LookupState, debtorKey: string): DebtorDetail | null {
  const { data } = state;
  const debtor = data.debtors.get(debtorKey);
  if (!debtor) return null;
  const deltas = [...data.clientDeltas.values()]
    .filter((delta) => delta.debtorKey === debtorKey)
    .sort((a, b) => String(b.modifiedAt ?? '').localeCompare(String(a.modifiedAt ?? '')));
  const clients = new Set(deltas.map((delta) => String(delta.clientKey)));
  return {
    debtor,
    creditScore: data.creditScores.get(debtorKey) ?? null,
    bureauScore: data.bureauScores.get(debtorKey) ?? null,
    nicknames: state.nicknamesOf.get(debtorKey) ?? [],
    deltas,
    banks: [...data.clientBanks.values()].filter((bank) => clients.has(String(bank.clientKey))),
    groups: [...data.clientGroups.values()].filter((group) => clients.has(String(group.clientKey))),
  };
}

const csvCells = (entry: LookupRow) => [
  entry.debtorKey,
  entry.name,
  entry.city,
  entry.state,
  entry.score,
  entry.grade,
  entry.bureauScore,
  entry.riskClass,
  entry.modifiedAt,
];

/** A client's whole book from what the state holds; null where no debtor of it is known (client-book.ts). */
function bookReader(state: LookupState, rowsOf: (keys: readonly string[]) => LookupRow[]) {
  /** Each client's debtors, made again when the lists have changed since (a sync, a clear). */
  let relations: { version: string; byClient: Map<string, Set<string>> } | null = null;
  return (clientKey: string, concentrationLimit: number | null): ClientBook | null => {
    const version = `${state.syncedAt}|${state.data.clientDeltas.size}`;
    if (relations?.version !== version) relations = { version, byClient: clientRelations(state.data) };
    const rows = rowsOf([...(relations.byClient.get(clientKey) ?? [])]);
    if (rows.length === 0) return null;
    const balanceOf = (key: string) => numberOf(state.data.debtors.get(key)?.openBalance);
    return clientBook(clientKey, rows, balanceOf, concentrationLimit);
  };
}

/** `scoreRecords`: where a second worker keeps the score lists, how a debtor's two are asked for. */
export function createLookupReader(
  state: LookupState,
  scoreRecords?: (debtorKey: string) => Promise<Pick<DebtorDetail, 'creditScore' | 'bureauScore'>>,
) {
  const { row, sorted, rowsOf } = createRowMaker(state);
  // Each result keeps the index it was found in: a rebuild while the window pages through it (the
  // nicknames arriving during a first load, a renamed debtor) must not turn its positions into
  // other debtors, nor empty an export.
  const results = new Map<number, { index: SearchIndex; positions: Int32Array; text: string }>();
  let nextResultId = 1;
  const book = bookReader(state, rowsOf);

  const page = (resultId: number, offset: number, limit: number): LookupRow[] => {
    const result = results.get(resultId);
    if (!result) return [];
    return Array.from(result.positions.subarray(offset, offset + limit), (position) =>
      row(result.index.keyAt(position), result.text),
    );
  };

  /** Only the latest few result sets are kept; of those found in an index since rebuilt, only the newest (each holds a whole index). */
  function forgetOldResults(newest: number): void {
    for (const old of results.keys()) if (old < newest - 4) results.delete(old);
    const stale = [...results].filter(([, result]) => result.index !== state.index).map(([id]) => id);
    for (const id of stale.slice(0, -1)) results.delete(id);
  }

  return {
    search(query: { text: string; sort: LookupSort }): LookupPage {
      const { index } = state;
      const resultId = nextResultId++;
      const positions = sorted(index.search(query.text), query.sort);
      results.set(resultId, { index, positions, text: query.text });
      forgetOldResults(resultId);
      const suggested = positions.length === 0 && query.text.trim() !== '' ? index.suggest(query.text) : null;
      // Offered only when it finds someone.
      const suggestion = suggested !== null && index.search(suggested).length > 0 ? suggested : null;
      return { resultId, total: positions.length, offset: 0, rows: page(resultId, 0, FIRST_PAGE), suggestion };
    },
    rows: (resultId: number, offset: number, limit: number): LookupPage => ({
      resultId,
      total: results.get(resultId)?.positions.length ?? 0,
      offset,
      rows: page(resultId, offset, Math.min(limit, 500)),
    }),
    async detail(debtorKey: string): Promise<DebtorDetail | null> {
      const detail = detailOf(state, debtorKey);
      return detail && scoreRecords ? { ...detail, ...(await scoreRecords(debtorKey)) } : detail;
    },
    /** These debtors as rows with every field the service sent, in the order asked (those not known are left out): the comparison. */
    compared: (keys: readonly string[]): ComparedDebtor[] =>
      rowsOf(keys).map((compared) => ({ ...compared, fields: state.data.debtors.get(compared.debtorKey) ?? {} })),
    book,
    /** The figures of these debtors now (those known), for what the lookup remembers (remembered.ts). */
    snapshots(keys: readonly string[]): Array<[string, DebtorSnapshot]> {
      return rowsOf(keys).map(({ debtorKey, name, score, grade, bureauScore, riskClass, status, creditLimit }) => {
        const limitUse = creditUse(creditLimit, state.data.debtors.get(debtorKey)?.openBalance)?.percent ?? null;
        return [debtorKey, { name, score, grade, bureauScore, riskClass, status, limitUse }];
      });
    },
    /** The whole result set as CSV, in the order shown; the header in the user's words and the style of their spreadsheet. */
    csv(resultId: number, header: readonly string[], style: CsvStyle): string {
      const total = results.get(resultId)?.positions.length ?? 0;
      return toCsv(header, page(resultId, 0, total).map(csvCells), style);
    },
    /** Forgets every result set (the lists were cleared). */
    clear: () => results.clear(),
  };
}
