/**
 * The figures of a debtor the lookup remembers and compares (remembered.ts) and watches
 * (watch-rules.ts): what is kept of it at a moment, which fields an analyst is told have changed,
 * and whether two moments' figures are the same. Pure.
 */

/** What is kept of a debtor at a moment: the figures an analyst compares. */
export interface DebtorSnapshot {
  name: string;
  score: number | null;
  grade: string | null;
  bureauScore: number | null;
  riskClass: number | null;
  status: string | null;
  /** The credit limit in use, whole per cent; null where the service sends no balance. Absent in points kept before it was. */
  limitUse?: number | null;
}

/** The fields of a snapshot that an analyst is told have changed (the name only identifies). */
export const COMPARED = ['score', 'grade', 'bureauScore', 'riskClass', 'status', 'limitUse'] as const;
export type ComparedField = (typeof COMPARED)[number];

/** A field of a point: the limit in use is not known of points kept before it was (not compared then). */
export const knownIn = (point: DebtorSnapshot, field: ComparedField) => field !== 'limitUse' || point.limitUse !== undefined;

/** The compared fields all the same (the name may differ). */
export const sameFigures = (a: DebtorSnapshot, b: DebtorSnapshot) =>
  COMPARED.every((field) => !knownIn(a, field) || !knownIn(b, field) || a[field] === b[field]);
