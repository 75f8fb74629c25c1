/**
 * The employee's day as the clock shows it: this week's hours from the journal with the punches
 * waiting, each day's target, holiday and absence (the flexitime plan) and the balance, today's
 * work as the working-time rules weigh it, a break in progress, and what the view needs from the
 * service's state. Functions of what they are given.
 */
import type { HoursView, MonthView } from '../../shared/ipc/contract.ts';
import type { Environment } from '../../shared/domain/environments.ts';
import {
  type TimeFormatter,
  addLocalDays,
  localDayKey,
  localMidnightOf,
  startOfLocalDay,
  startOfLocalWeek,
} from '../../shared/moments.ts';
import { formatSignedHours, hoursTextOf } from '../../shared/hours-text.ts';
import type { HoursPeriod } from '../../shared/domain/my-hours-choices.ts';
import { periodDays, periodRange, type HoursExportInput } from '../flexitime/hours-export.ts';
import { keepFromDay, type Flexitime, type Person } from '../flexitime/flexitime.ts';
import { hasTargets, planDay, sum, weekTargetMs } from '../flexitime/day-plan.ts';
import { balanceView, markOf, noteViews, type CalendarWords } from '../flexitime/flexitime-words.ts';
import type { Translate } from '../../shared/i18n/translator.ts';
import type { ClockStatus } from './clock-state.ts';
import type { ClockReading } from './clock-reading.ts';
import type { HoursJournal } from './hours-journal.ts';
import { myHours, sessionsOf, weekStartOf, type Session } from './my-hours.ts';
import { restTodayMs, workingRulesOf, workingTimeView, type TargetPlan, type WorkDay } from './working-time.ts';
import type { Preferences } from '../../shared/settings-schema.ts';
import type { ServiceClients } from '../api/service-clients.ts';
import type { Outbox } from './outbox.ts';
import type { CorrectionTrace } from '../record/correction-trace.ts';
import { traceView } from '../record/trace-words.ts';
import { specialWorkByDay, sumSpecialWork } from '../record/work-marks.ts';
import { specialWorkText } from '../record/special-work-words.ts';

/** Out longer than this after "Take a break", the break has become the end of the day. */
const MAX_BREAK_MS = 8 * 3_600_000;

/** What the day needs of the clock service's options (clock-service.ts says what each is). */
export interface DayOptions {
  outbox: Outbox;
  preferences: () => Preferences;
  formats?: () => string;
  clientsFor: (environmentId: string) => ServiceClients | null;
  flexitime: Flexitime;
  trace: CorrectionTrace;
}

/** The moment and the person My hours is made for, in the user's words. */
export interface DayAt {
  current: ClockStatus;
  now: number;
  environment: Environment;
  t: Translate;
}

/** The punches of this environment and employee still on their way. */
export const waitingOf = (options: DayOptions, { id, employeeId }: Environment) =>
  options.outbox.all().filter((punch) => punch.environmentId === id && punch.employeeId === employeeId && !punch.stopped);

export const personOf = ({ id, employeeId }: Environment): Person => ({ environmentId: id, employeeId });

/** The words, formats and plan My hours is made with, and the night IT sets (none when its ends are equal). */
export function dayContext(options: DayOptions, environment: Environment, t: Translate) {
  const locale = options.formats?.();
  const clock = options.preferences().clock;
  const words: CalendarWords = { t, locale, style: clock.hoursFormat, hoursText: hoursTextOf(clock.hoursFormat, t, locale) };
  const rules = options.flexitime.rules();
  const lookups = options.flexitime.lookups(personOf(environment));
  const { nightFrom, nightUntil } = clock.workingTime;
  const night = nightFrom === nightUntil ? null : { from: nightFrom, until: nightUntil };
  return { locale, clock, words, rules, night, planOn: (dayStart: number) => planDay(dayStart, rules, lookups) };
}

