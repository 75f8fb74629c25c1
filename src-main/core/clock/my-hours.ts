/**
 * "My hours": today's and this week's working time, and the week's shifts per day, from the shifts
 * the service answered with (the journal) and the punches still waiting to be sent. Pure. A shift
 * whose end cannot be known (the service has a newer one, or the state is unknown) is listed but
 * not counted, and the view says so: a total is never made up.
 */
import type { HoursView, WeekBar } from '../../shared/ipc/contract.ts';
import { formatHours, type HoursText } from '../../shared/hours-text.ts';
import { english } from '../../shared/i18n/catalogues.ts';
import type { Translate } from '../../shared/i18n/translator.ts';
import {
  firstDayOfWeek,
  formatShortWeekday,
  formatTimeOfDay,
  formatWeekday,
  localDayKey,
  startOfLocalWeek,
  startOfNextLocalDay,
  type Weekday,
} from '../../shared/moments.ts';
import type { ClockStatus } from './clock-state.ts';
import type { Shift } from './hours-journal.ts';
import type { Punch } from './outbox.ts';

export interface Session {
  from: number;
  /** Null: still working (counted up to now) when `open`, else the end is unknown (not counted). */
  to: number | null;
  open: boolean;
  pending: boolean;
}

/** The service's shifts with waiting punches applied in order: a clock-in opens, a clock-out closes. */
export function sessionsOf(shifts: readonly Shift[], waiting: readonly Punch[], status: ClockStatus): Session[] {
  const sessions: Session[] = shifts.map((shift) => ({ from: shift.clockIn, to: shift.clockOut, open: false, pending: false }));
  for (const punch of waiting) {
    const at = Date.parse(punch.at);
    if (punch.kind === 'clock-in') sessions.push({ from: at, to: null, open: false, pending: true });
    else {
      const last = sessions.findLast((session) => session.to === null && session.from < at);
      if (last) Object.assign(last, { to: at, pending: true });
    }
  }
  // Only the shift the clock shows as running goes on; any other open one ended where this computer did not see.
  if (status.state === 'in') {
    const second = Math.floor(status.since / 1000);
    const running = sessions.find((session) => session.to === null && Math.floor(session.from / 1000) === second);
    if (running) running.open = true;
    else sessions.push({ from: status.since, to: null, open: true, pending: status.pendingPunchId !== null });
  }
  return sessions.sort((a, b) => a.from - b.from);
}

/** Where a session ends for counting: now while running, its start when its end is unknown. */
export const endOf = (session: Session, now: number) => (session.open ? now : (session.to ?? session.from));

const overlap = (session: Session, now: number, from: number, to: number) =>
  Math.max(0, Math.min(endOf(session, now), to) - Math.max(session.from, from));

/** A total of worked or rested time as My hours says it: "0 min" rather than "under a minute". */
export const workedText = (ms: number, t: Translate): string => formatHours(ms, 'words', t);

/** What a day asks, as the flexitime plan says it (flexitime/day-plan.ts): its target, an absence counted as done, its mark. */
export interface DayAsked {
  targetMs: number;
  creditMs: number;
  /** "Ascension Day · no target", "Vacation · half day"; null on an ordinary day. */
  mark: string | null;
}

/** The words and formats of the user's language (English and the computer's formats by default). */
export interface HoursWords {
  t: Translate;
  locale?: string;
  /** The day the week starts on (weekStartOf); Monday if not told. */
  firstDay?: Weekday;
  /** Clock-outs that began a break ("Take a break"), kept by the hours journal. */
  breakMarks?: readonly number[];
  /** The long-shift limit (Settings → Clock): a running shift past it is flagged beside the totals. */
  longShiftMs?: number;
  /** Hours in the user's chosen style (Settings → Clock → "Hours as"); words if not told. */
  hoursText?: HoursText;
  /** Each day's target, absence and holiday; none if not told. */
  askedOn?: (dayStart: number) => DayAsked;
}

/** A break as My hours lists it: from a clock-out marked as a break to the next clock-in (or now). */
export interface BreakSpan {
  from: number;
  to: number;
  ongoing: boolean;
}

/** The breaks among sessions: each marked clock-out up to the next session's start, or now while it goes on. */
export function breaksOf(sessions: readonly Session[], marks: readonly number[], now: number): BreakSpan[] {
  const marked = new Set(marks.map((at) => Math.floor(at / 1000)));
  const spans: BreakSpan[] = [];
  sessions.forEach((session, index) => {
    if (session.to === null || !marked.has(Math.floor(session.to / 1000))) return;
    const next = sessions[index + 1];
    if (next) spans.push({ from: session.to, to: next.from, ongoing: false });
    else if (now > session.to) spans.push({ from: session.to, to: now, ongoing: true });
  });
  return spans;
}

const NAMED_DAYS = { sunday: 0, monday: 1, saturday: 6 } as const;

/** The week's first day the setting asks for: a named day (IT's), or the one of the user's language. */
export const weekStartOf = (setting: 'locale' | keyof typeof NAMED_DAYS, locale?: string): Weekday =>
  setting === 'locale' ? firstDayOfWeek(locale) : NAMED_DAYS[setting];

const NOTHING_ASKED: DayAsked = { targetMs: 0, creditMs: 0, mark: null };

/** One day of the week as My hours counts it. */
interface DayCount {
  dayStart: number;
  ofDay: Session[];
  totalMs: number;
  breaksOfDay: BreakSpan[];
  breakMs: number;
  asked: DayAsked;
}

