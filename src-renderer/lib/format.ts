/** Formatting for windows, in the user's locale. */
import { isCalendarDay } from '../../src-main/shared/dates.ts';
import { formatMoment } from '../../src-main/shared/moments.ts';

/** A moment, with its day unless it is today: "17:02", "Tue 17:02", "17 Nov, 17:02". */
export const formatClock = (iso: string | null) => (iso === null ? '—' : formatMoment(Date.parse(iso), Date.now()));

/** An instant as a datetime-local field's value, in this computer's zone: "2026-11-22T17:05". */
export function localInputValue(iso: string): string {
  const date = new Date(iso);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

const dayFormat = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric' });
/** A calendar day or the day of an instant, as the locale writes it: "17 Nov 2026". */
export function formatDay(value: string | null): string {
  if (!value) return '—';
  const day = isCalendarDay(value) ? Date.parse(`${value}T12:00:00`) : Date.parse(value);
  return Number.isNaN(day) ? value : dayFormat.format(day);
}
export const formatMs = (ms: number | null) => (ms === null ? '—' : `${Math.round(ms).toLocaleString()} ms`);
export const formatPercent = (share: number | null) =>
  share === null
    ? '—'
    : `${(share * 100).toLocaleString(undefined, { maximumFractionDigits: share > 0.999 && share < 1 ? 2 : 1 })} %`;