/** What a period's sums are made of: its days' plans, the shifts with the punches waiting, the breaks. */
export function periodInput(options: DayOptions, journal: HoursJournal, at: DayAt, period: HoursPeriod): HoursExportInput {
  const { current, now, environment, t } = at;
  const { locale, clock, words, night, planOn } = dayContext(options, environment, t);
  const range = periodRange(period, now, weekStartOf(clock.firstDayOfWeek, locale));
  const { id, employeeId } = environment;
  return {
    range,
    now,
    sessions: sessionsOf(journal.shifts(id, employeeId, range.from), waitingOf(options, environment), current),
    breakMarks: journal.breaks(id, employeeId, range.from),
    planOn,
    words,
    night,
  };
}

/** This month so far, for My time: worked, absences counted, and against a target, the difference of the days over. */
function monthView(options: DayOptions, journal: HoursJournal, at: DayAt): MonthView {
  const input = periodInput(options, journal, at, 'this-month');
  const { totals } = periodDays(input);
  const { t, locale, style, hoursText } = input.words;
  const targeted = hasTargets(options.flexitime.rules());
  return {
    title: new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' }).format(input.range.from),
    worked: hoursText(totals.workedMs),
    credit: totals.creditMs > 0 ? hoursText(totals.creditMs) : null,
    target: targeted ? hoursText(totals.targetMs) : null,
    difference: targeted ? formatSignedHours(totals.differenceMs, style, t, locale) : null,
    special: specialWorkText(totals, input.words),
  };
}

/** My hours this week, and today's work as the working-time rules weigh it: the journal's shifts with the punches waiting. */
export function workedHours(
  options: DayOptions,
  journal: HoursJournal,
  { current, now, environment, t }: DayAt,
): { hours: Omit<HoursView, 'month'>; day: WorkDay; plan: TargetPlan; words: CalendarWords } {
  const { id, employeeId } = environment;
  const { locale, clock, words, rules, night, planOn } = dayContext(options, environment, t);
  const firstDay = weekStartOf(clock.firstDayOfWeek, locale);
  const weekStart = startOfLocalWeek(now, firstDay);
  // The week's plan, made once: My hours' days and bars, today's target and the week's read it.
  const week = Array.from({ length: 7 }, (_, index) => planOn(addLocalDays(weekStart, index)));
  const planOf = (dayStart: number) => week.find((plan) => plan.day === localDayKey(dayStart)) ?? planOn(dayStart);
  const sessions = sessionsOf(journal.shifts(id, employeeId, weekStart), waitingOf(options, environment), current);
  const hours = myHours(sessions, now, {
    t,
    locale,
    firstDay,
    breakMarks: journal.breaks(id, employeeId, weekStart),
    longShiftMs: clock.longShiftHours * 3_600_000,
    hoursText: words.hoursText,
    askedOn: (dayStart) => {
      const plan = planOf(dayStart);
      return { targetMs: plan.targetMs, creditMs: plan.creditMs, mark: markOf(plan, words) };
    },
  });
  const specials = specialWorkByDay(
    sessions,
    { from: weekStart, until: now, now },
    night,
    (day) => planOf(localMidnightOf(day)).holiday,
  );
  const weekSpecial = specialWorkText(sumSpecialWork(specials.values()), words);
  hours.days = hours.days.map((day) => ({ ...day, special: specialWorkText(specials.get(day.key), words) }));
  hours.specialWeek = weekSpecial && t('hours.specialWeek', { list: weekSpecial });
  const today = planOf(now);
  const targeted = hasTargets(rules);
  const plan: TargetPlan = {
    targeted,
    todayTargetMs: rules.dailyTargetMs !== null ? today.targetMs : null,
    todayCreditMs: today.creditMs,
    todayHoliday: today.usualMs > 0 ? today.holiday : null,
    weekTargetMs: weekTargetMs(week, rules),
    weekCreditMs: sum(week, (day) => day.creditMs),
    hoursText: words.hoursText,
  };
  const dayOff = today.holiday !== null || today.absence?.portion === 'day';
  return { hours, day: { ...workDayOf(sessions, hours, current, now), dayOff }, plan, words };
}

