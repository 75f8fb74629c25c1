/**
 * The employee's own copy of a month's record (issue 67, point 4): a row a day with start, end,
 * breaks, worked and marks (holiday, absence, correction, short rest, night, Sunday and holiday
 * work), the month's totals and flexitime balance, the corrections made to its days, and a plain
 * line saying what it is built from. The window prints it (Electron's printToPDF); this makes it.
 */
import type { MonthRecordView } from '../../shared/ipc/contract.ts';
import { formatSignedHours } from '../../shared/hours-text.ts';
import { formatDay, formatTimeOfDay, formatWeekday, localDayKey } from '../../shared/moments.ts';
import { periodDays, type PeriodDay } from '../flexitime/hours-export.ts';
import { markOf } from '../flexitime/flexitime-words.ts';
import { specialWorkText } from '../record/special-work-words.ts';
import { traceView } from '../record/trace-words.ts';
import { flexitimeParts, periodInput, personOf, type DayAt, type DayOptions } from './clock-day.ts';
import { restOf, shortRestDays } from './clock-rest.ts';
import type { HoursJournal } from './hours-journal.ts';
import { endOf } from './my-hours.ts';

type Period = 'this-month' | 'last-month';

export function monthRecord(
  options: DayOptions,
  journal: HoursJournal,
  at: DayAt & { employeeName: string | null; readAt: number | null },
  period: Period,
): MonthRecordView {
  const input = periodInput(options, journal, at, period);
  const { words } = input;
  const { t, locale } = words;
  const { days, totals } = periodDays(input);
  const rest = restOf(options, journal, at, input.range.from - 9 * 86_400_000);
  const person = personOf(at.environment);
  const trace = options.trace
    .entries(person, 0)
    .filter((entry) => localDayKey(input.range.from) <= entry.day && entry.day < localDayKey(input.range.until));
  const corrected = new Set(trace.map((entry) => entry.day));
  const shortRest = shortRestDays(rest);
  const marksOf = (day: PeriodDay) =>
    [
      markOf(day.plan, words),
      specialWorkText(day.special, words),
      shortRest.has(day.plan.day) ? t('record.shortRest') : null,
      corrected.has(day.plan.day) ? t('trace.corrected') : null,
    ].filter((mark) => mark !== null);
  const sessionsOn = (day: PeriodDay) =>
    input.sessions.filter((session) => localDayKey(session.from) === day.plan.day && (session.open || session.to !== null));
  const balance = flexitimeParts(options, journal, at, words).balance;
  const when = (ms: number) => `${formatDay(new Date(ms).toISOString(), locale)} ${formatTimeOfDay(ms, locale)}`;
  const month = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' }).format(input.range.from);
  const name = at.employeeName ? ` · ${at.employeeName}` : '';
  return {
    title: t('record.title', { month }),
    month: localDayKey(input.range.from).slice(0, 7),
    person: `${at.environment.employeeId}${name} · ${at.environment.name}`,
    rows: days.map((day) => {
      const sessions = sessionsOn(day);
      const time = (ms: number | undefined) => (ms === undefined ? '' : formatTimeOfDay(ms, locale));
      return {
        day: formatWeekday(day.dayStart, locale),
        start: time(sessions[0]?.from),
        end: time(sessions.length > 0 ? Math.max(...sessions.map((session) => endOf(session, input.now))) : undefined),
        breaks: day.breakMs > 0 ? words.hoursText(day.breakMs) : '',
        worked: day.workedMs > 0 ? words.hoursText(day.workedMs) : '',
        marks: marksOf(day),
      };
    }),
    totals: [
      { label: t('flexitime.line.worked'), value: words.hoursText(totals.workedMs) },
      { label: t('flexitime.line.credit'), value: words.hoursText(totals.creditMs) },
      { label: t('flexitime.line.target'), value: words.hoursText(totals.targetMs) },
      { label: t('myTime.monthDifference'), value: formatSignedHours(totals.differenceMs, words.style, t, locale) },
      { label: t('myTime.monthSpecial'), value: specialWorkText(totals, words) ?? '—' },
      { label: t('record.balance'), value: balance?.amount ?? '—' },
    ],
    trace: traceView(trace, options.trace.state(), at.now, words).entries,
    source: t('record.source', { read: at.readAt === null ? 'never' : 'yes', when: at.readAt === null ? '' : when(at.readAt) }),
    made: t('record.made', { when: when(at.now) }),
  };
}
