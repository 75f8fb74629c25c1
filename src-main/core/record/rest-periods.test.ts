/** Rest between working days: the daily rest before each, until when it lasts, and the longest in seven days. */
import { describe, expect, it } from 'vitest';
import type { Session } from '../clock/my-hours.ts';
import { longestRestInWeek, restUntil, workingDays } from './rest-periods.ts';

const HOUR = 3_600_000;
const at = (day: number, hours: number, minutes = 0) => new Date(2026, 10, day, hours, minutes).getTime();
const shift = (from: number, to: number | null, open = false): Session => ({ from, to, open, pending: false });
const rules = { dailyMs: 11 * HOUR, weeklyMs: 35 * HOUR };

describe('working days and the rest between them', () => {
  it('makes one working day of a day with a lunch clock-out, and counts the rest before the next', () => {
    const days = workingDays(
      [shift(at(23, 8), at(23, 12)), shift(at(23, 13), at(23, 22)), shift(at(24, 6), at(24, 14))],
      [],
      at(24, 15),
    );
    expect(days.map((day) => [day.start, day.end, day.restBeforeMs])).toEqual([
      [at(23, 8), at(23, 22), null],
      [at(24, 6), at(24, 14), 8 * HOUR],
    ]);
  });

  it('keeps a night shift with a break after midnight as one working day', () => {
    const days = workingDays([shift(at(23, 22), at(24, 2)), shift(at(24, 2, 45), at(24, 6))], [], at(24, 12));
    expect(days).toHaveLength(1);
    // …and the shift the next afternoon begins a new one, after 8 hours.
    const next = workingDays([shift(at(23, 22), at(24, 6)), shift(at(24, 14), at(24, 20))], [], at(24, 21));
    expect(next.map((day) => day.restBeforeMs)).toEqual([null, 8 * HOUR]);
  });

  it('keeps a long break marked with "Take a break" in the working day', () => {
    const days = workingDays([shift(at(23, 20), at(23, 23)), shift(at(24, 2), at(24, 5))], [at(23, 23)], at(24, 6));
    expect(days).toHaveLength(1);
  });

  it('leaves out a shift whose end is unknown', () => {
    expect(workingDays([shift(at(23, 8), null), shift(at(24, 8), at(24, 16))], [], at(24, 17))).toEqual([
      { start: at(24, 8), end: at(24, 16), open: false, restBeforeMs: null },
    ]);
  });
});

describe('until when the daily rest lasts', () => {
  const lateShift = [shift(at(23, 14), at(23, 22))];
  it('says it once clocking in would begin a new working day within it', () => {
    const days = workingDays(lateShift, [], at(24, 5));
    expect(restUntil(days, [], at(24, 5), rules)).toBe(at(24, 9));
    expect(restUntil(days, [], at(24, 9), rules)).toBeNull();
  });

  it('does not say it the same evening (clocking in again continues the day) nor while working', () => {
    expect(restUntil(workingDays(lateShift, [], at(23, 23)), [], at(23, 23), rules)).toBeNull();
    const working = workingDays([shift(at(24, 8), null, true)], [], at(24, 9));
    expect(restUntil(working, [], at(24, 9), rules)).toBeNull();
  });

  it('follows the hours IT sets, and nothing when not watched', () => {
    const days = workingDays(lateShift, [], at(24, 5));
    expect(restUntil(days, [], at(24, 5), { ...rules, dailyMs: 12 * HOUR })).toBe(at(24, 10));
    expect(restUntil(days, [], at(24, 5), { ...rules, dailyMs: null })).toBeNull();
  });
});

describe('the weekly rest', () => {
  it('finds the longest rest in the last seven days, the one going on included', () => {
    const week = [1, 2, 3, 4, 5, 6, 7].map((offset) => shift(at(16 + offset, 8), at(16 + offset, 18)));
    expect(longestRestInWeek(workingDays(week, [], at(23, 20)), at(23, 20))).toBe(14 * HOUR);
    // Mon to Fri: the weekend's rest before counts.
    const weekdays = [23, 24, 25, 26, 27].map((day) => shift(at(day, 8), at(day, 17)));
    expect(longestRestInWeek(workingDays(weekdays, [], at(27, 18)), at(27, 18))).toBeGreaterThanOrEqual(35 * HOUR);
  });
});
