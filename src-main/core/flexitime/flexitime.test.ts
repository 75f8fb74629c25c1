/**
 * Public holidays, the day plan and the flexitime balance (issue 50, points 1–3). Local dates built
 * with `new Date(y, m, d)`, so each test means the same in every time zone; the calendar run
 * (npm run test:calendar) runs them in Berlin, New York, Kolkata and Auckland, across clock changes.
 */
import { describe, expect, it } from 'vitest';
import { english } from '../../shared/i18n/catalogues.ts';
import { hoursTextOf } from '../../shared/hours-text.ts';
import { localDayKey } from '../../shared/moments.ts';
import { defaultPreferences, type Preferences } from '../../shared/settings-schema.ts';
import { memoryFile } from '../util/text-file.ts';
import type { Session } from '../clock/my-hours.ts';
import { flexitimeBalance, plansBetween } from './balance.ts';
import { createDayNotes, type Absence } from './day-notes.ts';
import { planDay, weekTargetMs, type DayLookups, type PlanRules } from './day-plan.ts';
import { balanceView } from './flexitime-words.ts';
import { createFlexitime } from './flexitime.ts';
import { checkRegion, holidayCalendar } from './public-holidays.ts';
import { workedByDay } from './worked-days.ts';

const HOUR = 3_600_000;
const day = (year: number, month: number, date: number, hours = 0, minutes = 0) =>
  new Date(year, month - 1, date, hours, minutes).getTime();
const session = (from: number, to: number | null): Session => ({ from, to, open: false, pending: false });
const fortyHours: PlanRules = { dailyTargetMs: null, weeklyTargetMs: 40 * HOUR, workdays: [1, 2, 3, 4, 5], halfDays: [] };
const noAbsences = (holidayOn: DayLookups['holidayOn']): DayLookups => ({ holidayOn, absenceOn: () => null });
const holidaysOf = (region: string, language = 'en') => holidayCalendar(region, language)!.holidayOn;

describe('public holidays from date-holidays', () => {
  it('knows the German states apart: Bavaria has Epiphany and Corpus Christi, Berlin has Women’s Day', () => {
    const bavaria = holidaysOf('DE-BY');
    const berlin = holidaysOf('DE-BE');
    expect([bavaria('2026-01-06'), berlin('2026-01-06')]).toEqual(['Epiphany', null]);
    expect([bavaria('2026-06-04'), berlin('2026-06-04')]).toEqual(['Corpus Christi', null]);
    expect([bavaria('2026-03-08'), berlin('2026-03-08')]).toEqual([null, "International Women's Day"]);
    expect(bavaria('2026-05-14')).toBe('Ascension Day');
    expect(holidaysOf('DE-BY', 'de')('2026-05-14')).toBe('Christi Himmelfahrt');
    expect(bavaria('2026-05-15')).toBeNull();
  });

  it('Madrid has its own day besides Spain’s, in Spanish', () => {
    const madrid = holidaysOf('ES-MD', 'es');
    expect(madrid('2026-05-02')).toBe('Día de la Comunidad de Madrid');
    expect(madrid('2026-10-12')).toBe('Fiesta Nacional de España');
  });

  it('New York: a public holiday on a Saturday is observed on the Friday; observances free no day', () => {
    const newYork = holidaysOf('US-NY');
    expect(newYork('2026-07-03')).toMatch(/Independence Day/);
    expect(newYork('2026-11-26')).toBe('Thanksgiving Day');
    expect(newYork('2026-02-14')).toBeNull(); // Valentine's Day is an observance
  });

  it('says whether a region is known: country, state, neither', () => {
    expect(checkRegion('DE-BY')).toEqual({ known: true, name: 'Bayern (Deutschland)' });
    expect(checkRegion('DE-XX')).toEqual({ known: false, reason: 'state' });
    expect(checkRegion('XX')).toEqual({ known: false, reason: 'country' });
    expect(holidayCalendar('XX', 'en')).toBeNull();
    expect(holidayCalendar('', 'en')).toBeNull();
  });
});

