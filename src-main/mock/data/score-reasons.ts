/**
 * The mock's reason codes: what moves each score, made from the figures the score was made of (no
 * random draw, so a seed's data set is what it was). About half the scores carry reasons, the rest
 * none, so a newcomer sees both "what moves this score" and "none were sent". The bureau adds its
 * own words to each code, as bureaus do; the calculated score sends codes and points only.
 */
import type { ScoreReasonRecord as ScoreReason } from '../../shared/api/types.ts';

/** A small number from the debtor's key, for variety that does not draw on the seed's sequence. */
const keyNumber = (debtorKey: string) => [...debtorKey].reduce((sum, char) => (sum * 31 + char.charCodeAt(0)) % 997, 7);

export function calculatedReasons(debtorKey: string, score: number, daysBeyondTerms: number): ScoreReason[] | undefined {
  const reasons: ScoreReason[] = [];
  if (score < 70) reasons.push({ code: 'LATE_PAYMENTS', impact: -Math.max(3, Math.round(daysBeyondTerms / 2)) });
  if (score < 60) reasons.push({ code: 'HIGH_LIMIT_USE', impact: -8 });
  if (score < 50) reasons.push({ code: 'DISPUTES', impact: -6 });
  if (score < 80 && keyNumber(debtorKey) % 4 === 0) reasons.push({ code: 'SHORT_HISTORY', impact: -4 });
  if (score >= 90) reasons.push({ code: 'PAYS_ON_TIME', impact: 6 });
  return reasons.length > 0 ? reasons : undefined;
}

const BUREAU_WORDS: Record<string, string> = {
  SUPPLIER_LATE_PAYMENTS: 'Payments to other suppliers reported late',
  PUBLIC_FILINGS: 'Liens or judgments on file',
  YOUNG_BUSINESS: 'Few years in business',
  MANY_ENQUIRIES: 'Many recent credit enquiries',
  ESTABLISHED: 'Long-established business',
};
const bureauReason = (code: string, impact: number): ScoreReason => ({ code, description: BUREAU_WORDS[code], impact });

export function bureauReasons(debtorKey: string, bureauScore: number): ScoreReason[] | undefined {
  const reasons: ScoreReason[] = [];
  if (bureauScore < 55) reasons.push(bureauReason('SUPPLIER_LATE_PAYMENTS', -10));
  if (bureauScore < 40) reasons.push(bureauReason('PUBLIC_FILINGS', -15));
  if (bureauScore < 70 && keyNumber(debtorKey) % 3 === 0) reasons.push(bureauReason('MANY_ENQUIRIES', -5));
  if (bureauScore < 70 && keyNumber(debtorKey) % 5 === 1) reasons.push(bureauReason('YOUNG_BUSINESS', -7));
  if (bureauScore >= 85) reasons.push(bureauReason('ESTABLISHED', 5));
  return reasons.length > 0 ? reasons : undefined;
}
