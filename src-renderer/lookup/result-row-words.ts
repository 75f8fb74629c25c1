/** What a result row says beyond its fields: the row not fetched yet, where the debtor is, the columns. */
import type { LookupRow, LookupSortKey } from '../../src-main/shared/ipc/contract.ts';

/** A row not fetched yet: the same elements as any other, its name saying so. */
export const waitingRow = (loading: string): LookupRow => ({
  debtorKey: '',
  name: loading,
  city: null,
  state: null,
  street: null,
  postalCode: null,
  namesake: false,
  status: null,
  creditLimit: null,
  match: null,
  score: null,
  grade: null,
  bureauScore: null,
  riskClass: null,
  modifiedAt: null,
});

export const resultColumns: ReadonlyArray<{ key: LookupSortKey; numeric?: boolean }> = [
  { key: 'name' },
  { key: 'debtorKey' },
  { key: 'score', numeric: true },
  { key: 'bureauScore', numeric: true },
  { key: 'modifiedAt' },
];

/**
 * Where the debtor is: the city; with its postal code and street when another debtor has its name,
 * the postal code early, so a narrow row cuts the street rather than what tells the twins apart.
 */
export const placeOf = (row: LookupRow) =>
  [row.city, [row.state, row.namesake ? row.postalCode : null].filter(Boolean).join(' '), row.namesake ? row.street : null]
    .filter(Boolean)
    .join(', ');
