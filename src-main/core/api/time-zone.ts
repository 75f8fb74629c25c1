/**
 * Wall-clock times of a server that writes instants without a zone, read in its IANA time zone
 * (daylight saving included), and written back the same way for date filters.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
/** Offsets change only at daylight-saving switches: cache them by the hour. */
const offsets = new Map<string, number>();
const HOUR_MS = 3_600_000;

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** How far the zone's wall clock is ahead of UTC at an instant, in ms. */
export function zoneOffsetMs(timeZone: string, utcMs: number): number {
  if (timeZone === 'UTC') return 0;
  const hour = Math.floor(utcMs / HOUR_MS);
  const key = `${timeZone}:${hour}`;
  const cached = offsets.get(key);
  if (cached !== undefined) return cached;
  const at = hour * HOUR_MS;
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(new Date(at))
      .map((part) => [part.type, part.value]),
  );
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  const offset = wall - at;
  if (offsets.size > 10_000) offsets.clear();
  offsets.set(key, offset);
  return offset;
}

/** The instant a wall-clock time in a zone stands for; `wallMs` is that wall time read as if it were UTC. */
export function wallTimeToInstant(wallMs: number, timeZone: string): number {
  if (timeZone === 'UTC') return wallMs;
  const first = wallMs - zoneOffsetMs(timeZone, wallMs);
  // Near a daylight-saving switch the offset at the guess can differ: one correction settles it.
  return wallMs - zoneOffsetMs(timeZone, first);
}

/** An instant as the zone's wall clock, without offset: "2026-11-23T09:00:00". */
export function instantToWallIso(utcMs: number, timeZone: string): string {
  return new Date(utcMs + zoneOffsetMs(timeZone, utcMs)).toISOString().slice(0, 19);
}