describe('the day plan', () => {
  it('takes a holiday out of the week’s target: "32 h of 40 h" in Ascension week', () => {
    const lookups = noAbsences(holidaysOf('DE-BY'));
    const week = plansBetween('2026-05-11', '2026-05-18', fortyHours, lookups);
    expect(week.map((plan) => plan.targetMs / HOUR)).toEqual([8, 8, 8, 0, 8, 0, 0]);
    expect(week[3]!.holiday).toBe('Ascension Day');
    expect(weekTargetMs(week, fortyHours)! / HOUR).toBe(32);
  });

  it('across the year boundary: New Year’s Day in the week of 28 December, and 31 December as a half day', () => {
    const rules = { ...fortyHours, halfDays: ['12-24', '12-31'] };
    const week = plansBetween('2026-12-28', '2027-01-04', rules, noAbsences(holidaysOf('DE-BY')));
    expect(week.map((plan) => plan.day)).toEqual([
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
      '2027-01-03',
    ]);
    expect(week.map((plan) => plan.targetMs / HOUR)).toEqual([8, 8, 8, 4, 0, 0, 0]);
    expect(weekTargetMs(week, rules)! / HOUR).toBe(28);
  });

  it('counts an absence as done, half for half a day, and none for time off in lieu', () => {
    const absence = (kind: Absence['kind'], portion: Absence['portion']) =>
      ({ id: 'a', environmentId: 'e', employeeId: 'E1', day: '2026-11-24', kind, portion }) satisfies Absence;
    const plan = (entry: Absence) => planDay(day(2026, 11, 24), fortyHours, { holidayOn: () => null, absenceOn: () => entry });
    expect(plan(absence('vacation', 'day'))).toMatchObject({ targetMs: 8 * HOUR, creditMs: 8 * HOUR });
    expect(plan(absence('sick', 'half'))).toMatchObject({ targetMs: 8 * HOUR, creditMs: 4 * HOUR });
    expect(plan(absence('timeOffInLieu', 'day'))).toMatchObject({ targetMs: 8 * HOUR, creditMs: 0 });
  });
});

describe('worked time per day', () => {
  it('splits a night shift at local midnight, also on the nights clocks change (Europe and the US, spring and autumn)', () => {
    for (const [from, to] of [
      [day(2026, 3, 28, 22), day(2026, 3, 29, 6)],
      [day(2026, 3, 7, 22), day(2026, 3, 8, 6)],
      [day(2026, 10, 24, 22), day(2026, 10, 25, 6)],
      [day(2026, 10, 31, 22), day(2026, 11, 1, 6)],
    ] as const) {
      const midnight = new Date(to).setHours(0, 0, 0, 0);
      const worked = workedByDay([session(from, to)], day(2026, 1, 1), day(2027, 1, 1), to);
      expect([...worked.values()]).toEqual([midnight - from, to - midnight]);
      expect([...worked.keys()]).toEqual([localDayKey(from), localDayKey(to)]);
    }
  });
});

