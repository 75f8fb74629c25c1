/**
 * The flexitime balance: worked plus absences counted as done, less the target, day by day from the
 * opening date up to and including yesterday (today is still being worked: counting its target at
 * 9:00 would say "−7 h"), plus the opening balance and the corrections. Pure; each figure of the
 * sum is kept so the breakdown can explain it.
 */
import { addLocalDays, localMidnightOf, localDayKey } from '../../shared/moments.ts';
import type { AbsenceKind } from '../../shared/domain/my-hours-choices.ts';
import type { Correction } from './day-notes.ts';
import { planDay, sum, type DayLookups, type DayPlan, type PlanRules } from './day-plan.ts';

export interface BalanceInput {
  rules: PlanRules;
  lookups: DayLookups;
  /** The first day counted (YYYY-MM-DD). */
  from: string;
  /** The first day not counted: today. */
  until: string;
  workedByDay: ReadonlyMap<string, number>;
  openingMs: number;
  corrections: readonly Correction[];
}

export interface Balance {
  totalMs: number;
  from: string;
  /** The last day counted (yesterday), or null when none is yet. */
  to: string | null;
  openingMs: number;
  workedMs: number;
  targetMs: number;
  creditMs: number;
  correctionsMs: number;
  corrections: number;
  /** Days with a target before holidays. */
  workingDays: number;
  holidays: number;
  halfDays: number;
  /** Absence days by kind, a half day counting ½. */
  absences: Partial<Record<AbsenceKind, number>>;
}

/** Every day from `from` up to (not including) `until`, as the plan sees it. */
export function plansBetween(from: string, until: string, rules: PlanRules, lookups: DayLookups): DayPlan[] {
  const plans: DayPlan[] = [];
  for (let day = localMidnightOf(from); localDayKey(day) < until; day = addLocalDays(day, 1))
    plans.push(planDay(day, rules, lookups));
  return plans;
}

export function flexitimeBalance(input: BalanceInput): Balance {
  const plans = input.from < input.until ? plansBetween(input.from, input.until, input.rules, input.lookups) : [];
  const counted = input.corrections.filter((correction) => correction.day >= input.from && correction.day < input.until);
  const workedMs = sum(plans, (plan) => input.workedByDay.get(plan.day) ?? 0);
  const targetMs = sum(plans, (plan) => plan.targetMs);
  const creditMs = sum(plans, (plan) => plan.creditMs);
  const correctionsMs = sum(counted, (correction) => correction.minutes * 60_000);
  const absences: Balance['absences'] = {};
  for (const plan of plans)
    if (plan.absence && plan.usualMs > 0 && plan.holiday === null)
      absences[plan.absence.kind] = (absences[plan.absence.kind] ?? 0) + (plan.absence.portion === 'half' ? 0.5 : 1);
  return {
    totalMs: input.openingMs + workedMs + creditMs - targetMs + correctionsMs,
    from: input.from,
    to: plans.at(-1)?.day ?? null,
    openingMs: input.openingMs,
    workedMs,
    targetMs,
    creditMs,
    correctionsMs,
    corrections: counted.length,
    workingDays: plans.filter((plan) => plan.usualMs > 0).length,
    holidays: plans.filter((plan) => plan.usualMs > 0 && plan.holiday !== null).length,
    halfDays: plans.filter((plan) => plan.usualMs > 0 && plan.halfDay).length,
    absences,
  };
}
