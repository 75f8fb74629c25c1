/**
 * Worked time per local day, in one pass over the shifts: a shift over midnight counts on each day
 * for its part, a shift whose end this computer never saw counts nothing (the rule My hours keeps).
 */
import { localDayKey, startOfNextLocalDay } from '../../shared/moments.ts';
import { endOf, type Session } from '../clock/my-hours.ts';

/** Milliseconds worked on each day from `from` (a local midnight) until `until`. */
export function workedByDay(sessions: readonly Session[], from: number, until: number, now: number): Map<string, number> {
  const days = new Map<string, number>();
  for (const session of sessions) {
    let start = Math.max(session.from, from);
    const end = Math.min(endOf(session, now), until);
    while (start < end) {
      const dayEnd = startOfNextLocalDay(start);
      const part = Math.min(dayEnd, end) - start;
      const key = localDayKey(start);
      days.set(key, (days.get(key) ?? 0) + part);
      start = dayEnd;
    }
  }
  return days;
}
