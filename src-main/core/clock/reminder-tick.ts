/**
 * The clock's reminders, checked once a minute: the clock's own (long shift, not clocked in by…,
 * end of day: clock-reminders.ts) and the working-time rules' (breaks, the day's and week's limits:
 * working-time.ts), each remembering what it already said.
 */
import type { Preferences } from '../../shared/settings-schema.ts';
import type { TimeFormatter } from '../../shared/moments.ts';
import type { Translate } from '../../shared/i18n/translator.ts';
import type { ClockStatus } from './clock-state.ts';
import { dueReminders, localCalendar, type LocalCalendar, type Reminder, type ReminderMemory } from './clock-reminders.ts';
import { freshWorkingTimeMemory, workingRulesOf, workingTimeReminders, type WorkDay } from './working-time.ts';

const REMINDER_TICK_MS = 60_000;

export interface ReminderTickOptions {
  calendar?: LocalCalendar;
  preferences: () => Preferences;
  /** The service's time (service-time.ts). */
  now: () => number;
  status: () => ClockStatus;
  /** Today's work at `now` as the working-time rules weigh it. */
  workDay: (current: ClockStatus, now: number) => WorkDay;
  onBreakSince: () => number | null;
  formatTime: TimeFormatter;
  t: Translate;
  notify: (reminder: Reminder) => void;
  /** Runs the next check after this delay (the clock's 'reminders' timer). */
  scheduleNext: (delayMs: number, check: () => void) => void;
}

/** The check: call once at start; it schedules itself after. */
export function createReminderTick(options: ReminderTickOptions): () => void {
  const { formatTime, t } = options;
  let reminderMemory: ReminderMemory = { longShiftRemindedAt: null, notClockedInRemindedOn: null };
  let workingTimeMemory = freshWorkingTimeMemory();
  const check = () => {
    const calendar = options.calendar ?? localCalendar;
    const now = options.now();
    const clock = options.preferences().clock;
    const current = options.status();
    const worked = options.workDay(current, now);
    const result = dueReminders(current, now, clock, reminderMemory, formatTime, calendar, t, worked.dayOff);
    reminderMemory = result.memory;
    const day = { ...worked, dayKey: calendar.day(now), onBreakSince: options.onBreakSince(), breakMinutes: clock.breakMinutes };
    const working = workingTimeReminders(day, workingRulesOf(clock.workingTime), workingTimeMemory, formatTime, t);
    workingTimeMemory = working.memory;
    for (const reminder of [...result.reminders, ...working.reminders]) options.notify(reminder);
    options.scheduleNext(REMINDER_TICK_MS, check);
  };
  return check;
}
