/**
 * The employee's day as the clock shows it: this week's hours from the journal with the punches
 * waiting, today's work as the working-time rules weigh it, a break in progress, and what the view
 * needs from the service's state. Functions of what they are given.
 */
import type { HoursView } from '../../shared/ipc/contract.ts';
import type { Environment } from '../../shared/domain/environments.ts';
import { type TimeFormatter, startOfLocalDay, startOfLocalWeek } from '../../shared/moments.ts';
import type { Translate } from '../../shared/i18n/translator.ts';
import type { ClockStatus } from './clock-state.ts';
import type { ClockReading } from './clock-reading.ts';
import type { HoursJournal } from './hours-journal.ts';
import { myHours, sessionsOf, weekStartOf, type Session } from './my-hours.ts';
import { restTodayMs, workingRulesOf, workingTimeView, type WorkDay } from './working-time.ts';
import type { Preferences } from '../../shared/settings-schema.ts';
import type { ServiceClients } from '../api/service-clients.ts';
import type { Outbox } from './outbox.ts';

/** Out longer than this after "Take a break", the break has become the end of the day. */
const MAX_BREAK_MS = 8 * 3_600_000;

/** What the day needs of the clock service's options (clock-service.ts says what each is). */
interface DayOptions {
  outbox: Outbox;
  preferences: () => Preferences;
  formats?: () => string;
  clientsFor: (environmentId: string) => ServiceClients | null;
}

/** My hours this week, and today's work as the working-time rules weigh it: the journal's shifts with the punches waiting. */
export function workedHours(
  options: DayOptions,
  journal: HoursJournal,
  current: ClockStatus,
  now: number,
  environment: Environment,
  t: Translate,
): { hours: HoursView; day: WorkDay } {
  const { id, employeeId } = environment;
  const waiting = options.outbox
    .all()
    .filter((punch) => punch.environmentId === id && punch.employeeId === employeeId && !punch.stopped);
  const locale = options.formats?.();
  const firstDay = weekStartOf(options.preferences().clock.firstDayOfWeek, locale);
  const weekStart = startOfLocalWeek(now, firstDay);
  const sessions = sessionsOf(journal.shifts(id, employeeId, weekStart), waiting, current);
  const hours = myHours(sessions, now, {
    t,
    locale,
    firstDay,
    breakMarks: journal.breaks(id, employeeId, weekStart),
    longShiftMs: options.preferences().clock.longShiftHours * 3_600_000,
  });
  return { hours, day: workDayOf(sessions, hours, current, now) };
}

/** What the view needs from the service's state besides the punches and the prompt. */
export function viewOf(
  options: DayOptions,
  journal: HoursJournal,
  reading: ClockReading,
  current: ClockStatus,
  now: number,
  environment: Environment,
  t: Translate,
  formatTime: TimeFormatter,
) {
  // `now` is on the service's time when this computer's clock disagrees with it (service-time.ts).
  const { id, employeeId } = environment;
  const { server, problem, problemIsOutage } = reading.state;
  const { hours, day } = workedHours(options, journal, current, now, environment, t);
  const rules = workingRulesOf(options.preferences().clock.workingTime);
  return {
    hours: { ...hours, ...workingTimeView(day, rules, formatTime, t) },
    status: current,
    now,
    employeeId,
    // The service's word for the name first; the one the employee gave in Settings otherwise.
    employeeName:
      (server.kind === 'known' ? server.event?.employeeName : undefined) ??
      (options.preferences().clock.displayName.trim() || null),
    environmentName: environment.name,
    problem,
    problemIsOutage: problem !== null && problemIsOutage,
    asOf: problem && server.kind === 'known' ? server.readAt : null,
    serverClockOffsetMs: options.clientsFor(id)?.timeclock.serverClockOffsetMs() ?? null,
    forgottenAfterMs: options.preferences().clock.longShiftHours * 3_600_000,
  };
}

/** The day's work as the working-time rules weigh it. */
function workDayOf(sessions: Session[], hours: HoursView, current: ClockStatus, now: number): WorkDay {
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
