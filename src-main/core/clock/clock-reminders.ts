/**
 * Reminders about the clock, never spammy: still clocked in after a long shift (at most hourly),
 * (optional) not clocked in by a set time on workdays (not on a holiday or a day of absence), and (optional) still clocked in at the end
 * of the day, with "Clock out" as the notification's button (each once a day). Pure: the caller
 * keeps the memory between calls.
 */
import { english } from '../../shared/i18n/catalogues.ts';
import type { Translate } from '../../shared/i18n/translator.ts';
import { localDayKey, formatDuration, localMinutesOfDay, minutesOfClockTime, type TimeFormatter } from '../../shared/moments.ts';
import type { Preferences } from '../../shared/settings-schema.ts';
import type { ClockStatus } from './clock-state.ts';

export interface ReminderMemory {
  longShiftRemindedAt: number | null;
  notClockedInRemindedOn: string | null;
  endOfDayRemindedOn?: string | null;
}

export interface Reminder {
  title: string;
  body: string;
  /** A button on the notification, where the OS shows buttons (Windows, macOS). */
  action?: 'clock-out' | 'take-break' | 'back-from-break';
  /** The window a click opens where it is not the panel: My time, for what the working-time rules say. */
  opens?: 'hours';
}

export interface LocalCalendar {
  /** Minutes since local midnight. */
  minutes(ms: number): number;
  /** 0 = Sunday … 6 = Saturday, local. */
  weekday(ms: number): number;
  /** A key for the local day, e.g. "2026-11-23". */
  day(ms: number): string;
}

export const localCalendar: LocalCalendar = {
  minutes: localMinutesOfDay,
  weekday: (ms) => new Date(ms).getDay(),
  day: localDayKey,
};

const HOUR = 3_600_000;

export function dueReminders(
  status: ClockStatus,
  now: number,
  settings: Preferences['clock'],
  memory: ReminderMemory,
  formatTime: TimeFormatter,
  calendar: LocalCalendar = localCalendar,
  t: Translate = english.t,
  /** A public holiday or a whole day's absence: nobody is expected to clock in. */
  dayOff = false,
): { reminders: Reminder[]; memory: ReminderMemory } {
  const reminders: Reminder[] = [];
  const next = { ...memory };

  if (status.state === 'in') {
    const worked = now - status.since;
    const longEnough = worked >= settings.longShiftHours * HOUR;
    const hourSinceLast = memory.longShiftRemindedAt === null || now - memory.longShiftRemindedAt >= HOUR;
    if (longEnough && hourSinceLast) {
      reminders.push({
        title: t('reminder.longShift', { duration: formatDuration(worked, t) }),
        body: t('reminder.longShiftBody', { time: formatTime(status.since) }),
      });
      next.longShiftRemindedAt = now;
    }
  } else {
    next.longShiftRemindedAt = null;
  }

  // A time of the settings ("17:30") as the person reads times, like every other: "5:30 PM" in en-US.
  const todayAt = (clockTime: string) => formatTime(now - (calendar.minutes(now) - minutesOfClockTime(clockTime)) * 60_000);
  const wanted = settings.notClockedInReminder;
  const today = calendar.day(now);
  const workedToday = status.state === 'out' && status.lastOut !== null && calendar.day(status.lastOut) === today;
  if (
    wanted.enabled &&
    !dayOff &&
    status.state === 'out' &&
    !workedToday &&
    wanted.weekdays.includes(calendar.weekday(now)) &&
    calendar.minutes(now) >= minutesOfClockTime(wanted.time) &&
    memory.notClockedInRemindedOn !== today
  ) {
    reminders.push({
      title: t('reminder.notClockedIn'),
      body: t('reminder.notClockedInBody', { time: todayAt(wanted.time) }),
    });
    next.notClockedInRemindedOn = today;
  }

  const endOfDay = settings.endOfDayReminder;
  if (
    endOfDay.enabled &&
    status.state === 'in' &&
    calendar.minutes(now) >= minutesOfClockTime(endOfDay.time) &&
    // A shift begun after the time today (a late shift) has not reached its end of day.
    !(calendar.day(status.since) === today && calendar.minutes(status.since) >= minutesOfClockTime(endOfDay.time)) &&
    memory.endOfDayRemindedOn !== today
  ) {
    reminders.push({
      title: t('reminder.endOfDay'),
      body: t('reminder.endOfDayBody', { time: todayAt(endOfDay.time), since: formatTime(status.since) }),
      action: 'clock-out',
    });
    next.endOfDayRemindedOn = today;
  }
  return { reminders, memory: next };
}
