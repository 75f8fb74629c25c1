/**
 * Rest between working days as the law counts it: 11 hours of daily rest (ArbZG §5, EU directive
 * 2003/88 art. 3; 12 in Spain, art. 34.3 ET) and 35 hours of weekly rest in any seven days (art. 5:
 * 24 h plus the daily 11; 36 in Spain, art. 37.1 ET). Pure.
 *
 * The service knows punches, not working days, so the days are made here: a shift belongs to the
 * working day before it when it begins on the same local day as that day began, or within
 * BREAK_MAX_MS of its end (a break in a night shift across midnight), or after a clock-out marked
 * as a break. Otherwise it begins a new working day, and the time since the last one ended is its
 * rest.
 */
import { localDayKey } from '../../shared/moments.ts';
import { endOf, type Session } from '../clock/my-hours.ts';

const HOUR = 3_600_000;
/** A pause up to this long is a break within the working day, whatever day it ends on. */
export const BREAK_MAX_MS = 2 * HOUR;

export interface RestRules {
  /** The daily rest asked between two working days; null: not watched. */
  dailyMs: number | null;
  /** The weekly rest asked in any seven days; null: not watched. */
  weeklyMs: number | null;
}

export interface WorkingDay {
  start: number;
  end: number;
  /** Still being worked. */
  open: boolean;
  /** The rest since the working day before, when one is known. */
  restBeforeMs: number | null;
}

/** Whether a shift beginning at `from` continues the working day that began at `dayStart` and last ended at `lastEnd`. */
export function continuesDay(day: Pick<WorkingDay, 'start' | 'end'>, from: number, breakMarks: ReadonlySet<number>): boolean {
  return (
    localDayKey(from) === localDayKey(day.start) || from - day.end <= BREAK_MAX_MS || breakMarks.has(Math.floor(day.end / 1000))
  );
}

/** The working days the sessions make, oldest first (sessions whose end is unknown are left out: their rest cannot be known). */
export function workingDays(sessions: readonly Session[], breakMarks: readonly number[], now: number): WorkingDay[] {
  const marks = new Set(breakMarks.map((at) => Math.floor(at / 1000)));
  const days: WorkingDay[] = [];
  for (const session of sessions) {
    if (!session.open && session.to === null) continue;
    const end = endOf(session, now);
    const last = days.at(-1);
    if (last && continuesDay(last, session.from, marks)) {
      last.end = Math.max(last.end, end);
      last.open ||= session.open;
    } else days.push({ start: session.from, end, open: session.open, restBeforeMs: last ? session.from - last.end : null });
  }
  return days;
}

/** Until when the daily rest lasts, when clocking in now would begin a new working day within it; null otherwise. */
export function restUntil(
  days: readonly WorkingDay[],
  breakMarks: readonly number[],
  now: number,
  rules: RestRules,
): number | null {
  const last = days.at(-1);
  if (rules.dailyMs === null || !last || last.open) return null;
  const marks = new Set(breakMarks.map((at) => Math.floor(at / 1000)));
  const until = last.end + rules.dailyMs;
  return now < until && !continuesDay(last, now, marks) ? until : null;
}

/** The longest rest in the seven days up to `now` (the rest going on counts up to now). */
export function longestRestInWeek(days: readonly WorkingDay[], now: number): number {
  const from = now - 7 * 24 * HOUR;
  let longest = 0;
  let restFrom = from;
  for (const day of days) {
    if (day.end < from) continue;
    longest = Math.max(longest, day.start - restFrom);
    restFrom = Math.max(restFrom, day.end);
  }
  const last = days.at(-1);
  if (!last?.open) longest = Math.max(longest, now - restFrom);
  return longest;
}
