/**
 * The zone a server writes its zoneless times in, proposed only where the evidence pins it: a time
 * the server stamped at a moment known here — its health answer's own timestamp against the Date
 * header of that answer. A debtor's date of change or an employee's last clock-in says nothing of
 * "now" (a German user's reading of a New York server's times fits Berlin just as well), so the
 * times of a list are never evidence; without a stamp the connection test asks.
 */
import { isRecord } from '../../shared/is-record.ts';
import { zoneOffsetMs } from '../api/time-zone.ts';
import { withoutDataWeaveBars } from '../api/tolerant-read.ts';

/** What may tell the zone: this computer's zone, and a time the server wrote at a known instant. */
export interface ZoneEvidence {
  localZone?: string;
  stamped?: { wall: string; at: number };
}

export type ZoneFinding =
  { kind: 'zone'; zone: string } | { kind: 'offset'; offsetMinutes: number; zones: string[] } | { kind: 'utc' };

const ZONELESS_STAMP = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(\.\d+)?$/;
const STAMP_FIELDS = ['timestamp', 'checkedAt', 'time', 'serverTime', 'now', 'dateTime', 'currentTime'];
const QUARTER_HOUR = 15 * 60_000;
/** Zones a company's server most likely runs on, named first among those sharing an offset. */
const LIKELY_ZONES = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Los_Angeles',
  'America/Sao_Paulo',
  'America/Mexico_City',
  'America/Bogota',
  'Europe/London',
  'Europe/Berlin',
  'Europe/Madrid',
  'Asia/Kolkata',
  'Asia/Dubai',
  'Asia/Singapore',
  'Asia/Shanghai',
  'Asia/Tokyo',
  'Australia/Sydney',
];
const likelihood = (zone: string) => (LIKELY_ZONES.includes(zone) ? LIKELY_ZONES.indexOf(zone) : LIKELY_ZONES.length);
/** The stamp and the Date header are seconds apart at most (the header has no fractions, the answer takes a moment). */
const STAMP_SLACK_MS = 2 * 60_000;

/** The zoneless "now" a health answer carries (Spring's and Mule templates' `timestamp`, our contract's `checkedAt`), if any. */
export function stampOf(body: unknown): string | null {
  if (!isRecord(body)) return null;
  for (const [key, value] of Object.entries(body)) {
    if (typeof value !== 'string' || !STAMP_FIELDS.some((name) => name.toLowerCase() === key.toLowerCase())) continue;
    const stamp = withoutDataWeaveBars(value);
    if (ZONELESS_STAMP.test(stamp)) return stamp.replace(' ', 'T');
  }
  return null;
}

/** How far the server's stamped wall clock runs ahead of UTC, in ms (a quarter-hour step); null where no stamp tells. */
export function stampedOffsetMs({ stamped }: ZoneEvidence): number | null {
  if (!stamped) return null;
  const difference = Date.parse(`${stamped.wall}Z`) - stamped.at;
  const offset = Math.round(difference / QUARTER_HOUR) * QUARTER_HOUR;
  return Math.abs(difference - offset) > STAMP_SLACK_MS || Math.abs(offset) > 14 * 3_600_000 ? null : offset;
}

/**
 * The server's zone as far as the evidence pins it; null where it pins nothing. An offset pins the
 * zones that have it at this instant, likeliest first (see docs/decisions/0001-server-zone-from-its-stamp.md).
 */
export function serverZoneOf(evidence: ZoneEvidence): ZoneFinding | null {
  const { stamped } = evidence;
  const offset = stampedOffsetMs(evidence);
  if (!stamped || offset === null) return null;
  if (offset === 0) return { kind: 'utc' };
  const local = evidence.localZone;
  if (local && zoneOffsetMs(local, stamped.at) === offset) return { kind: 'zone', zone: local };
  const zones = Intl.supportedValuesOf('timeZone')
    .filter((zone) => zoneOffsetMs(zone, stamped.at) === offset)
    .sort((a, b) => likelihood(a) - likelihood(b) || a.localeCompare(b));
  return { kind: 'offset', offsetMinutes: offset / 60_000, zones };
}

/** "+05:30", "−03:00": an offset as a person reads it. */
export function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '−' : '+';
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${sign}${pad(Math.floor(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`;
}
