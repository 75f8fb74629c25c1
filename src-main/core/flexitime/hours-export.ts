/**
 * My hours to take away: a week or a month as CSV (a row a day — shifts, breaks, worked, target,
 * the day's difference, night, Sunday and holiday work, a holiday or an absence — and a total; the formula-safe writer the lookup
 * uses, in the user's language and number format), and the shifts as an iCalendar file
 * (ical-generator). Hours in the CSV are numbers of hours ("7.5", "7,5") so a spreadsheet can add
 * them up. Pure: the caller gives the shifts and the plan.
 */
import ical from 'ical-generator';
import type { HoursPeriod } from '../../shared/domain/my-hours-choices.ts';
import {
  addLocalDays,
  localMidnightOf,
  formatTimeOfDay,
  formatWeekday,
  localDayKey,
  startOfLocalDay,
  startOfLocalWeek,
  type Weekday,
} from '../../shared/moments.ts';
import { breaksOf, endOf, type Session } from '../clock/my-hours.ts';
import { toCsv, type CsvStyle } from '../util/csv.ts';
import type { DayPlan } from './day-plan.ts';
import { markOf, absenceText, type CalendarWords } from './flexitime-words.ts';
import { workedByDay } from './worked-days.ts';
import { NO_SPECIAL_WORK, specialWorkByDay, type NightWindow, type SpecialWork } from '../record/work-marks.ts';

export interface PeriodRange {
  from: number;
  until: number;
  /** For the file's name: "2026-11-23". */
  label: string;
}

/** The local days a period covers: the week (from the week's first day) or the calendar month. */
export function periodRange(period: HoursPeriod, now: number, firstDay: Weekday): PeriodRange {
  if (period === 'this-week' || period === 'last-week') {
    const from = addLocalDays(startOfLocalWeek(now, firstDay), period === 'last-week' ? -7 : 0);
    return { from, until: addLocalDays(from, 7), label: localDayKey(from) };
  }
  const today = new Date(startOfLocalDay(now));
  const month = today.getMonth() - (period === 'last-month' ? 1 : 0);
  const from = new Date(today.getFullYear(), month, 1).getTime();
  return { from, until: new Date(today.getFullYear(), month + 1, 1).getTime(), label: localDayKey(from).slice(0, 7) };
}

export interface HoursExportInput {
  range: PeriodRange;
  now: number;
  sessions: readonly Session[];
  breakMarks: readonly number[];
  planOn: (dayStart: number) => DayPlan;
  words: CalendarWords;
  /** The night IT sets, for night work to be counted apart; null: not counted. */
  night: NightWindow | null;
}

const CSV_COLUMNS = [
  'date',
  'day',
  'shifts',
  'breaks',
  'worked',
  'target',
  'difference',
  'night',
  'sunday',
  'holidayWork',
  'holiday',
  'absence',
] as const;
const hoursNumber = (ms: number) => Math.round(Math.floor(ms / 60_000) / 0.6) / 100;

/** One day of a period: its shifts, breaks, work, target and, once it is over, its difference. */
export interface PeriodDay {
  dayStart: number;
  plan: DayPlan;
  shifts: string[];
  breakMs: number;
  workedMs: number;
  /** Worked plus absences counted as done, less the target; null while the day is still being worked. */
  differenceMs: number | null;
  /** Night, Sunday and holiday work, counted apart. */
  special: SpecialWork;
}

type PeriodTotals = { breakMs: number; workedMs: number; targetMs: number; creditMs: number; differenceMs: number } & SpecialWork;

