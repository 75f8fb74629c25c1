/** "My hours" from seen shifts and waiting punches: counted honestly, per local day, weeks from Monday. */
import { describe, expect, it } from 'vitest';
import { memoryFile } from '../util/text-file.ts';
import type { ClockStatus } from './clock-state.ts';
import { createHoursJournal, MAX_KEPT_A_YEAR, type Shift } from './hours-journal.ts';
import { myHours, sessionsOf } from './my-hours.ts';
import { english } from '../../shared/i18n/catalogues.ts';
import type { Punch } from './outbox.ts';

/** Local times, so the test means the same in every time zone: Monday 23 Nov 2026 is day 23. */
const at = (day: number, hours: number, minutes = 0) => new Date(2026, 10, day, hours, minutes).getTime();
const shift = (from: number, to: number | null): Shift => ({
  environmentId: 'mock',
  employeeId: 'E1',
  clockIn: from,
  clockOut: to,
});
const out: ClockStatus = { state: 'out', lastOut: null };
const waitingPunch = (kind: Punch['kind'], ms: number) => ({ kind, at: new Date(ms).toISOString() }) as Punch;
/** The journal writes its file after the turn in which it changed. */
const afterThisTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('my hours', () => {
  it('adds up today and the week from Monday, with each day its shifts', () => {
    const now = at(25, 15);
    const hours = myHours(
      sessionsOf([shift(at(22, 9), at(22, 17)), shift(at(23, 8), at(23, 16, 30)), shift(at(25, 8), at(25, 12))], [], {
        state: 'in',
        since: at(25, 13),
        eventId: 'e4',
        pendingPunchId: null,
      }),
      now,
    );
    expect(hours).toMatchObject({ today: '6 h', week: '14 h 30 min', todayMs: 6 * 3_600_000 });
    // Sunday the 22nd belongs to the week before; Tuesday had no shift and is left out.
    expect(hours.days.map((day) => day.total)).toEqual(['8 h 30 min', '6 h']);
    expect(hours.days[1]!.sessions.map((session) => session.text.endsWith('now'))).toEqual([false, true]);
    expect(hours.note).not.toMatch(/not counted/);
  });

  it('counts waiting punches as pending, closing the shift they end', () => {
    const now = at(23, 18);
    const sessions = sessionsOf(
      [shift(at(23, 8), null)],
      [waitingPunch('clock-out', at(23, 12)), waitingPunch('clock-in', at(23, 13)), waitingPunch('clock-out', at(23, 17))],
      { state: 'out', lastOut: at(23, 17) },
    );
    const hours = myHours(sessions, now);
    expect(hours.today).toBe('8 h');
    expect(hours.days[0]!.sessions.map((session) => session.pending)).toEqual([true, true]);
  });

  it('does not count a shift whose end was never seen, and says so', () => {
    const hours = myHours(sessionsOf([shift(at(23, 8), null), shift(at(24, 8), at(24, 9))], [], out), at(24, 10));
    expect(hours.week).toBe('1 h');
    expect(hours.days[0]!.sessions[0]).toMatchObject({ counted: false });
    expect(hours.days[0]!.sessions[0]!.text).toMatch(/end unknown$/);
    expect(hours.note).toMatch(/^A shift whose end this computer never saw is not counted/);
  });

  it('splits a night shift at midnight for the totals, and lists it under the day it began, over midnight (issue 46, point 8)', () => {
    const hours = myHours(sessionsOf([shift(at(23, 22), at(24, 6))], [], out), at(24, 7), { t: english.t, locale: 'en-US' });
    expect(hours.days.map((day) => day.total)).toEqual(['2 h', '6 h']);
    expect(hours.today).toBe('6 h');
    expect(hours.days[0]!.sessions).toEqual([
      { text: '10:00 PM – 6:00 AM', pending: false, counted: true, isBreak: false, overMidnight: true, continued: false },
    ]);
    expect(hours.days[1]!.sessions).toEqual([
      {
        text: 'Continued from Mon, Nov 23 – 6:00 AM',
        pending: false,
        counted: true,
        isBreak: false,
        overMidnight: false,
        continued: true,
      },
    ]);
  });

  it('lists a shift begun Saturday at 22:00 and still running on Sunday under Saturday, never as Sunday’s “10:00 PM – now”', () => {
    const saturday = at(28, 22);
    const hours = myHours(sessionsOf([], [], { state: 'in', since: saturday, eventId: 'e', pendingPunchId: null }), at(29, 1), {
      t: english.t,
      locale: 'en-US',
    });
    const [sat, sun] = hours.days;
    expect(sat!.sessions[0]).toMatchObject({ text: '10:00 PM – now', overMidnight: true });
    expect(sun!.sessions[0]).toMatchObject({ text: 'Continued from Sat, Nov 28 – now', continued: true });
    expect(hours.today).toBe('1 h');
  });

  it('flags a running shift longer than the long-shift limit beside the totals (a forgotten clock-out)', () => {
    const since = at(23, 8);
    const sessions = sessionsOf([], [], { state: 'in', since, eventId: 'e', pendingPunchId: null });
    const flagged = myHours(sessions, at(24, 10, 2), { t: english.t, locale: 'en-US', longShiftMs: 10 * 3_600_000 });
    expect(flagged.longShift).toBe('Includes a shift running 26 h 2 min: if you forgot to clock out, fix it above.');
    expect(myHours(sessions, at(23, 16), { t: english.t, longShiftMs: 10 * 3_600_000 }).longShift).toBeNull();
  });

  it('counts a running shift the journal never saw from the clock state', () => {
    const hours = myHours(
      sessionsOf([], [], { state: 'in', since: at(23, 8), eventId: null, pendingPunchId: 'p' }),
      at(23, 9, 30),
    );
    expect(hours.today).toBe('1 h 30 min');
    expect(hours.days[0]!.sessions[0]).toMatchObject({ pending: true, counted: true });
  });
});

