/**
 * A client's whole book (D&B's Portfolio Manager, Creditsafe's portfolios): the debtors the service
 * relates to one client (its client delta records), each with its risk band, what it owes against
 * its limit, and the share of the client's book it holds — the concentration a factoring contract's
 * clause limits — the worst bands first, and the book's spread by band. Exposure is the debtor's
 * open balance as the service sends it (over all its clients: the service has no balance per
 * client); a debtor without one counts in the book but not in the shares. Pure.
 */
import type { BookBand, BookLine, ClientBook, LookupRow } from '../../shared/ipc/contract.ts';
import { creditUse } from '../../shared/domain/credit-use.ts';
import { scoreBand } from '../../shared/domain/score-bands.ts';
import type { LookupData } from './lookup-data.ts';

/** Worst first; debtors without a score last. */
export const BAND_ORDER: readonly BookBand[] = ['high', 'elevated', 'moderate', 'low', 'none'];

/** Which debtors each client's records relate it to, built once per state of the lists. */
export function clientRelations(data: Pick<LookupData, 'clientDeltas'>): Map<string, Set<string>> {
  const relations = new Map<string, Set<string>>();
  for (const delta of data.clientDeltas.values()) {
    if (typeof delta.clientKey !== 'string' || typeof delta.debtorKey !== 'string') continue;
    let debtors = relations.get(delta.clientKey);
    if (!debtors) relations.set(delta.clientKey, (debtors = new Set()));
    debtors.add(delta.debtorKey);
  }
  return relations;
}

const bandOf = (row: LookupRow): BookBand => scoreBand(row.score) ?? scoreBand(row.bureauScore) ?? 'none';

function lineOf(row: LookupRow, exposure: number | null, total: number, limit: number | null): BookLine {
  const share = exposure === null || total <= 0 ? null : exposure / total;
  return {
    debtorKey: row.debtorKey,
    name: row.name,
    status: row.status,
    band: bandOf(row),
    score: row.score,
    grade: row.grade,
    bureauScore: row.bureauScore,
    creditLimit: row.creditLimit,
    exposure,
    limitUse: creditUse(row.creditLimit, exposure)?.percent ?? null,
    share,
    overConcentration: limit !== null && share !== null && share * 100 > limit,
  };
}

/**
 * The book of `clientKey` from its debtors' rows and balances; `concentrationLimit`: the share of
 * the book (per cent) a debtor may hold under the factoring contract, null where none is set.
 */
export function clientBook(
  clientKey: string,
  rows: readonly LookupRow[],
  balanceOf: (debtorKey: string) => number | null,
  concentrationLimit: number | null,
): ClientBook {
  const balances = rows.map((row) => balanceOf(row.debtorKey));
  const exposure = balances.reduce<number>((sum, balance) => sum + (balance ?? 0), 0);
  const lines = rows.map((row, at) => lineOf(row, balances[at] ?? null, exposure, concentrationLimit));
  // Worst band first, the largest exposure first within it; a tie by key (a locale's collation costs more than the rest together).
  const rank = new Map(BAND_ORDER.map((band, at) => [band, at]));
  lines.sort(
    (a, b) =>
      rank.get(a.band)! - rank.get(b.band)! ||
      (b.exposure ?? -1) - (a.exposure ?? -1) ||
      (a.debtorKey < b.debtorKey ? -1 : a.debtorKey > b.debtorKey ? 1 : 0),
  );
  const spread = new Map(BAND_ORDER.map((band) => [band, { debtors: 0, exposure: 0 }]));
  for (const line of lines) {
    const band = spread.get(line.band)!;
    band.debtors++;
    band.exposure += line.exposure ?? 0;
  }
  const bands = BAND_ORDER.map((band) => {
    const { debtors, exposure: bandExposure } = spread.get(band)!;
    return { band, debtors, exposure: bandExposure, share: exposure > 0 ? bandExposure / exposure : null };
  });
  return {
    clientKey,
    debtors: lines,
    exposure,
    withoutBalance: balances.filter((balance) => balance === null).length,
    bands,
    concentrationLimit,
  };
}
