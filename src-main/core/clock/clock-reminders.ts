/**
 * Reminders about the clock, never spammy: still clocked in after a long shift (at most hourly),
 * and (optional) not clocked in by a set time on workdays (once a day). Pure: the caller keeps the
 * memory between calls.
 */
import type { Preferences } from '../settings/settings-schema.ts';
import { formatDuration, type TimeFormatter } from '../health/format-time.ts';
import type { ClockStatus } from './clock-state.ts';

export interface ReminderMemory {
  longShiftRemindedAt: number | null;
  notClockedInRemindedOn: string | null;
}

export interface Reminder {
  title: string;
  body: string;
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
  minutes: (ms) => new Date(ms).getHours() * 60 + new Date(ms).getMinutes(),
  weekday: (ms) => new Date(ms).getDay(),
  day: (ms) => {
    const date = new Date(ms);
    return `${date.getFullYear()}-${date.getMonth() + 1}-${date.getDate()}`;
  },
};

const HOUR = 3_600_000;

export function dueReminders(
  status: ClockStatus,
  now: number,
  settings: Preferences['clock'],
  memory: ReminderMemory,
  formatTime: TimeFormatter,
  calendar: LocalCalendar = localCalendar,
): { reminders: Reminder[]; memory: ReminderMemory } {
  const reminders: Reminder[] = [];
  const next = { ...memory };

  if (status.state === 'in') {
    const worked = now - status.since;
    const longEnough = worked >= settings.longShiftHours * HOUR;
    const hourSinceLast = memory.longShiftRemindedAt === null || now - memory.longShiftRemindedAt >= HOUR;
    if (longEnough && hourSinceLast) {
      reminders.push({
        title: `Still clocked in after ${formatDuration(worked)}`,
        body: `Since ${formatTime(status.since)}. If you are done for the day, clock out from the tray.`,
      });
      next.longShiftRemindedAt = now;
    }
  } else {
    next.longShiftRemindedAt = null;
  }

  const wanted = settings.notClockedInReminder;
  const [hours, minutes] = wanted.time.split(':').map(Number) as [number, number];
  const today = calendar.day(now);
  const workedToday = status.state === 'out' && status.lastOut !== null && calendar.day(status.lastOut) === today;
  if (
    wanted.enabled &&
    status.state === 'out' &&
    !workedToday &&
    wanted.weekdays.includes(calendar.weekday(now)) &&
    calendar.minutes(now) >= hours * 60 + minutes &&
    memory.notClockedInRemindedOn !== today
  ) {
    reminders.push({
      title: 'You have not clocked in today',
      body: `It is past ${wanted.time}. Clock in from the tray when you start.`,
    });
    next.notClockedInRemindedOn = today;
  }
  return { reminders, memory: next };
}