describe('the hours journal', () => {
  it('keeps the latest answer per clock-in second, survives a restart, forgets what ended before 1 January of last year', async () => {
    const file = memoryFile();
    let now = at(23, 9);
    const journal = createHoursJournal(file, () => now);
    journal.record('mock', 'E1', { id: 'a', employeeId: 'E1', clockIn: new Date(at(23, 8)).toISOString(), clockOut: null });
    journal.record('mock', 'E1', {
      id: 'a',
      employeeId: 'E1',
      clockIn: new Date(at(23, 8)).toISOString(),
      clockOut: new Date(at(23, 12)).toISOString(),
    });
    journal.record('mock', 'E2', { id: 'b', employeeId: 'E2', clockIn: new Date(at(23, 8)).toISOString(), clockOut: null });
    // The file is written after the punch's turn, once for the three answers.
    expect(file.read()).toBeNull();
    await afterThisTurn();
    expect(createHoursJournal(file, () => now).shifts('mock', 'E1', 0)).toEqual([shift(at(23, 8), at(23, 12))]);
    // In December 2027 the shift of November 2026 is still counted (last year's); in January 2028 it is not.
    now = new Date(2027, 11, 31, 9).getTime();
    journal.record('mock', 'E1', { id: 'c', employeeId: 'E1', clockIn: new Date(now).toISOString(), clockOut: null });
    await afterThisTurn();
    expect(createHoursJournal(file, () => now).shifts('mock', 'E1', 0).length).toBe(2);
    now = new Date(2028, 0, 2, 9).getTime();
    journal.record('mock', 'E1', { id: 'd', employeeId: 'E1', clockIn: new Date(now).toISOString(), clockOut: null });
    await afterThisTurn();
    expect(
      createHoursJournal(file, () => now)
        .shifts('mock', 'E1', 0)
        .map((kept) => kept.clockIn),
    ).toEqual([new Date(2027, 11, 31, 9).getTime(), now]);
  });

  it('keeps at most MAX_KEPT_A_YEAR shifts for each year kept, the newest', () => {
    const MAX_KEPT = MAX_KEPT_A_YEAR * 2;
    const file = memoryFile();
    const hour = 3_600_000;
    const start = at(1, 8);
    const stored = Array.from({ length: MAX_KEPT + 5 }, (_, index) => shift(start - index * hour, start - index * hour + 1000));
    file.write(JSON.stringify({ shifts: stored, breaks: [] }));
    const journal = createHoursJournal(file, () => at(23, 9));
    journal.record('mock', 'E1', { id: 'n', employeeId: 'E1', clockIn: new Date(at(23, 8)).toISOString(), clockOut: null });
    const kept = journal.shifts('mock', 'E1', 0);
    expect(kept).toHaveLength(MAX_KEPT);
    expect(kept.at(-1)!.clockIn).toBe(at(23, 8));
    expect(kept[0]!.clockIn).toBe(start - (MAX_KEPT - 2) * hour);
  });

  it('keeps the calendar years IT keeps, this one included, and nothing older', () => {
    const file = memoryFile();
    const yearsAgo = (years: number) =>
      shift(new Date(2026 - years, 5, 1, 8).getTime(), new Date(2026 - years, 5, 1, 16).getTime());
    file.write(JSON.stringify({ shifts: [yearsAgo(4), yearsAgo(3), yearsAgo(1)], breaks: [] }));
    const journal = createHoursJournal(
      file,
      () => at(23, 9),
      undefined,
      () => 4,
    );
    journal.record('mock', 'E1', { id: 'n', employeeId: 'E1', clockIn: new Date(at(23, 8)).toISOString(), clockOut: null });
    const kept = journal.shifts('mock', 'E1', 0).map((kept) => new Date(kept.clockIn).getFullYear());
    expect(kept).toEqual([2023, 2025, 2026]);
  });

  it('ignores an event that ends before it starts, and a damaged file', () => {
    const file = memoryFile();
    file.write('{not json');
    const journal = createHoursJournal(file, () => at(23, 9));
    journal.record('mock', 'E1', {
      id: 'a',
      employeeId: 'E1',
      clockIn: new Date(at(23, 8)).toISOString(),
      clockOut: new Date(at(23, 7)).toISOString(),
    });
    expect(journal.shifts('mock', 'E1', 0)).toEqual([]);
  });
});
