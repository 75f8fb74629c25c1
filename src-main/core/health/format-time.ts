/** Times and durations for people: "10:42", "Tue 17:02", "12 min", "1 h 5 min". */
import { formatMoment } from '../../shared/moments.ts';

export type TimeFormatter = (ms: number) => string;

/** Moments with their day when it is not today by `now`, the core's clock (see shared/moments.ts). */
export const localTimeAt =
  (now: () => number): TimeFormatter =>
  (ms) =>
    formatMoment(ms, now());

export function formatDuration(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return 'under a minute';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

export function formatAgo(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds} s ago`;
  return `${formatDuration(ms)} ago`;
}

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
