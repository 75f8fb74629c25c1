/**
 * What a day asks of the employee: its usual hours (the daily target, or the weekly one shared among
 * the workdays), none on a public holiday, half on a half day the company names, and an absence
 * counted as done (vacation, sick, training) or not (time off in lieu: it comes out of the balance).
 * Pure: the holidays and absences are looked up by the caller's functions.
 */
import { localDayKey } from '../../shared/moments.ts';
import type { Absence } from './day-notes.ts';

export interface PlanRules {
  dailyTargetMs: number | null;
  weeklyTargetMs: number | null;
  /** 0 = Sunday … 6 = Saturday. */
  workdays: readonly number[];
  /** Month-days worked half ("12-24"). */
  halfDays: readonly string[];
}

export interface DayPlan {
  /** YYYY-MM-DD, local. */
  day: string;
  /** The day's usual hours: 0 on a day off. */
  usualMs: number;
  holiday: string | null;
  halfDay: boolean;
  absence: Absence | null;
  /** What the day asks: its usual hours, half on a half day, none on a holiday. */
  targetMs: number;
  /** The part of the target an absence counts as done. */
  creditMs: number;
}

export interface DayLookups {
  holidayOn: (day: string) => string | null;
  absenceOn: (day: string) => Absence | null;
}

/** Whether any target is set: without one there is no balance to keep. */
export const hasTargets = (rules: PlanRules) => rules.dailyTargetMs !== null || rules.weeklyTargetMs !== null;

/** A workday's usual hours: the daily target, else the weekly one shared among the workdays. */
export function usualMs(rules: PlanRules, weekday: number): number {
  if (!rules.workdays.includes(weekday)) return 0;
  if (rules.dailyTargetMs !== null) return rules.dailyTargetMs;
  return rules.weeklyTargetMs !== null && rules.workdays.length > 0 ? rules.weeklyTargetMs / rules.workdays.length : 0;
}

export function planDay(dayStart: number, rules: PlanRules, lookups: DayLookups): DayPlan {
  const day = localDayKey(dayStart);
  const usual = usualMs(rules, new Date(dayStart).getDay());
  const holiday = lookups.holidayOn(day);
  const halfDay = holiday === null && rules.halfDays.includes(day.slice(5));
  const targetMs = holiday !== null ? 0 : halfDay ? usual / 2 : usual;
  const absence = lookups.absenceOn(day);
  const asked = absence?.portion === 'half' ? usual / 2 : targetMs;
  const creditMs = absence && absence.kind !== 'timeOffInLieu' ? Math.min(targetMs, asked) : 0;
  return { day, usualMs: usual, holiday, halfDay, absence, targetMs, creditMs };
}

/** The week's target: the weekly one less the share of each holiday (half of it on a half day); null without one. */
export function weekTargetMs(plans: readonly DayPlan[], rules: PlanRules): number | null {
  if (rules.weeklyTargetMs === null) return null;
  const share = rules.workdays.length > 0 ? rules.weeklyTargetMs / rules.workdays.length : 0;
  const freed = sum(plans, (plan) => (plan.usualMs === 0 ? 0 : plan.holiday !== null ? share : plan.halfDay ? share / 2 : 0));
  return Math.max(0, rules.weeklyTargetMs - freed);
}

export const sum = <T>(items: readonly T[], of: (item: T) => number) => items.reduce((total, item) => total + of(item), 0);
