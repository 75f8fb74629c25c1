/**
 * The mock's reason codes: what moves each score, made from the figures the score was made of (no
 * random draw, so a seed's data set is what it was). The weaker scores (and the very best) carry
 * reasons, the rest none, so a newcomer sees both "what moves this score" and "none were sent" —
 * and the lists stay close to their old size (a million debtors' reasons are bytes on every load).
 * Codes only, as our contract's are worded by the app; one bureau code of its own comes with the
 * bureau's words, as a code the app does not know would.
 */
import type { ScoreReasonRecord as ScoreReason } from '../../shared/api/types.ts';

/** A small number from the debtor's key, for variety that does not draw on the seed's sequence. */
const keyNumber = (debtorKey: string) => [...debtorKey].reduce((sum, char) => (sum * 31 + char.charCodeAt(0)) % 997, 7);

export function calculatedReasons(debtorKey: string, score: number, daysBeyondTerms: number): ScoreReason[] | undefined {
  if (score >= 97) return [{ code: 'PAYS_ON_TIME', impact: 6 }];
  if (score >= 55) return undefined;
  const reasons: ScoreReason[] = [{ code: 'LATE_PAYMENTS', impact: -Math.max(3, Math.round(daysBeyondTerms / 2)) }];
  if (score < 40) reasons.push({ code: keyNumber(debtorKey) % 2 === 0 ? 'HIGH_LIMIT_USE' : 'DISPUTES', impact: -8 });
  else if (keyNumber(debtorKey) % 4 === 0) reasons.push({ code: 'SHORT_HISTORY', impact: -4 });
  return reasons;
}

export function bureauReasons(debtorKey: string, bureauScore: number): ScoreReason[] | undefined {
  if (bureauScore >= 98) return [{ code: 'ESTABLISHED', impact: 5 }];
  if (bureauScore >= 30) return undefined;
  const number = keyNumber(debtorKey);
  const reasons: ScoreReason[] = [{ code: 'SUPPLIER_LATE_PAYMENTS', impact: -10 }];
  if (bureauScore < 24) reasons.push({ code: 'PUBLIC_FILINGS', impact: -15 });
  else if (number % 3 === 0) reasons.push({ code: number % 2 === 0 ? 'MANY_ENQUIRIES' : 'YOUNG_BUSINESS', impact: -5 });
  if (number % 10 === 0) reasons.push({ code: 'B-IND-07', description: 'Industry sector under pressure', impact: -3 });
  return reasons;
}