/** The balance, its hint, and the absences and corrections noted, for My hours. */
export function flexitimeParts(
  options: DayOptions,
  journal: HoursJournal,
  { current, now, environment, t }: DayAt,
  words: CalendarWords,
) {
  const person = personOf(environment);
  const kept = journal.shifts(environment.id, environment.employeeId, localMidnightOf(keepFromDay(now)));
  const balance = options.flexitime.balance(person, sessionsOf(kept, waitingOf(options, environment), current), now);
  const region = options.flexitime.region();
  const regionHint =
    region && !region.known
      ? t('flexitime.regionUnknown', { region: options.preferences().clock.holidays.region, reason: region.reason })
      : null;
  const notesFrom = localDayKey(addLocalDays(startOfLocalDay(now), -62));
  return {
    // The corrections made in the last two months, whichever day they are about.
    trace: traceView(options.trace.entries(person, localMidnightOf(notesFrom)), options.trace.state(), now, words),
    balance: balance && balanceView(balance, words),
    balanceHint: regionHint ?? (balance ? null : t('flexitime.noTargets')),
    notes: noteViews(options.flexitime.notes.absences(person), options.flexitime.notes.corrections(person), notesFrom, words),
  };
}

/** The employee's name: the service's word first, the one the employee gave in Settings otherwise; null when neither. */
export function employeeNameOf(options: Pick<DayOptions, 'preferences'>, reading: ClockReading): string | null {
  const { server } = reading.state;
  return (
    (server.kind === 'known' ? server.event?.employeeName : undefined) ?? (options.preferences().clock.displayName.trim() || null)
  );
}

/** What the view needs from the service's state besides the punches and the prompt. */
export function viewOf(options: DayOptions, journal: HoursJournal, reading: ClockReading, at: DayAt, formatTime: TimeFormatter) {
  const { current, now, environment, t } = at;
  // `now` is on the service's time when this computer's clock disagrees with it (service-time.ts).
  const { id, employeeId } = environment;
  const { server, problem, problemIsOutage } = reading.state;
  const { hours, day, plan, words } = workedHours(options, journal, at);
  const rules = workingRulesOf(options.preferences().clock.workingTime);
  return {
    hours: {
      ...hours,
      ...workingTimeView(day, rules, formatTime, t, plan),
      ...flexitimeParts(options, journal, at, words),
      month: monthView(options, journal, at),
    },
    status: current,
    now,
    employeeId,
    employeeName: employeeNameOf(options, reading),
    environmentName: environment.name,
    problem,
    problemIsOutage: problem !== null && problemIsOutage,
    asOf: problem && server.kind === 'known' ? server.readAt : null,
    serverClockOffsetMs: options.clientsFor(id)?.timeclock.serverClockOffsetMs() ?? null,
    forgottenAfterMs: options.preferences().clock.longShiftHours * 3_600_000,
  };
}

/** The day's work as the working-time rules weigh it. */
function workDayOf(
  sessions: Session[],
  hours: Pick<HoursView, 'todayMs' | 'weekMs'>,
  current: ClockStatus,
  now: number,
): WorkDay {
  return {
    now,
    workedTodayMs: hours.todayMs,
    restTodayMs: restTodayMs(sessions, startOfLocalDay(now), now),
    weekMs: hours.weekMs,
    clockedIn: current.state === 'in',
  };
}

/** Out on a break: the clock-out that began it, marked in the journal ("Take a break"); null otherwise. */
export function breakSince(journal: HoursJournal, current: ClockStatus, now: number, environment: Environment): number | null {
  if (current.state !== 'out' || current.lastOut === null || now - current.lastOut > MAX_BREAK_MS) return null;
  const { id, employeeId } = environment;
  const second = Math.floor(current.lastOut / 1000);
  const marked = journal.breaks(id, employeeId, current.lastOut - 1000).some((at) => Math.floor(at / 1000) === second);
  return marked ? current.lastOut : null;
}
