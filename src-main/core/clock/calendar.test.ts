/**
 * The clock's calendar: days that are 23 or 25 hours long, weeks from Monday, "today" as the
 * user's local day, reminders on a night whose 02:30 never comes.
 *
 * Two kinds of test. The first names its zone and its night, so it means the same on any machine.
 * The second takes the process's own "now" once, as the injected clock of the code under test, and
 * checks what must hold at any moment: `npm run test:calendar` moves the process's wall clock and
 * zone (faketime) to the nights where this breaks, so these run there too.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { defaultPreferences } from '../../shared/settings-schema.ts';
import {
  addLocalDays,
  formatMoment,
  formatTimeOfDay,
  localDayKey,
  startOfLocalDay,
  startOfLocalWeek,
  startOfNextLocalDay,
} from '../../shared/moments.ts';
import { dueReminders, type ReminderMemory } from './clock-reminders.ts';
import type { ClockStatus } from './clock-state.ts';
import { myHours, sessionsOf } from './my-hours.ts';

const HOUR = 3_600_000;
const zoneOfProcess = process.env.TZ;
/** Node re-reads TZ when it is assigned: Date's local getters follow at once. */
const useZone = (zone: string) => void (process.env.TZ = zone);
afterEach(() => {
  if (zoneOfProcess === undefined) delete process.env.TZ;
  else process.env.TZ = zoneOfProcess;
});

const shift = (clockIn: number, clockOut: number | null) => ({ environmentId: 'mock', employeeId: 'E1', clockIn, clockOut });
const out: ClockStatus = { state: 'out', lastOut: null };
const clockedInSince = (since: number): ClockStatus => ({ state: 'in', since, eventId: 'e1', pendingPunchId: null });
const hhmm = (ms: number) => new Date(ms).toISOString().slice(11, 16);

/** Both clock changes of 2027 in both zones; a night shift from 22:00 to 06:00 local across each. */
const changes = [
  { zone: 'Europe/Berlin', night: [2027, 2, 27], from: '2027-03-27T21:00:00Z', to: '2027-03-28T04:00:00Z', hours: 7 },
  { zone: 'Europe/Berlin', night: [2027, 9, 30], from: '2027-10-30T20:00:00Z', to: '2027-10-31T05:00:00Z', hours: 9 },
  { zone: 'America/New_York', night: [2027, 2, 13], from: '2027-03-14T03:00:00Z', to: '2027-03-14T10:00:00Z', hours: 7 },
  { zone: 'America/New_York', night: [2027, 10, 6], from: '2027-11-07T02:00:00Z', to: '2027-11-07T11:00:00Z', hours: 9 },
] as const;

describe('a night shift across a clock change', () => {
  it.each(changes)('counts its real length in $zone on the night of $from', ({ zone, night, from, to, hours }) => {
    useZone(zone);
    const [year, month, day] = night;
    // The test's own statement of the instants: 22:00 and 06:00 local, written as UTC above.
    expect(new Date(year, month, day, 22).getTime()).toBe(Date.parse(from));
    expect(new Date(year, month, day + 1, 6).getTime()).toBe(Date.parse(to));
    const view = myHours(sessionsOf([shift(Date.parse(from), Date.parse(to))], [], out), Date.parse(to) + HOUR);
    // Each night is a Saturday's: both days in one week, split at the local midnight.
    expect(view.weekMs).toBe(hours * HOUR);
    expect(view.days.map((entry) => entry.total)).toEqual(['2 h', `${hours - 2} h`]);
    expect(view.todayMs).toBe((hours - 2) * HOUR);
  });

  it.each(changes)('has a day of 23 or 25 hours in $zone around $from, and weeks that start on Monday', ({ zone, to }) => {
    useZone(zone);
    const day = startOfLocalDay(Date.parse(to));
    const length = startOfNextLocalDay(day) - day;
    expect([23 * HOUR, 25 * HOUR]).toContain(length);
    const weekStart = startOfLocalWeek(Date.parse(to));
    expect(new Date(weekStart).getDay()).toBe(1);
    expect(new Date(weekStart).getHours()).toBe(0);
    expect(addLocalDays(weekStart, 7) - weekStart).toBe(7 * 24 * HOUR + (length - 24 * HOUR));
  });
});

describe("today's moments on a 25-hour day", () => {
  it('writes 23:30 on the day the clocks go back as a time of today, and 23:30 the day before with its day', () => {
    useZone('Europe/Berlin');
    const now = Date.parse('2027-10-31T09:00:00Z');
    const late = new Date(2027, 9, 31, 23, 30).getTime();
    expect(formatMoment(late, now)).toBe(formatTimeOfDay(late));
    const dayBefore = new Date(2027, 9, 30, 23, 30).getTime();
    expect(formatMoment(dayBefore, now)).not.toBe(formatTimeOfDay(dayBefore));
  });
});

