/**
 * Time in one place: the strict reading of the contracts' instants and calendar days, local days and
 * weeks, and time in words — moments, days, durations, "ago", the clock times of settings.
 *
 * Moments for people, in the computer's locale: the time alone for today ("17:02", "5:02 PM" — the
 * OS decides 12 or 24 hours), the weekday within the last week, the date beyond. A time with no day
 * beside it must mean today. With the user's words, the time comes first and the day after it as
 * the language says it ("5:02 PM on Tue", "17:02 am Di.", "17:02 del mar"), so a sentence that
 * says "at {time}" / "um {time}" / "desde las {time}" reads right for any day. Used by the core's
 * messages and by the windows alike.
 */

import type { Translate } from './i18n/translator.ts';

// Reading the two date formats of the contracts: instants and calendar days.
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Milliseconds since the epoch for an ISO 8601 instant with a zone, or null. */
export function parseInstant(text: string): number | null {
  if (!INSTANT.test(text)) return null;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? null : ms;
}

/** True for a real calendar day written YYYY-MM-DD (so 2026-02-30 is false). */
export function isCalendarDay(text: string): boolean {
  const match = DAY.exec(text);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === text;
}

interface Formatters {
  time: Intl.DateTimeFormat;
  weekday: Intl.DateTimeFormat;
  weekdayName: Intl.DateTimeFormat;
  dayOfMonth: Intl.DateTimeFormat;
  date: Intl.DateTimeFormat;
  dayOfWeek: Intl.DateTimeFormat;
  day: Intl.DateTimeFormat;
}
const formatters = new Map<string, Formatters>();

/**
 * Made once per locale: building an Intl formatter costs far more than using one. `locale` is the
 * app's formatting locale (undefined: the computer's), so times follow the language chosen.
 */
function made(locale?: string): Formatters {
  const key = locale ?? '';
  let made = formatters.get(key);
  if (!made) {
    made = {
      time: new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' }),
      weekday: new Intl.DateTimeFormat(locale, { weekday: 'short', hour: 'numeric', minute: '2-digit' }),
      weekdayName: new Intl.DateTimeFormat(locale, { weekday: 'short' }),
      dayOfMonth: new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short' }),
      date: new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' }),
      dayOfWeek: new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short' }),
      day: new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric' }),
    };
    formatters.set(key, made);
  }
  return made;
}

/** The local midnight starting the day of `ms`. */
export function startOfLocalDay(ms: number): number {
  const date = new Date(ms);
  date.setHours(0, 0, 0, 0);
  return date.getTime();
}

/** The local calendar day of `ms` as YYYY-MM-DD ("2026-11-23"): for file names and once-a-day memories. */
export function localDayKey(ms: number): string {
  const date = new Date(ms);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The local midnight starting a calendar day written YYYY-MM-DD (check it with isCalendarDay first). */
export function localMidnightOf(day: string): number {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year!, month! - 1, date!).getTime();
}

/** The local midnight `days` days after (or before) the day of `ms`: days are 23 to 25 hours long where clocks change. */
export function addLocalDays(ms: number, days: number): number {
  const date = new Date(startOfLocalDay(ms));
  date.setDate(date.getDate() + days);
  return date.getTime();
}

/**
 * `now` is the caller's clock (the core's injected one, or the window's), so that "today" is the
 * same day for the moment shown and for the code that decided to show it.
 */
export function formatMoment(ms: number, now: number, locale?: string, t?: Translate): string {
  const { time, weekday, date, weekdayName, dayOfMonth } = made(locale);
  const today = startOfLocalDay(now);
  if (ms >= today && ms < startOfNextLocalDay(now)) return time.format(ms);
  // Six days back, a weekday name is unambiguous; a week back it would name today's weekday.
  const recent = ms < today && ms >= addLocalDays(now, -6);
  if (t) return t('moment.otherDay', { time: time.format(ms), day: (recent ? weekdayName : dayOfMonth).format(ms) });
  return (recent ? weekday : date).format(ms);
}

/** The time alone, for lists already grouped by day ("8:02", "17:30"). */
export const formatTimeOfDay = (ms: number, locale?: string): string => made(locale).time.format(ms);

/** A day with its weekday, for headings of a day's list ("Mon, 23 Nov"). */
export const formatWeekday = (ms: number, locale?: string): string => made(locale).dayOfWeek.format(ms);

/** The weekday alone, short, for a chart's axis ("Mon", "Mo.", "lun"). */
export const formatShortWeekday = (ms: number, locale?: string): string => made(locale).weekdayName.format(ms);

/** A weekday as JavaScript numbers them: 0 = Sunday … 6 = Saturday. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

type WeekInfoLocale = Intl.Locale & { getWeekInfo?: () => { firstDay: number }; weekInfo?: { firstDay: number } };

/** The day `locale`'s calendar starts the week on (Sunday in the US, Monday in Germany and Spain); Monday if unknown. */
export function firstDayOfWeek(locale?: string): Weekday {
  try {
    const info = new Intl.Locale(locale ?? new Intl.DateTimeFormat().resolvedOptions().locale) as WeekInfoLocale;
    // getWeekInfo() is the standard; older engines (Node 20) have the weekInfo getter. Intl says 7 for Sunday.
    const first = info.getWeekInfo?.().firstDay ?? info.weekInfo?.firstDay;
    return first === undefined ? 1 : ((first % 7) as Weekday);
  } catch {
    return 1;
  }
}

