/**
 * The rest between working days as the clock shows and guards it (core/record/rest-periods.ts
 * counts it): "Daily rest until 06:40" while clocking in would break it, a clock-in then refused
 * until the employee accepts it (the acceptance traced), the days this week that began after too
 * short a rest, and no weekly rest in the last seven days. Functions of what they are given.
 */
import type { ClockView, HoursView } from '../../shared/ipc/contract.ts';
import { formatDuration, localDayKey, type TimeFormatter } from '../../shared/moments.ts';
import type { Translate } from '../../shared/i18n/translator.ts';
import type { Preferences } from '../../shared/settings-schema.ts';
import { longestRestInWeek, restUntil, workingDays, type RestRules, type WorkingDay } from '../record/rest-periods.ts';
import type { ClockAction, PunchSource } from './clock-actions.ts';
import type { TraceChange } from './clock-context.ts';
import type { ClockNotification, ClockWords } from './clock-words.ts';
import { waitingOf, type DayAt, type DayOptions } from './clock-day.ts';
import type { HoursJournal } from './hours-journal.ts';
import { sessionsOf } from './my-hours.ts';

const HOUR = 3_600_000;

export function restRulesOf(setting: Preferences['clock']['workingTime']): RestRules {
  const orNull = (hours: number) => (hours > 0 ? hours * HOUR : null);
  return { dailyMs: orNull(setting.dailyRestHours), weeklyMs: orNull(setting.weeklyRestHours) };
}

/** The working days from `from` on (shifts seen and punches waiting), and until when the daily rest lasts. */
export function restOf(options: DayOptions, journal: HoursJournal, at: DayAt, from = at.now - 9 * 24 * HOUR) {
  const { current, now, environment } = at;
  const rules = restRulesOf(options.preferences().clock.workingTime);
  const { id, employeeId } = environment;
  const sessions = sessionsOf(journal.shifts(id, employeeId, from), waitingOf(options, environment), current);
  const marks = journal.breaks(id, employeeId, from);
  const days = workingDays(sessions, marks, now);
  return { rules, days, until: current.state === 'in' ? null : restUntil(days, marks, now, rules) };
}

export type Rest = ReturnType<typeof restOf>;

/** What the panel says of the rest going on: the line, and the question before a clock-in within it. */
export function restView(rest: Rest, formatTime: TimeFormatter, t: Translate): ClockView['rest'] {
  if (rest.until === null || rest.rules.dailyMs === null) return null;
  const facts = { time: formatTime(rest.until), required: formatDuration(rest.rules.dailyMs, t) };
  return { until: new Date(rest.until).toISOString(), line: t('rest.until', facts), question: t('rest.ask', facts) };
}

/** Why a clock-in now is refused (the rest goes on and was not accepted), or null. */
export function restRefusal(rest: Rest, formatTime: TimeFormatter, t: Translate): string | null {
  if (rest.until === null || rest.rules.dailyMs === null) return null;
  return t('rest.refused', { time: formatTime(rest.until), required: formatDuration(rest.rules.dailyMs, t) });
}

/** The trace of a clock-in accepted within the daily rest: the rest had (minutes) and the rest asked. */
export function shortRestAccepted(rest: Rest, now: number): TraceChange | null {
  const last = rest.days.at(-1);
  if (rest.until === null || rest.rules.dailyMs === null || !last) return null;
  return {
    kind: 'short-rest-accepted',
    day: localDayKey(now),
    subject: new Date(last.end).toISOString(),
    before: String(Math.floor((now - last.end) / 60_000)),
    after: String(rest.rules.dailyMs / 60_000),
    reason: '',
  };
}

/** The working days that began after too short a rest, by the local day they began on. */
export function shortRestDays(rest: Rest): Map<string, WorkingDay & { restBeforeMs: number }> {
  const { dailyMs } = rest.rules;
  const short = rest.days.filter(
    (day): day is WorkingDay & { restBeforeMs: number } =>
      dailyMs !== null && day.restBeforeMs !== null && day.restBeforeMs < dailyMs,
  );
  return new Map(short.map((day) => [localDayKey(day.start), day]));
}

/** The days shown whose working day began after too short a rest, marked; and the weekly rest missed, as a warning. */
export function withRest<Hours extends Omit<HoursView, 'month'>>(hours: Hours, rest: Rest, now: number, t: Translate): Hours {
  const { dailyMs, weeklyMs } = rest.rules;
  const shortOn = shortRestDays(rest);
  const days = hours.days.map((day) => {
    const short = shortOn.get(day.key);
    return short
      ? {
          ...day,
          restShort: t('rest.shortBefore', {
            rest: formatDuration(short.restBeforeMs, t),
            required: formatDuration(dailyMs!, t),
          }),
        }
      : day;
  });
  const longest = longestRestInWeek(rest.days, now);
  const weekly =
    weeklyMs !== null && rest.days.length > 0 && longest < weeklyMs
      ? [t('rest.weekShort', { required: formatDuration(weeklyMs, t), longest: formatDuration(longest, t) })]
      : [];
  return { ...hours, days, warnings: [...hours.warnings, ...weekly] };
}

interface RestGuardNeeds {
  rest: () => Rest;
  now: () => number;
  formatTime: TimeFormatter;
  words: ClockWords;
  notify: (notification: ClockNotification) => void;
  traced: (change: TraceChange) => void;
  clockIn: (from: PunchSource) => Promise<ClockAction>;
}

/**
 * A clock-in that would begin a working day within the daily rest: refused until the employee
 * accepts it (the panel asks; the tray, the shortcut and a notification's button are told where to
 * ask), and once accepted traced before it is made.
 */
export function restGuard(needs: RestGuardNeeds) {
  const { t } = needs.words;
  return {
    async clockIn(from: PunchSource): Promise<ClockAction> {
      const refused = restRefusal(needs.rest(), needs.formatTime, t);
      if (refused === null) return needs.clockIn(from);
      if (from !== 'window') needs.notify(needs.words.refusedNotice('clock-in', refused));
      return { kind: 'ignored', reason: refused };
    },
    async clockInDuringRest(from: PunchSource): Promise<ClockAction> {
      const change = shortRestAccepted(needs.rest(), needs.now());
      try {
        if (change) needs.traced(change);
      } catch {
        return { kind: 'ignored', reason: t('myHours.error.traceUnwritten') };
      }
      return needs.clockIn(from);
    },
  };
}
