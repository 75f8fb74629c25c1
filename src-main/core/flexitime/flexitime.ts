/**
 * The working calendar of the employee on this computer: the plan rules from Settings → Clock, the
 * region's public holidays (in the user's language), the absences and corrections they noted, and
 * from those the flexitime balance since its opening day. Holds no state but the holiday calendar
 * of the region last asked for.
 */
import { localDayKey, localMidnightOf, isCalendarDay } from '../../shared/moments.ts';
import type { Preferences } from '../../shared/settings-schema.ts';
import type { Session } from '../clock/my-hours.ts';
import { flexitimeBalance, type Balance } from './balance.ts';
import type { DayNotes } from './day-notes.ts';
import { hasTargets, type DayLookups, type PlanRules } from './day-plan.ts';
import { checkRegion, holidayCalendar, type HolidayCalendar, type RegionCheck } from './public-holidays.ts';
import { workedByDay } from './worked-days.ts';

const MINUTE = 60_000;

export interface Person {
  environmentId: string;
  employeeId: string;
}

export interface FlexitimeNeeds {
  notes: DayNotes;
  preferences: () => Preferences;
  /** The language holiday names are given in ("de"). */
  language: () => string;
}

/** The language of holiday names for the app's language (the pseudo-locale's are English). */
export const holidayLanguage = (messages: string) => (['en', 'de', 'es'].includes(messages) ? messages : 'en');

/** The first day kept for the balance: 1 January of last year. */
export const keepFromDay = (now: number) => `${new Date(now).getFullYear() - 1}-01-01`;

export type Flexitime = ReturnType<typeof createFlexitime>;

export function createFlexitime(needs: FlexitimeNeeds) {
  let kept: { key: string; balance: KeptBalance } | null = null;
  let made: { key: string; calendar: HolidayCalendar | null; check: RegionCheck | null } | null = null;
  const holidays = () => {
    const region = needs.preferences().clock.holidays.region;
    const key = `${region}\n${needs.language()}`;
    if (made?.key !== key)
      made = {
        key,
        calendar: holidayCalendar(region, needs.language()),
        check: region === '' ? null : checkRegion(region),
      };
    return made;
  };
  const rules = (): PlanRules => {
    const { workingTime, holidays: days } = needs.preferences().clock;
    const orNull = (minutes: number) => (minutes > 0 ? minutes * MINUTE : null);
    return {
      dailyTargetMs: orNull(workingTime.dailyTargetMinutes),
      weeklyTargetMs: orNull(workingTime.weeklyTargetMinutes),
      workdays: workingTime.workdays,
      halfDays: days.halfDays,
    };
  };
  const lookups = (person: Person): DayLookups => {
    const calendar = holidays().calendar;
    const absences = new Map(needs.notes.absences(person).map((absence) => [absence.day, absence]));
    return { holidayOn: (day) => calendar?.holidayOn(day) ?? null, absenceOn: (day) => absences.get(day) ?? null };
  };
  /** Where the balance starts: the opening day set, else the first day this computer saw a shift; never before what is kept. */
  const opening = (firstShift: number | null, now: number) => {
    const set = needs.preferences().clock.flexitime.openingDate;
    const wanted = isCalendarDay(set) ? set : localDayKey(firstShift ?? now);
    const kept = keepFromDay(now);
    return { day: wanted < kept ? kept : wanted, clamped: wanted < kept, set: isCalendarDay(set) };
  };
  return {
    notes: needs.notes,
    rules,
    lookups,
    /** The region's name, or why it is not known; null when no region is set. */
    region: () => holidays().check,
    /**
     * The balance up to yesterday from `sessions` (the journal's since the opening day), or null
     * without targets. Its days are closed, so it is kept until what it is made of changes (a
     * view is made at every punch, and a year of days costs milliseconds: issue 52, point 6).
     */
    balance(person: Person, sessions: readonly Session[], now: number): KeptBalance | null {
      const plan = rules();
      if (!hasTargets(plan)) return null;
      const start = opening(sessions[0]?.from ?? null, now);
      const today = localDayKey(now);
      const key = balanceKey(person, sessions, localMidnightOf(today), [
        today,
        start.day,
        JSON.stringify(plan),
        JSON.stringify(needs.preferences().clock.flexitime),
        holidays().key,
        JSON.stringify(needs.notes.absences(person)),
        JSON.stringify(needs.notes.corrections(person)),
      ]);
      if (kept?.key === key) return kept.balance;
      const balance: KeptBalance = {
        ...flexitimeBalance({
          rules: plan,
          lookups: lookups(person),
          from: start.day,
          until: today,
          workedByDay: workedByDay(sessions, localMidnightOf(start.day), localMidnightOf(today), now),
          openingMs: start.set ? needs.preferences().clock.flexitime.openingMinutes * MINUTE : 0,
          corrections: needs.notes.corrections(person),
        }),
        clamped: start.clamped,
        openingSet: start.set,
      };
      kept = { key, balance };
      return balance;
    },
  };
}

type KeptBalance = Balance & { clamped: boolean; openingSet: boolean };

/** What a balance is made of, as a key: the person, the settings and notes given, and every closed day's shifts. */
function balanceKey(person: Person, sessions: readonly Session[], todayStart: number, parts: string[]): string {
  let closed = 0;
  let sum = 0;
  for (const session of sessions)
    if (session.from < todayStart) {
      closed++;
      // Where a session ends, as counted before today: its end, or "open" (-1), or unknown (-2).
      sum = (sum * 31 + session.from + (session.open ? -1 : (session.to ?? -2))) % 2_147_483_647;
    }
  return [person.environmentId, person.employeeId, closed, sum, ...parts].join('\n');
}