/** The local midnight starting the week of `ms`, weeks starting on `firstDay` (Monday, as ISO 8601 has it, unless told). */
export function startOfLocalWeek(ms: number, firstDay: Weekday = 1): number {
  return addLocalDays(ms, -((new Date(ms).getDay() - firstDay + 7) % 7));
}

/** The seven days' short names in `locale`, in the order its week runs from `firstDay`. */
export function weekdayNames(locale?: string, firstDay: Weekday = firstDayOfWeek(locale)): Array<{ day: Weekday; name: string }> {
  const format = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
  // 1 January 2023 was a Sunday.
  return Array.from({ length: 7 }, (_, index) => {
    const day = ((firstDay + index) % 7) as Weekday;
    return { day, name: format.format(Date.UTC(2023, 0, 1 + day)) };
  });
}

/** The local midnight after the day of `ms` (days are not always 24 hours long). */
export const startOfNextLocalDay = (ms: number): number => addLocalDays(ms, 1);

/* Durations and clock times ("12 min", "1 h 5 min", "08:30" as minutes). */

export type TimeFormatter = (ms: number) => string;

/** Moments with their day when it is not today by `now` (the core passes its own time source). */
export const localTimeAt =
  (now: () => number, locale?: () => string, t?: Translate): TimeFormatter =>
  (ms) =>
    formatMoment(ms, now(), locale?.(), t);

/** A calendar day or the day of an instant, as the locale writes it: "17 Nov 2026"; "—" for none. */
export function formatDay(value: string | null, locale?: string): string {
  if (!value) return '—';
  const day = isCalendarDay(value) ? Date.parse(`${value}T12:00:00`) : Date.parse(value);
  return Number.isNaN(day) ? value : made(locale).day.format(day);
}

/** An instant as a datetime-local field's value, in this computer's zone: "2026-11-22T17:05". */
export function localInputValue(iso: string): string {
  const date = new Date(iso);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** "2 h 5 min" in the words of `t` (the catalogue's duration messages). */
export function formatDuration(ms: number, t: Translate): string {
  const minutes = Math.floor(ms / 60_000);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (minutes < 1) return t('duration.underAMinute');
  if (minutes < 60) return t('duration.minutes', { minutes });
  return rest === 0 ? t('duration.hours', { hours }) : t('duration.hoursMinutes', { hours, minutes: rest });
}

export function formatAgo(ms: number, t: Translate): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  return seconds < 60 ? t('time.secondsAgo', { seconds }) : t('time.durationAgo', { duration: formatDuration(ms, t) });
}

/** "just now" under a minute, then "5 min ago", "2 h 5 min ago": for what changes seldom (a sync). */
export const formatAgoInMinutes = (ms: number, t: Translate): string =>
  ms < 60_000 ? t('time.justNow') : t('time.durationAgo', { duration: formatDuration(ms, t) });

/** Minutes since local midnight, for quiet hours. */
export const localMinutesOfDay = (ms: number) => {
  const date = new Date(ms);
  return date.getHours() * 60 + date.getMinutes();
};

/** A setting's "HH:MM" (24-hour, checked by the settings schema) as minutes since midnight. */
export const minutesOfClockTime = (time: string) => {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return hours * 60 + minutes;
};

/**
 * Whether a minute of the day falls in a daily window "from"–"until" (HH:MM), which may run over
 * midnight (19:00–07:00); equal ends are no window at all.
 */
export const insideDailyWindow = (minute: number, from: string, until: string): boolean => {
  const [start, end] = [minutesOfClockTime(from), minutesOfClockTime(until)];
  return start <= end ? minute >= start && minute < end : minute >= start || minute < end;
};

/** A weekly window: "from"–"until" (HH:MM) on these weekdays (0 = Sunday); one over midnight ends the next day. */
export interface WeeklyWindow {
  from: string;
  until: string;
  weekdays: readonly number[];
}

/**
 * The end (ms) of the window `at` falls in, or null: the part of a window over midnight belongs to
 * the weekday it began on.
 */
export function weeklyWindowEnd(at: number, windows: readonly WeeklyWindow[]): number | null {
  const date = new Date(at);
  const minute = date.getHours() * 60 + date.getMinutes();
  for (const window of windows) {
    if (!insideDailyWindow(minute, window.from, window.until)) continue;
    const [start, end] = [minutesOfClockTime(window.from), minutesOfClockTime(window.until)];
    const afterMidnight = start > end && minute < end;
    const weekday = (date.getDay() + (afterMidnight ? 6 : 0)) % 7;
    if (!window.weekdays.includes(weekday)) continue;
    const endDay = start > end && !afterMidnight ? addLocalDays(at, 1) : at;
    const ending = new Date(endDay);
    ending.setHours(Math.floor(end / 60), end % 60, 0, 0);
    return ending.getTime();
  }
  return null;
}

/**
 * A running timer's "3:07:45" (hours, minutes, seconds), or "3:07" without seconds (the macOS menu
 * bar); never negative.
 */
export const timerText = (ms: number, withSeconds = true): string => {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const pad = (value: number) => String(value).padStart(2, '0');
  const minutes = `${Math.floor(seconds / 3600)}:${pad(Math.floor(seconds / 60) % 60)}`;
  return withSeconds ? `${minutes}:${pad(seconds % 60)}` : minutes;
};
