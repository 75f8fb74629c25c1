/**
 * What a pinned debtor's notice fires on, as the analyst chose it, for all pinned debtors or for
 * one (Creditsafe's and Risika's monitoring rules): any change of its figures; a score drop of at
 * least N points; a score crossing into another risk band; a change of status (insolvency, closed);
 * its credit limit used beyond a share. Pure: the figures before (the last point kept) and now in,
 * the rules that fire out, each with what it saw.
 */
import * as v from 'valibot';
import { scoreBand, type ScoreBand } from '../../shared/domain/score-bands.ts';
import type { WatchRules } from '../../shared/ipc/contract.ts';
import { sameFigures, type DebtorSnapshot } from './debtor-figures.ts';

/** The rules before the analyst chose any: told of any change, as pinned debtors always were. */
export const DEFAULT_RULES: WatchRules = {
  anyChange: true,
  scoreDrop: null,
  bandCrossed: false,
  statusChange: false,
  limitUse: null,
};

export const watchRulesSchema = v.object({
  anyChange: v.boolean(),
  scoreDrop: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100))),
  bandCrossed: v.boolean(),
  statusChange: v.boolean(),
  limitUse: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(200))),
});

type Score = 'score' | 'bureauScore';

/** A rule that fired, with what it saw. */
export type FiredRule =
  | { rule: 'anyChange' }
  | { rule: 'scoreDrop'; score: Score; from: number; to: number; points: number }
  | { rule: 'bandCrossed'; score: Score; from: ScoreBand; to: ScoreBand }
  | { rule: 'statusChange'; from: string | null; to: string | null }
  | { rule: 'limitUse'; percent: number; threshold: number };

const SCORES: readonly Score[] = ['score', 'bureauScore'];

function drops(before: DebtorSnapshot, now: DebtorSnapshot, points: number): FiredRule[] {
  return SCORES.flatMap((score): FiredRule[] => {
    const [from, to] = [before[score], now[score]];
    return from !== null && to !== null && from - to >= points ? [{ rule: 'scoreDrop', score, from, to, points }] : [];
  });
}

function crossings(before: DebtorSnapshot, now: DebtorSnapshot): FiredRule[] {
  return SCORES.flatMap((score): FiredRule[] => {
    const [from, to] = [scoreBand(before[score]), scoreBand(now[score])];
    return from !== null && to !== null && from !== to ? [{ rule: 'bandCrossed', score, from, to }] : [];
  });
}

/** The rules that fire between the figures kept last and those of now, the specific ones first. */
export function firedRules(before: DebtorSnapshot, now: DebtorSnapshot, rules: WatchRules): FiredRule[] {
  const fired: FiredRule[] = [];
  if (rules.scoreDrop !== null) fired.push(...drops(before, now, rules.scoreDrop));
  if (rules.bandCrossed) fired.push(...crossings(before, now));
  if (rules.statusChange && before.status !== now.status)
    fired.push({ rule: 'statusChange', from: before.status, to: now.status });
  const use = now.limitUse ?? null;
  // Told when the use goes past the share, not at every sync while it stays there.
  if (
    rules.limitUse !== null &&
    use !== null &&
    use >= rules.limitUse &&
    (before.limitUse === null || before.limitUse === undefined || before.limitUse < rules.limitUse)
  )
    fired.push({ rule: 'limitUse', percent: use, threshold: rules.limitUse });
  if (fired.length === 0 && rules.anyChange && !sameFigures(before, now)) fired.push({ rule: 'anyChange' });
  return fired;
}