describe('the flexitime balance', () => {
  const march = () => {
    // Every workday of March 2026 worked 8 h 30 min, except Friday the 13th (6 h) and a vacation Monday the 16th.
    const sessions: Session[] = [];
    for (let date = 2; date <= 31; date++) {
      const weekday = new Date(2026, 2, date).getDay();
      if (weekday === 0 || weekday === 6 || date === 16) continue;
      sessions.push(session(day(2026, 3, date, 8), date === 13 ? day(2026, 3, date, 14) : day(2026, 3, date, 16, 30)));
    }
    return sessions;
  };

  it('sums worked, absences counted as done, targets, opening balance and corrections up to yesterday', () => {
    const vacation: Absence = {
      id: 'v',
      environmentId: 'e',
      employeeId: 'E1',
      day: '2026-03-16',
      kind: 'vacation',
      portion: 'day',
    };
    const sessions = march();
    const balance = flexitimeBalance({
      rules: fortyHours,
      lookups: { holidayOn: () => null, absenceOn: (key) => (key === vacation.day ? vacation : null) },
      from: '2026-03-02',
      until: '2026-04-01',
      workedByDay: workedByDay(sessions, day(2026, 3, 2), day(2026, 4, 1), day(2026, 4, 1, 9)),
      openingMs: 2 * HOUR,
      corrections: [{ id: 'c', environmentId: 'e', employeeId: 'E1', day: '2026-03-20', minutes: -60, reason: 'paid out' }],
    });
    // 22 workdays: 20 worked at 8 h 30, the 13th 6 h, the 16th on vacation; +30 min × 20 − 2 h on the 13th.
    expect(balance).toMatchObject({
      workingDays: 22,
      holidays: 0,
      absences: { vacation: 1 },
      targetMs: 22 * 8 * HOUR,
      creditMs: 8 * HOUR,
      workedMs: 20 * 8.5 * HOUR + 6 * HOUR,
      correctionsMs: -HOUR,
      corrections: 1,
      from: '2026-03-02',
      to: '2026-03-31',
    });
    expect(balance.totalMs / HOUR).toBe(2 + 20 * 0.5 - 2 - 1);
  });

  it('explains itself in words: "+4 h 30 min flexitime" and the breakdown', () => {
    const balance = flexitimeBalance({
      rules: fortyHours,
      lookups: noAbsences(holidaysOf('DE-BY')),
      from: '2026-05-11',
      until: '2026-05-18',
      workedByDay: new Map([
        ['2026-05-11', 9 * HOUR],
        ['2026-05-12', 9 * HOUR],
        ['2026-05-13', 9 * HOUR],
        ['2026-05-15', 9 * HOUR + 30 * 60_000],
      ]),
      openingMs: 0,
      corrections: [],
    });
    const view = balanceView(
      { ...balance, clamped: false, openingSet: true },
      { t: english.t, locale: 'en-GB', style: 'words', hoursText: hoursTextOf('words', english.t, 'en-GB') },
    );
    expect(view.text).toBe('+4 h 30 min flexitime');
    expect(view.tone).toBe('plus');
    expect(Object.fromEntries(view.lines.map((line) => [line.label, line.value]))).toMatchObject({
      'Working days': '5',
      'Public holidays': '1',
      Absences: 'none',
      Target: '32 h',
      Worked: '36 h 30 min',
      Balance: '+4 h 30 min',
    });
    expect(view.notes[0]).toBe('Up to and including yesterday; today counts from tomorrow.');
  });

  it('starts on the first day this computer saw a shift unless one is set, and never before what is kept', () => {
    const preferences = (flexitime: Partial<Preferences['clock']['flexitime']>): Preferences => {
      const base = defaultPreferences();
      return {
        ...base,
        clock: {
          ...base.clock,
          workingTime: { ...base.clock.workingTime, weeklyTargetMinutes: 2400 },
          flexitime: { ...base.clock.flexitime, ...flexitime },
        },
      };
    };
    const notes = createDayNotes(memoryFile(), () => '2025-01-01');
    const now = day(2026, 3, 18, 12);
    const person = { environmentId: 'e', employeeId: 'E1' };
    const seen = [session(day(2026, 3, 16, 8), day(2026, 3, 16, 17))];
    let settings = preferences({});
    const flexitime = createFlexitime({ notes, preferences: () => settings, language: () => 'en' });
    // Monday 9 h, Tuesday nothing seen: +1 h − 8 h.
    expect(flexitime.balance(person, seen, now)).toMatchObject({ from: '2026-03-16', to: '2026-03-17', totalMs: -7 * HOUR });
    settings = preferences({ openingDate: '2026-03-17', openingMinutes: 450 });
    expect(flexitime.balance(person, seen, now)).toMatchObject({ from: '2026-03-17', totalMs: -0.5 * HOUR, openingSet: true });
    settings = preferences({ openingDate: '2023-01-01' });
    expect(flexitime.balance(person, seen, now)).toMatchObject({ from: '2025-01-01', clamped: true });
    settings = preferences({ openingDate: '2026-04-01' });
    expect(flexitime.balance(person, seen, now)).toMatchObject({ to: null, totalMs: 0 });
  });

  it('keeps the balance while what it is made of stays, and makes it anew when a closed day, a note or a setting changes', () => {
    const base = defaultPreferences();
    const settings: Preferences = {
      ...base,
      clock: { ...base.clock, workingTime: { ...base.clock.workingTime, weeklyTargetMinutes: 2400 } },
    };
    const notes = createDayNotes(memoryFile(), () => '2025-01-01');
    const flexitime = createFlexitime({ notes, preferences: () => settings, language: () => 'en' });
    const person = { environmentId: 'e', employeeId: 'E1' };
    const now = day(2026, 3, 18, 12);
    const seen = [session(day(2026, 3, 16, 8), day(2026, 3, 16, 17))];
    const first = flexitime.balance(person, seen, now);
    // Today's shift changes nothing closed: the same balance.
    expect(flexitime.balance(person, [...seen, session(day(2026, 3, 18, 8), null)], now + 60_000)).toBe(first);
    const longer = flexitime.balance(person, [session(day(2026, 3, 16, 8), day(2026, 3, 16, 18))], now);
    expect(longer!.totalMs - first!.totalMs).toBe(HOUR);
    notes.addCorrection({ ...person, day: '2026-03-17', minutes: 30, reason: 'r' });
    expect(flexitime.balance(person, [session(day(2026, 3, 16, 8), day(2026, 3, 16, 18))], now)!.totalMs - longer!.totalMs).toBe(
      HOUR / 2,
    );
    expect(flexitime.balance(person, seen, day(2026, 3, 19, 12))!.to).toBe('2026-03-18');
  });
});
