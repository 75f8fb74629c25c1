/**
 * My hours to take away: a week or a month as CSV (a row a day — shifts, breaks, worked, target,
 * the day's difference, a holiday or an absence — and a total; the formula-safe writer the lookup
 * uses, in the user's language and number format), and the shifts as an iCalendar file
 * (ical-generator). Hours in the CSV are numbers of hours ("7.5", "7,5") so a spreadsheet can add
 * them up. Pure: the caller gives the shifts and the plan.
 */
import ical from 'ical-generator';
import type { HoursPeriod } from '../../shared/domain/my-hours-choices.ts';
import {
  addLocalDays,
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
}

const CSV_COLUMNS = ['date', 'day', 'shifts', 'breaks', 'worked', 'target', 'difference', 'holiday', 'absence'] as const;
const hoursNumber = (ms: number) => Math.round(Math.floor(ms / 60_000) / 0.6) / 100;

export function hoursCsv(input: HoursExportInput, style: CsvStyle): string {
  const { range, now, words } = input;
  const { t, locale } = words;
  const until = Math.min(range.until, now);
  const worked = workedByDay(input.sessions, range.from, until, now);
  const breaks = breaksOf(input.sessions, input.breakMarks, now);
  const rows: unknown[][] = [];
  const totals = { breaks: 0, worked: 0, target: 0, difference: 0 };
  for (let day = range.from; day < range.until; day = addLocalDays(day, 1)) {
    const plan = input.planOn(day);
    const next = addLocalDays(day, 1);
    const shifts = input.sessions
      .filter((session) => session.from >= day && session.from < next && (session.open || session.to !== null))
      .map((session) => `${formatTimeOfDay(session.from, locale)}–${formatTimeOfDay(endOf(session, now), locale)}`);
    const workedMs = worked.get(plan.day) ?? 0;
    const breakMs = breaks
      .filter((span) => span.from >= day && span.from < next)
      .reduce((sum, span) => sum + span.to - span.from, 0);
    // A day's difference once it is over, as the balance counts (today's is still being worked).
    const past = next <= now;
    const differenceMs = past ? workedMs + plan.creditMs - plan.targetMs : 0;
    totals.breaks += breakMs;
    totals.worked += workedMs;
    totals.target += plan.targetMs;
    totals.difference += differenceMs;
    rows.push([
      plan.day,
      formatWeekday(day, locale),
      shifts.join(', '),
      hoursNumber(breakMs),
      hoursNumber(workedMs),
      hoursNumber(plan.targetMs),
      past ? hoursNumber(differenceMs) : '',
      plan.holiday ?? '',
      plan.absence ? absenceText(plan.absence, plan.creditMs, words) : plan.halfDay ? (markOf(plan, words) ?? '') : '',
    ]);
  }
  rows.push([
    t('csv.hours.total'),
    '',
    '',
    hoursNumber(totals.breaks),
    hoursNumber(totals.worked),
    hoursNumber(totals.target),
    hoursNumber(totals.difference),
    '',
    '',
  ]);
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
