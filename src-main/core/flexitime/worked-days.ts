/**
 * Worked time per local day, in one pass over the shifts: a shift over midnight counts on each day
 * for its part, a shift whose end this computer never saw counts nothing (the rule My hours keeps).
 */
import { localDayKey, startOfNextLocalDay } from '../../shared/moments.ts';
import { endOf, type Session } from '../clock/my-hours.ts';

/** Each session's part of each local day from `from` until `until` (a session whose end is unknown has none). */
export function eachDayPart(
  sessions: readonly Session[],
  range: { from: number; until: number; now: number },
  visit: (day: string, start: number, end: number) => void,
): void {
  for (const session of sessions) {
    let start = Math.max(session.from, range.from);
    const end = Math.min(endOf(session, range.now), range.until);
    while (start < end) {
      const dayEnd = startOfNextLocalDay(start);
      visit(localDayKey(start), start, Math.min(dayEnd, end));
      start = dayEnd;
    }
  }
}

/** Milliseconds worked on each day from `from` (a local midnight) until `until`. */
export function workedByDay(sessions: readonly Session[], from: number, until: number, now: number): Map<string, number> {
  const days = new Map<string, number>();
  eachDayPart(sessions, { from, until, now }, (day, start, end) => days.set(day, (days.get(day) ?? 0) + end - start));
  return days;
}
