/** Date filters (startingDateTime, startDate, endDate) written as the environment's API profile says. */
import type { ApiProfile } from '../../shared/api/api-profile.ts';
import { instantToWallIso, wallTimeToInstant } from './time-zone.ts';

type Format = Pick<ApiProfile, 'dateFilterFormat' | 'serverTimeZone'> & Partial<Pick<ApiProfile, 'dayFilterFormat'>>;

/** An instant filter: ISO with Z (contract, iso-zone), the server's wall clock (iso-local), or its date. */
export function formatInstant(ms: number, { dateFilterFormat, serverTimeZone }: Format): string {
  switch (dateFilterFormat) {
    case 'contract':
    case 'iso-zone':
      return new Date(ms).toISOString();
    case 'iso-local':
      return instantToWallIso(ms, serverTimeZone);
    case 'date':
      return instantToWallIso(ms, serverTimeZone).slice(0, 10);
  }
}

/** A calendar-day filter (YYYY-MM-DD, inclusive): as a date, or the day's first or last second. */
export function formatDay(date: string, end: boolean, { dateFilterFormat, dayFilterFormat, serverTimeZone }: Format): string {
  const time = end ? 'T23:59:59' : 'T00:00:00';
  switch (dayFilterFormat ?? dateFilterFormat) {
    case 'contract':
    case 'date':
      return date;
    case 'iso-local':
      return `${date}${time}`;
    case 'iso-zone':
      return new Date(wallTimeToInstant(Date.parse(`${date}${time}Z`), serverTimeZone)).toISOString();
  }
}
