import { describe, expect, it } from 'vitest';
import { formatAgoInMinutes, formatDay, formatMoment, isCalendarDay, localInputValue, startOfLocalDay } from './moments.ts';

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
    expect(formatAgoInMinutes(59_000)).toBe('just now');
    expect(formatAgoInMinutes(5 * 60_000)).toBe('5 min ago');
    expect(formatAgoInMinutes(125 * 60_000)).toBe('2 h 5 min ago');
  });

  it('reads a calendar day as that day wherever the computer is, and refuses days that do not exist', () => {
    expect(isCalendarDay('2028-02-29')).toBe(true);
    expect(isCalendarDay('2026-02-29')).toBe(false);
    expect(formatDay('2026-11-17')).toContain('17');
    expect(formatDay(null)).toBe('—');
    expect(localInputValue(new Date(2026, 10, 22, 17, 5).toISOString())).toBe('2026-11-22T17:05');
  });
});
