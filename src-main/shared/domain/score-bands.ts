/**
 * What a credit score (0 worst to 100 best, calculated or the bureau's, as our contract has them)
 * means to an analyst: a risk band, and whether the two scores of one debtor disagree enough to
 * check before relying on either. One place, for the lookup window and its tests.
 */
export type ScoreBand = 'low' | 'moderate' | 'elevated' | 'high';

/** Lower bounds of the bands, best first: 80 and above low risk … below 40 high risk. */
export const SCORE_BANDS: ReadonlyArray<readonly [ScoreBand, number]> = [
  ['low', 80],
  ['moderate', 60],
  ['elevated', 40],
  ['high', 0],
];

/** Points apart at which the calculated and the bureau's score are said to disagree. */
export const DISAGREEMENT_POINTS = 30;

/** The band of a score; null for a value that is no score (missing, text, out of 0–100). */
export function scoreBand(score: unknown): ScoreBand | null {
  if (typeof score !== 'number' || !Number.isFinite(score) || score < 0 || score > 100) return null;
  return SCORE_BANDS.find(([, from]) => score >= from)![0];
}

/** How many points the two scores are apart, when that is enough to disagree; null otherwise. */
export function scoresDisagree(calculated: unknown, bureau: unknown): number | null {
  if (scoreBand(calculated) === null || scoreBand(bureau) === null) return null;
  const apart = Math.abs((calculated as number) - (bureau as number));
  return apart >= DISAGREEMENT_POINTS ? Math.round(apart) : null;
}
