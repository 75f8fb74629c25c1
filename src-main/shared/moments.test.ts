import { describe, expect, it } from 'vitest';
import { english, translatorFor } from './i18n/catalogues.ts';
import {
  insideDailyWindow,
  timerText,
  firstDayOfWeek,
  formatAgoInMinutes,
  formatDay,
  formatMoment,
  isCalendarDay,
  localInputValue,
  startOfLocalDay,
  startOfLocalWeek,
  weekdayNames,
  weeklyWindowEnd,
} from './moments.ts';

const at = (year: number, month: number, day: number, hours: number, minutes = 0) =>
  new Date(year, month - 1, day, hours, minutes).getTime();
const weekdayOf = (ms: number) => new Intl.DateTimeFormat(undefined, { weekday: 'short' }).format(ms);
const monthOf = (ms: number) => new Intl.DateTimeFormat(undefined, { month: 'short' }).format(ms);

describe('moments for people', () => {
  const now = at(2026, 11, 22, 15, 30); // a Sunday afternoon

  it('shows the time alone for today, with no leading zero in a 12-hour locale', () => {
    const text = formatMoment(at(2026, 11, 22, 9, 5), now);
    expect(text).not.toContain(weekdayOf(now));
    expect(text).toMatch(/^(9:05|09:05)/);
    expect(text).not.toMatch(/^09:05 [AP]M/);
  });

  it('names the weekday for the last six days, the date before that', () => {
    const tuesday = at(2026, 11, 17, 17, 2);
    expect(formatMoment(tuesday, now)).toContain(weekdayOf(tuesday));
    const lastSunday = at(2026, 11, 15, 17, 2);
    expect(formatMoment(lastSunday, now)).toContain(monthOf(lastSunday));
    expect(formatMoment(lastSunday, now)).toContain('15');
  });

  it('never shows a bare time for tomorrow (a clock set wrong, or another zone)', () => {
    const tomorrow = at(2026, 11, 23, 8, 0);
    expect(formatMoment(tomorrow, now)).toContain(monthOf(tomorrow));
  });

  it('finds the local midnight', () => {
    expect(startOfLocalDay(now)).toBe(at(2026, 11, 22, 0, 0));
  });
});

describe('durations and relative times', () => {
  it('words a sync by minutes: just now, then minutes and hours ago', () => {
    expect(formatAgoInMinutes(59_000, english.t)).toBe('just now');
    expect(formatAgoInMinutes(5 * 60_000, english.t)).toBe('5 min ago');
    expect(formatAgoInMinutes(125 * 60_000, english.t)).toBe('2 h 5 min ago');
    expect(formatAgoInMinutes(125 * 60_000, translatorFor({ messages: 'de', formats: 'de-DE' }).t)).toBe('vor 2 Std. 5 Min.');
  });

  it('reads a calendar day as that day wherever the computer is, and refuses days that do not exist', () => {
    expect(isCalendarDay('2028-02-29')).toBe(true);
    expect(isCalendarDay('2026-02-29')).toBe(false);
    expect(formatDay('2026-11-17')).toContain('17');
    expect(formatDay(null)).toBe('—');
    expect(localInputValue(new Date(2026, 10, 22, 17, 5).toISOString())).toBe('2026-11-22T17:05');
  });
});

describe('the week', () => {
  it("starts on the day the user's calendar starts it: Sunday in the US, Monday in Germany and Spain", () => {
    expect(firstDayOfWeek('en-US')).toBe(0);
    expect(firstDayOfWeek('de-DE')).toBe(1);
    expect(firstDayOfWeek('es-ES')).toBe(1);
    expect(firstDayOfWeek('es-US')).toBe(0);
  });

  it('finds the start of a week from any day of it, whichever day the week starts on', () => {
    const wednesday = at(2026, 11, 25, 10);
    expect(startOfLocalWeek(wednesday)).toBe(at(2026, 11, 23, 0)); // Monday
    expect(startOfLocalWeek(wednesday, 0)).toBe(at(2026, 11, 22, 0)); // Sunday
    expect(startOfLocalWeek(wednesday, 6)).toBe(at(2026, 11, 21, 0)); // Saturday
    expect(startOfLocalWeek(at(2026, 11, 22, 23, 59), 0)).toBe(at(2026, 11, 22, 0)); // a Sunday is its own week's start
  });

  it("names the days in the user's language, in the order the week runs", () => {
    expect(weekdayNames('en-US').map(({ name }) => name)).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
    expect(weekdayNames('de-DE').map(({ day }) => day)).toEqual([1, 2, 3, 4, 5, 6, 0]);
    expect(weekdayNames('de-DE')[0]!.name).toBe('Mo');
  });
});

describe('a daily window', () => {
  const at = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));
  it('holds from its start up to, not including, its end, also over midnight; equal ends are no window', () => {
    expect(['07:29', '07:30', '09:29', '09:30'].map((time) => insideDailyWindow(at(time), '07:30', '09:30'))).toEqual([
      false,
      true,
      true,
      false,
    ]);
    expect(
      ['18:59', '19:00', '23:59', '00:00', '06:59', '07:00'].map((time) => insideDailyWindow(at(time), '19:00', '07:00')),
    ).toEqual([false, true, true, true, true, false]);
    expect(insideDailyWindow(at('08:00'), '08:00', '08:00')).toBe(false);
  });
});

describe('a running timer', () => {
  it('reads hours, minutes and seconds, and never goes below zero', () => {
    expect([0, 999, 61_000, 3_600_000 * 3 + 12 * 60_000 + 5_000, 3_600_000 * 27, -5_000].map((ms) => timerText(ms))).toEqual([
      '0:00:00',
      '0:00:00',
      '0:01:01',
      '3:12:05',
      '27:00:00',
      '0:00:00',
    ]);
    expect(timerText(3_600_000 * 3 + 12 * 60_000 + 59_000, false)).toBe('3:12');
  });
});

describe('a weekly window (maintenance)', () => {
  /** Local times, the same in every zone: Monday 23 Nov 2026. */
  const on = (day: number, hours: number, minutes = 0) => at(2026, 11, day, hours, minutes);
  const nightly = [{ from: '22:00', until: '06:00', weekdays: [1] }]; // Monday night only

  it('ends where its end falls, the next morning for a window over midnight, on its own weekdays only', () => {
    expect(weeklyWindowEnd(on(23, 23), nightly)).toBe(on(24, 6));
    expect(weeklyWindowEnd(on(24, 5, 59), nightly)).toBe(on(24, 6)); // Tuesday morning: Monday's window
    expect(weeklyWindowEnd(on(24, 6), nightly)).toBeNull();
    expect(weeklyWindowEnd(on(24, 23), nightly)).toBeNull(); // Tuesday night: not one of its days
    expect(weeklyWindowEnd(on(23, 21, 59), nightly)).toBeNull();
    expect(weeklyWindowEnd(on(23, 10), [{ from: '09:00', until: '11:30', weekdays: [0, 1, 2, 3, 4, 5, 6] }])).toBe(
      on(23, 11, 30),
    );
  });
});
