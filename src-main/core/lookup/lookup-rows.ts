/**
 * The debtor lookup's records as the window's rows: one debtor with its scores, why it matched what
 * was typed, whether another debtor carries the same name, and result sets in the order asked.
 */
import type { LookupRow, LookupSort } from '../../shared/ipc/contract.ts';
import { explainMatch } from './match-explain.ts';
import { countNames, namesakeKey } from './namesakes.ts';
import { foldForSearch } from './fold-text.ts';
import type { SearchIndex } from './search-index.ts';
import { numberOf, textOf } from './lookup-data.ts';
import { indexedName, type LookupState } from './lookup-state.ts';
import { rowScoresOf } from './score-table.ts';

export function createRowMaker(state: LookupState) {
  /** How many debtors carry each name, counted once per index (the names change only with it). */
  let nameCounts: { of: SearchIndex; counts: Map<string, number> } | null = null;
  function hasNamesake(name: string): boolean {
    if (nameCounts?.of !== state.index)
      nameCounts = { of: state.index, counts: countNames(Array.from(state.data.debtors.values(), indexedName)) };
    return (nameCounts.counts.get(namesakeKey(name)) ?? 0) > 1;
  }

  /** A debtor as a row of the results; `query`: what was typed, to say why it matched. */
  function row(key: string, query = ''): LookupRow {
    const debtor = state.data.debtors.get(key) ?? {};
    const scores = state.scores ? state.scores.of(key) : rowScoresOf(state.data, key);
    const name = textOf(debtor.name) ?? key;
    const nicknames = state.nicknamesOf.get(key) ?? [];
    return {
      debtorKey: key,
      name,
      city: textOf(debtor.city),
      state: textOf(debtor.state),
      street: textOf(debtor.address1),
      postalCode: textOf(debtor.postalCode),
      namesake: hasNamesake(name),
      status: textOf(debtor.status),
      creditLimit: numberOf(debtor.creditLimit),
      match: query.trim() === '' ? null : explainMatch(query, { name, nicknames, debtorKey: key }),
      ...scores,
      modifiedAt: textOf(debtor.modifiedAt),
    };
  }

  /** Positions of the current index in the order asked; blanks last whatever the direction. */
  function sorted(positions: Int32Array, sort: LookupSort): Int32Array {
    if (sort.key === 'relevance' || (sort.key === 'name' && !sort.descending)) return positions;
    const keys = Array.from(positions, (position) => state.index.keyAt(position));
    const field = sort.key as Exclude<LookupSort['key'], 'relevance'>;
    const value = (key: string): string | number | null => {
      const current = row(key);
      return field === 'name' ? foldForSearch(current.name) : current[field];
    };
    const values = new Map(keys.map((key) => [key, value(key)]));
    const order = Array.from(positions.keys()).sort((a, b) => {
      const [left, right] = [values.get(keys[a]!), values.get(keys[b]!)];
      if (left === right) return a - b;
      if (left === null || left === undefined) return 1;
      if (right === null || right === undefined) return -1;
      const compared = left < right ? -1 : 1;
      return sort.descending ? -compared : compared;
    });
    return Int32Array.from(order, (at) => positions[at]!);
  }

  /** These debtors as rows, in the order asked (those not known are left out). */
  const rowsOf = (keys: readonly string[]): LookupRow[] =>
    keys.filter((key) => state.data.debtors.has(key)).map((key) => row(key));

  return { row, sorted, rowsOf };
}
