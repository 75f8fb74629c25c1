/** Times and durations for people: "10:42", "12 min", "1 h 5 min". */
export type TimeFormatter = (ms: number) => string;

/** Made once: building an Intl formatter costs far more than using one (every view formats several times). */
let localFormatter: Intl.DateTimeFormat | null = null;
export const localTime: TimeFormatter = (ms) =>
  (localFormatter ??= new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' })).format(ms);

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
