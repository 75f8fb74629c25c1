/**
 * Simulates activity on the debtors service so delta sync has something to find: changes the
 * limits and scores of existing debtors, or adds new ones, stamping `modifiedAt` with now.
 */
import type { Random } from './random.ts';
import { debtorKeyOf, gradeOf, openBalanceOf, type DebtorsDataset } from './generate-debtors.ts';
import { calculatedReasons } from './score-reasons.ts';
import type { ModifiedOrder } from './modified-order.ts';

export interface DebtorChanges {
  /** How many existing debtors to change. */
  count?: number;
  /** How many new debtors to add. */
  add?: number;
}

/** Returns the keys of the debtors changed or added; `order` is told of every record stamped. */
export function changeDebtors(
  set: DebtorsDataset,
  changes: DebtorChanges,
  random: Random,
  now: number,
  order?: ModifiedOrder,
): string[] {
  const modifiedAt = new Date(now).toISOString();
  const touched = new Set<string>();
  const scoresByKey = new Map(set.creditScores.map((score) => [score.debtorKey, score]));

  for (let left = Math.min(changes.count ?? 0, set.debtors.length); left > 0;) {
    const debtor = set.debtors[random.int(0, set.debtors.length - 1)];
    if (!debtor || touched.has(debtor.debtorKey)) continue;
    debtor.creditLimit = random.int(1, 200) * 5_000;
    // The balance follows the new limit, so the share in use stays what the debtor's key gives.
    Object.assign(debtor, openBalanceOf(debtor.debtorKey, debtor.creditLimit));
    debtor.modifiedAt = modifiedAt;
    order?.touched(set.debtors, [debtor]);
    const score = scoresByKey.get(debtor.debtorKey);
    if (score) {
      score.score = random.int(20, 99);
      // The grade and the reasons follow the new score, as the service's own calculation would.
      score.grade = gradeOf(score.score);
      const reasons = calculatedReasons(score.debtorKey, score.score, score.daysBeyondTerms ?? 0);
      if (reasons) score.reasons = reasons;
      else delete score.reasons;
      score.calculatedAt = modifiedAt;
      score.modifiedAt = modifiedAt;
      order?.touched(set.creditScores, [score]);
    }
    touched.add(debtor.debtorKey);
    left--;
  }

  for (let left = changes.add ?? 0; left > 0; left--) {
    const debtorKey = debtorKeyOf(set.debtors.length);
    set.debtors.push({
      debtorKey,
      name: `New Account ${set.debtors.length + 1} LLC`,
      city: 'Dallas',
      state: 'TX',
      country: 'US',
      creditLimit: 25_000,
      status: 'active',
      mcNumber: null,
      modifiedAt,
    });
    order?.touched(set.debtors, set.debtors.slice(-1));
    touched.add(debtorKey);
  }
  return [...touched];
}