describe('reminders on the night the clocks change', () => {
  const settings = (time: string) => {
    const clock = defaultPreferences().clock;
    clock.endOfDayReminder = { enabled: true, time };
    clock.longShiftHours = 24;
    return clock;
  };

  /** Every minute from `from` for `minutes`, as the clock service's reminder tick does. */
  function remindersOver(status: ClockStatus, from: number, minutes: number, time: string): number[] {
    let memory: ReminderMemory = { longShiftRemindedAt: null, notClockedInRemindedOn: null };
    const firedAt: number[] = [];
    for (let minute = 0; minute <= minutes; minute++) {
      const now = from + minute * 60_000;
      const due = dueReminders(status, now, settings(time), memory, hhmm);
      memory = due.memory;
      if (due.reminders.length > 0) firedAt.push(now);
    }
    return firedAt;
  }

  it('fires a 02:30 reminder once, at 03:00, in Berlin when 02:30 never comes', () => {
    useZone('Europe/Berlin');
    const since = Date.parse('2027-03-27T07:00:00Z'); // 08:00 on the Saturday, still clocked in
    const firedAt = remindersOver(clockedInSince(since), Date.parse('2027-03-27T23:30:00Z'), 5 * 60, '02:30');
    expect(firedAt.map((ms) => new Date(ms).toISOString())).toEqual(['2027-03-28T01:00:00.000Z']);
  });

  it('fires a 01:30 reminder once in New York when 01:30 comes twice', () => {
    useZone('America/New_York');
    const since = Date.parse('2027-11-06T12:00:00Z');
    const firedAt = remindersOver(clockedInSince(since), Date.parse('2027-11-07T04:00:00Z'), 5 * 60, '01:30');
    expect(firedAt.map((ms) => new Date(ms).toISOString())).toEqual(['2027-11-07T05:30:00.000Z']);
  });
});

describe('at whatever moment this process runs (moved by npm run test:calendar)', () => {
  const now = Date.now(); // read once: it is the injected clock of everything below

  it('counts a shift begun four hours ago as four hours, split at local midnight, in the week from Monday', () => {
    const since = now - 4 * HOUR;
    const view = myHours(sessionsOf([], [], clockedInSince(since)), now);
    const weekStart = startOfLocalWeek(now);
    const today = startOfLocalDay(now);
    expect(view.weekMs).toBe(Math.min(4 * HOUR, now - weekStart));
    expect(view.todayMs).toBe(Math.min(4 * HOUR, now - today));
    expect(view.days.at(-1)!.sessions.at(-1)!.text).toMatch(/ – now$/);
  });

  it('starts the week on the Monday at or before today, at local midnight', () => {
    const weekStart = startOfLocalWeek(now);
    expect(weekStart).toBeLessThanOrEqual(now);
    expect(new Date(weekStart).getDay()).toBe(1);
    expect(now - weekStart).toBeLessThan(7 * 24 * HOUR + HOUR);
    expect(startOfLocalWeek(addLocalDays(weekStart, 7))).toBe(addLocalDays(weekStart, 7));
  });

  it('says "today" and "yesterday" of the local calendar day', () => {
    const today = localDayKey(now);
    const yesterday = localDayKey(addLocalDays(now, -1));
    const date = new Date(now);
    expect(today).toBe(
      `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`,
    );
    expect(yesterday < today).toBe(true);
    expect(localDayKey(startOfLocalDay(now) - 1)).toBe(yesterday);
    expect(localDayKey(startOfNextLocalDay(now) - 1)).toBe(today);
    // A moment of today is written as the time alone; the last moment of yesterday carries its day.
    expect(formatMoment(startOfLocalDay(now), now)).toBe(formatTimeOfDay(startOfLocalDay(now)));
    expect(formatMoment(startOfNextLocalDay(now) - 60_000, now)).toBe(formatTimeOfDay(startOfNextLocalDay(now) - 60_000));
    expect(formatMoment(startOfLocalDay(now) - 60_000, now)).not.toBe(formatTimeOfDay(startOfLocalDay(now) - 60_000));
  });

  it('reminds at the end of the day at most once a local day, and never before the set time', () => {
    const time = '17:30';
    let memory: ReminderMemory = { longShiftRemindedAt: null, notClockedInRemindedOn: null };
    const fired: number[] = [];
    const status = clockedInSince(now - 30 * HOUR);
    const settings = defaultPreferences().clock;
    settings.endOfDayReminder = { enabled: true, time };
    settings.longShiftHours = 24 * 7;
    for (let minute = 0; minute <= 48 * 60; minute += 5) {
      const at = now + minute * 60_000;
      const due = dueReminders(status, at, settings, memory, hhmm);
      memory = due.memory;
      if (due.reminders.length > 0) fired.push(at);
    }
    const days = fired.map(localDayKey);
    expect(new Set(days).size).toBe(days.length);
    expect(fired.length).toBeGreaterThanOrEqual(1);
    for (const at of fired) {
      const local = new Date(at);
      expect(local.getHours() * 60 + local.getMinutes()).toBeGreaterThanOrEqual(17 * 60 + 30);
    }
  });
});