/** A period's days and their sums (the difference counts the days that are over, as the balance does). */
export function periodDays(input: HoursExportInput): { days: PeriodDay[]; totals: PeriodTotals } {
  const { range, now, words } = input;
  const worked = workedByDay(input.sessions, range.from, Math.min(range.until, now), now);
  const breaks = breaksOf(input.sessions, input.breakMarks, now);
  const specials = specialWorkByDay(
    input.sessions,
    { from: range.from, until: Math.min(range.until, now), now },
    input.night,
    (day) => input.planOn(localMidnightOf(day)).holiday,
  );
  const days: PeriodDay[] = [];
  const totals: PeriodTotals = { breakMs: 0, workedMs: 0, targetMs: 0, creditMs: 0, differenceMs: 0, ...NO_SPECIAL_WORK };
  for (let dayStart = range.from; dayStart < range.until; dayStart = addLocalDays(dayStart, 1)) {
    const plan = input.planOn(dayStart);
    const next = addLocalDays(dayStart, 1);
    const shifts = input.sessions
      .filter((session) => session.from >= dayStart && session.from < next && (session.open || session.to !== null))
      .map((session) => `${formatTimeOfDay(session.from, words.locale)}–${formatTimeOfDay(endOf(session, now), words.locale)}`);
    const workedMs = worked.get(plan.day) ?? 0;
    const breakMs = breaks
      .filter((span) => span.from >= dayStart && span.from < next)
      .reduce((sum, span) => sum + span.to - span.from, 0);
    // A day's difference once it is over, as the balance counts (today's is still being worked).
    const differenceMs = next <= now ? workedMs + plan.creditMs - plan.targetMs : null;
    totals.breakMs += breakMs;
    totals.workedMs += workedMs;
    totals.targetMs += plan.targetMs;
    totals.creditMs += plan.creditMs;
    totals.differenceMs += differenceMs ?? 0;
    const special = specials.get(plan.day) ?? NO_SPECIAL_WORK;
    totals.nightMs += special.nightMs;
    totals.sundayMs += special.sundayMs;
    totals.holidayMs += special.holidayMs;
    days.push({ dayStart, plan, shifts, breakMs, workedMs, differenceMs, special });
  }
  return { days, totals };
}

export function hoursCsv(input: HoursExportInput, style: CsvStyle): string {
  const { t, locale } = input.words;
  const { days, totals } = periodDays(input);
  const rows: unknown[][] = days.map(({ dayStart, plan, shifts, breakMs, workedMs, differenceMs, special }) => [
    plan.day,
    formatWeekday(dayStart, locale),
    shifts.join(', '),
    hoursNumber(breakMs),
    hoursNumber(workedMs),
    hoursNumber(plan.targetMs),
    differenceMs === null ? '' : hoursNumber(differenceMs),
    hoursNumber(special.nightMs),
    hoursNumber(special.sundayMs),
    hoursNumber(special.holidayMs),
    plan.holiday ?? '',
    plan.absence ? absenceText(plan.absence, plan.creditMs, input.words) : plan.halfDay ? (markOf(plan, input.words) ?? '') : '',
  ]);
  const sums = [
    totals.breakMs,
    totals.workedMs,
    totals.targetMs,
    totals.differenceMs,
    totals.nightMs,
    totals.sundayMs,
    totals.holidayMs,
  ].map(hoursNumber);
  rows.push([t('csv.hours.total'), '', '', ...sums, '', '']);
  return toCsv(
    CSV_COLUMNS.map((column) => t(`csv.hours.${column}`)),
    rows,
    style,
  );
}

/** The period's shifts as calendar events; a shift whose end was never seen is left out, a running one ends now. */
export function shiftsIcs(input: HoursExportInput, uidOf: (session: Session) => string): string {
  const { t } = input.words;
  const calendar = ical({ name: t('ics.calendarName'), prodId: { company: 'Timeclock Tray', product: 'timeclock-tray' } });
  for (const session of input.sessions) {
    if (session.from < input.range.from || session.from >= input.range.until || (!session.open && session.to === null)) continue;
    calendar.createEvent({
      id: uidOf(session),
      start: new Date(session.from),
      end: new Date(endOf(session, input.now)),
      stamp: new Date(input.now),
      summary: session.open ? t('ics.shiftRunning') : t('ics.shift'),
    });
  }
  return calendar.toString();
}
