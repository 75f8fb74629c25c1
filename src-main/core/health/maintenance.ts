/**
 * IT's maintenance windows as the app says them: the one going on and the next one, each a real
 * stretch of time ("Saturday 22:00–02:00 · Payroll link · database upgrade"), and the notice 15
 * minutes before one begins, once per window. Pure but for the memory of the notice given.
 */
import type { Translate } from '../../shared/i18n/translator.ts';
import { addLocalDays, formatTimeOfDay, minutesOfClockTime, startOfLocalDay, type WeeklyWindow } from '../../shared/moments.ts';

export interface MaintenanceWindow extends WeeklyWindow {
  title: string;
  reason: string;
}

export interface Occurrence {
  start: number;
  end: number;
  window: MaintenanceWindow;
}

/** How long before a window its notice comes. */
export const NOTICE_AHEAD_MS = 15 * 60_000;

const at = (dayStart: number, clock: string) => {
  const date = new Date(dayStart);
  const minutes = minutesOfClockTime(clock);
  date.setHours(Math.floor(minutes / 60), minutes % 60, 0, 0);
  return date.getTime();
};

/** The window going on at `now`, and the next to begin (within a week), as moments. */
export function maintenanceAround(
  now: number,
  windows: readonly MaintenanceWindow[],
): { current: Occurrence | null; next: Occurrence | null } {
  let current: Occurrence | null = null;
  let next: Occurrence | null = null;
  // From yesterday (a window over midnight) to a week ahead.
  for (let offset = -1; offset <= 7; offset++) {
    const dayStart = addLocalDays(startOfLocalDay(now), offset);
    const weekday = new Date(dayStart).getDay();
    for (const window of windows) {
      if (window.from === window.until || !window.weekdays.includes(weekday)) continue;
      const start = at(dayStart, window.from);
      const end = at(
        minutesOfClockTime(window.until) < minutesOfClockTime(window.from) ? addLocalDays(dayStart, 1) : dayStart,
        window.until,
      );
      if (end <= now) continue;
      if (start <= now) current ??= { start, end, window };
      else if (!next || start < next.start) next = { start, end, window };
    }
  }
  return { current, next };
}

/** What is maintained and why, as far as IT said: "Payroll link · database upgrade"; '' when IT said neither. */
export const whatOf = (window: MaintenanceWindow): string =>
  [window.title.trim(), window.reason.trim()].filter((part) => part !== '').join(' · ');

/** "Sat 22:00–02:00 · Payroll link · database upgrade": when, what and why, as far as IT said. */
export function occurrenceText(occurrence: Occurrence, t: Translate, locale?: string): string {
  const weekday = new Intl.DateTimeFormat(locale, { weekday: 'long' }).format(occurrence.start);
  const when = t('maintenance.when', {
    day: weekday,
    start: formatTimeOfDay(occurrence.start, locale),
    end: formatTimeOfDay(occurrence.end, locale),
  });
  return [when, whatOf(occurrence.window)].filter((part) => part !== '').join(' · ');
}

/** The next window whose notice is due now (15 minutes ahead), once per window; null when none. */
export function createMaintenanceNotice() {
  let toldFor: number | null = null;
  return (now: number, windows: readonly MaintenanceWindow[]): Occurrence | null => {
    const { next } = maintenanceAround(now, windows);
    if (!next || next.start - now > NOTICE_AHEAD_MS || toldFor === next.start) return null;
    toldFor = next.start;
    return next;
  };
}
