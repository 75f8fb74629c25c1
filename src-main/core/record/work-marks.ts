/**
 * Work the law counts apart (ArbZG §6, §9–11; art. 36 ET): at night (23:00–06:00 in Germany,
 * 22:00–06:00 in Spain; IT sets the window), on Sundays and on the public holidays of IT's region.
 * Counted per local day in one pass over the shifts, each shift over midnight on each day for its
 * part; a shift whose end this computer never saw counts nothing (the rule My hours keeps). Pure.
 */
import { minutesOfClockTime, startOfLocalDay, startOfNextLocalDay } from '../../shared/moments.ts';
import type { Session } from '../clock/my-hours.ts';
import { eachDayPart } from '../flexitime/worked-days.ts';

export interface SpecialWork {
  nightMs: number;
  sundayMs: number;
  holidayMs: number;
}

/** The night as IT sets it: local "HH:MM" from and until (over midnight when from is later); null: not counted. */
export interface NightWindow {
  from: string;
  until: string;
}

export const NO_SPECIAL_WORK: SpecialWork = { nightMs: 0, sundayMs: 0, holidayMs: 0 };

/** The local moments of `dayStart`'s day that are night, as intervals. */
function nightOf(dayStart: number, night: NightWindow): Array<[number, number]> {
  const at = (minutes: number) => new Date(dayStart).setHours(0, minutes, 0, 0);
  const [from, until] = [minutesOfClockTime(night.from), minutesOfClockTime(night.until)];
  if (from === until) return [];
  if (from < until) return [[at(from), at(until)]];
  return [
    [dayStart, at(until)],
    [at(from), startOfNextLocalDay(dayStart)],
  ];
}

const overlap = (start: number, end: number, [from, until]: [number, number]) =>
  Math.max(0, Math.min(end, until) - Math.max(start, from));

/** Night, Sunday and holiday work on each local day from `from` until `until`. */
export function specialWorkByDay(
  sessions: readonly Session[],
  range: { from: number; until: number; now: number },
  night: NightWindow | null,
  holidayOn: (day: string) => string | null,
): Map<string, SpecialWork> {
  const days = new Map<string, SpecialWork>();
  eachDayPart(sessions, range, (key, start, end) => {
    const dayStart = startOfLocalDay(start);
    const day = days.get(key) ?? { ...NO_SPECIAL_WORK };
    if (night) day.nightMs += nightOf(dayStart, night).reduce((sum, span) => sum + overlap(start, end, span), 0);
    if (new Date(dayStart).getDay() === 0) day.sundayMs += end - start;
    if (holidayOn(key) !== null) day.holidayMs += end - start;
    days.set(key, day);
  });
  return days;
}

/** The sum of several days' special work. */
export const sumSpecialWork = (days: Iterable<SpecialWork>): SpecialWork => {
  const total = { ...NO_SPECIAL_WORK };
  for (const day of days) {
    total.nightMs += day.nightMs;
    total.sundayMs += day.sundayMs;
    total.holidayMs += day.holidayMs;
  }
  return total;
};
