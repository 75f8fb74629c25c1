/**
 * This month's uptime against the target IT set for a system ("99.5"), and the downtime the target
 * still allows: the figure IT takes to the service's owner. The month's allowance is the target's
 * share of the whole calendar month; the uptime and the downtime so far are what this computer
 * watched (the time it was off or asleep counts for neither). Pure.
 */
import type { UptimeTargetView } from '../../shared/ipc/contract.ts';
import { localDayKey } from '../../shared/moments.ts';

/** The figures the status window and the CSV show (their fields are said in the contract). */
export type TargetFigures = UptimeTargetView;

/** "99.5", "99,5", "100" as a fraction; null for none (empty) or what is not a percentage. */
export function targetOf(text: string): number | null {
  const value = Number(text.trim().replace(',', '.'));
  return text.trim() === '' || !Number.isFinite(value) || value <= 0 || value > 100 ? null : value / 100;
}

/** The length of the local calendar month `now` falls in (28 to 31 days, a clock change included). */
export function monthLengthMs(now: number): number {
  const date = new Date(now);
  return (
    new Date(date.getFullYear(), date.getMonth() + 1, 1).getTime() - new Date(date.getFullYear(), date.getMonth(), 1).getTime()
  );
}

/** Whether a watched day ("2026-11-28") is in the local month of `now`. */
export const inMonthOf = (day: string, now: number): boolean => day.slice(0, 7) === localDayKey(now).slice(0, 7);

export function againstTarget(month: { watchedMs: number; downMs: number }, target: number, now: number): TargetFigures {
  const allowedMs = Math.round((1 - target) * monthLengthMs(now));
  return {
    target,
    uptime: month.watchedMs > 0 ? 1 - month.downMs / month.watchedMs : null,
    downMs: month.downMs,
    allowedMs,
    leftMs: allowedMs - month.downMs,
  };
}