function countDay(
  sessions: readonly Session[],
  breaks: readonly BreakSpan[],
  dayStart: number,
  now: number,
  words: HoursWords,
): DayCount {
  const dayEnd = startOfNextLocalDay(dayStart);
  const ofDay = sessions.filter((session) => session.from < dayEnd && endOf(session, now) >= dayStart);
  const breaksOfDay = breaks.filter((span) => span.from >= dayStart && span.from < dayEnd);
  return {
    dayStart,
    ofDay,
    totalMs: ofDay.reduce((sum, session) => sum + overlap(session, now, dayStart, dayEnd), 0),
    breaksOfDay,
    breakMs: breaksOfDay.reduce((sum, span) => sum + span.to - span.from, 0),
    asked: words.askedOn?.(dayStart) ?? NOTHING_ASKED,
  };
}

/** A shift under the day it began, or as continued into a later day; breaks between, in order. */
function entriesOf(count: DayCount, now: number, { t, locale }: HoursWords): HoursView['days'][number]['sessions'] {
  const timeOf = (ms: number) => formatTimeOfDay(ms, locale);
  const dayEnd = startOfNextLocalDay(count.dayStart);
  return [
    ...count.ofDay.map((session) => {
      const began = session.from >= count.dayStart;
      return {
        at: began ? session.from : count.dayStart,
        text: began
          ? t('hours.session', {
              from: timeOf(session.from),
              to: session.open ? t('hours.now') : session.to === null ? t('hours.endUnknown') : timeOf(session.to),
            })
          : t('hours.continued', {
              day: formatWeekday(session.from, locale),
              to: session.open ? t('hours.now') : timeOf(endOf(session, now)),
            }),
        pending: session.pending,
        counted: session.open || session.to !== null,
        isBreak: false,
        overMidnight: began && endOf(session, now) > dayEnd,
        continued: !began,
      };
    }),
    ...count.breaksOfDay.map((span) => ({
      at: span.from,
      text: t('hours.break', { from: timeOf(span.from), to: span.ongoing ? t('hours.now') : timeOf(span.to) }),
      pending: false,
      counted: true,
      isBreak: true,
      overMidnight: false,
      continued: false,
    })),
  ]
    .sort((a, b) => a.at - b.at)
    .map(({ at: _at, ...entry }) => entry);
}

/** The week's bar: worked (with what an absence counts as done) against the day's target. */
function barOf(count: DayCount, now: number, { locale }: HoursWords, hoursText: HoursText): WeekBar {
  return {
    short: formatShortWeekday(count.dayStart, locale),
    day: formatWeekday(count.dayStart, locale),
    workedMs: count.totalMs,
    creditMs: count.asked.creditMs,
    targetMs: count.asked.targetMs,
    breakMs: count.breakMs,
    worked: hoursText(count.totalMs),
    target: hoursText(count.asked.targetMs),
    breaks: count.breakMs > 0 ? hoursText(count.breakMs) : null,
    mark: count.asked.mark,
    today: count.dayStart <= now && now < startOfNextLocalDay(count.dayStart),
  };
}

export function myHours(
  sessions: readonly Session[],
  now: number,
  words: HoursWords = { t: english.t },
): Omit<HoursView, 'month'> {
  const { t, firstDay, breakMarks = [], longShiftMs } = words;
  const hoursText = words.hoursText ?? ((ms: number) => workedText(ms, t));
  const breaks = breaksOf(sessions, breakMarks, now);
  const counts: DayCount[] = [];
  for (let dayStart = startOfLocalWeek(now, firstDay), index = 0; index < 7; dayStart = startOfNextLocalDay(dayStart), index++)
    counts.push(countDay(sessions, breaks, dayStart, now, words));
  const past = counts.filter((count) => count.dayStart <= now);
  const today = past.at(-1)!;
  const weekMs = past.reduce((sum, count) => sum + count.totalMs, 0);
  const uncounted = sessions.some((session) => !session.open && session.to === null && session.from < now);
  const running = sessions.find((session) => session.open);
  const runningMs = running ? now - running.from : 0;
  return {
    longShift:
      longShiftMs !== undefined && running && runningMs > longShiftMs
        ? t('hours.longShift', { duration: workedText(runningMs, t) })
        : null,
    today: hoursText(today.totalMs),
    todayBreaks: today.breakMs > 0 ? hoursText(today.breakMs) : null,
    week: hoursText(weekMs),
    todayMs: today.totalMs,
    weekMs,
    // Days with shifts, and days ahead this week that are a holiday or an absence.
    days: counts
      .filter((count) => count.ofDay.length > 0 || count.asked.mark !== null)
      .map((count) => ({
        day: formatWeekday(count.dayStart, words.locale),
        key: localDayKey(count.dayStart),
        total: hoursText(count.totalMs),
        breaks: count.breakMs > 0 ? hoursText(count.breakMs) : null,
        mark: count.asked.mark,
        sessions: entriesOf(count, now, words),
      })),
    weekBars: counts.map((count) => barOf(count, now, words, hoursText)),
    note: uncounted ? `${t('hours.uncounted')} ${t('hours.note')}` : t('hours.note'),
    // What the working-time rules and the flexitime plan say is added by the clock service (clock-day.ts).
    targets: [],
    warnings: [],
    balance: null,
    balanceHint: null,
    notes: [],
    trace: { problem: null, entries: [] },
  };
}
