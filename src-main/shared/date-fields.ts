/**
 * Dates and times as people type them in their own language's format — 26.11.2026 and 17:30 in
 * German, 26/11/2026 in Spanish, 11/26/2026 and 5:30 PM in American English — read and written
 * here, so a field never follows the browser's language instead of the app's (a German user once
 * got `11/26/2026, 05:24 AM`: an invitation to a 12-hour mistake). Pure: the windows' fields use it,
 * tests pin it.
 */

type Part = 'day' | 'month' | 'year';

export interface DateOrder {
  order: Part[];
  separator: string;
}

/** The order of day, month and year in `formats` (a BCP 47 tag), and the separator between them. */
export function dateOrder(formats: string): DateOrder {
  const parts = new Intl.DateTimeFormat(formats, { year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(
    Date.UTC(2026, 10, 26, 12),
  );
  const order = parts.filter((part) => ['day', 'month', 'year'].includes(part.type)).map((part) => part.type as Part);
  const separator = parts.find((part) => part.type === 'literal')?.value.trim() || '/';
  return { order, separator };
}

/** Whether the locale reads times on a 12-hour clock (en-US) or a 24-hour one (de, es, en-GB). */
export const uses12Hours = (formats: string): boolean =>
  new Intl.DateTimeFormat(formats, { hour: 'numeric' }).resolvedOptions().hour12 === true;

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** A local day (y, m 1-12, d) as the field shows it: "26.11.2026". */
export function formatDateField(day: { year: number; month: number; day: number }, formats: string): string {
  const { order, separator } = dateOrder(formats);
  const text: Record<Part, string> = { day: pad(day.day), month: pad(day.month), year: pad(day.year, 4) };
  return order.map((part) => text[part]).join(separator);
}

/** What a date field holds, read in the locale's order; any of . / - or a space separates; a two-digit year is 20xx. Null if not a real day. */
export function parseDateField(text: string, formats: string): { year: number; month: number; day: number } | null {
  const numbers = text
    .trim()
    .split(/[\s./-]+/)
    .filter(Boolean);
  if (numbers.length !== 3 || numbers.some((number) => !/^\d{1,4}$/.test(number))) return null;
  const { order } = dateOrder(formats);
  const value = Object.fromEntries(order.map((part, index) => [part, Number(numbers[index])])) as Record<Part, number>;
  if (numbers[order.indexOf('year')]!.length <= 2) value.year += 2000;
  const check = new Date(value.year, value.month - 1, value.day);
  const real = check.getFullYear() === value.year && check.getMonth() === value.month - 1 && check.getDate() === value.day;
  return real && value.year >= 1970 ? { year: value.year, month: value.month, day: value.day } : null;
}

/** Minutes after midnight as the field shows them: "17:30", or "5:30 PM" where the locale uses 12 hours. */
export function formatTimeField(minutes: number, formats: string): string {
  const hours = Math.floor(minutes / 60);
  const rest = pad(minutes % 60);
  if (!uses12Hours(formats)) return `${pad(hours)}:${rest}`;
  return `${hours % 12 === 0 ? 12 : hours % 12}:${rest} ${hours < 12 ? 'AM' : 'PM'}`;
}

/**
 * Minutes after midnight from what a time field holds: "17:30", "17.30", "1730", "9", "5:30 pm",
 * "5:30p". A 12-hour time needs its AM/PM where the locale uses 12 hours; a 24-hour one takes none.
 */
export function parseTimeField(text: string, formats: string): number | null {
  const match = /^\s*(\d{1,2})(?:[:.h]?(\d{2}))?\s*([ap])?\.?\s*m?\.?\s*$/i.exec(text);
  if (!match) return null;
  let hours = Number(match[1]);
  const minutes = match[2] === undefined ? 0 : Number(match[2]);
  const half = match[3]?.toLowerCase();
  if (minutes > 59) return null;
  if (half !== undefined) {
    if (hours < 1 || hours > 12) return null;
    hours = (hours % 12) + (half === 'p' ? 12 : 0);
  } else {
    if (hours > 23) return null;
    // "5:30" on a 12-hour clock could be morning or evening: asked, never guessed.
    if (uses12Hours(formats) && hours >= 1 && hours <= 12) return null;
  }
  return hours * 60 + minutes;
}

/** A local moment from the two fields; null when either cannot be read. */
export function momentOfFields(date: string, time: string, formats: string): number | null {
  const day = parseDateField(date, formats);
  const minutes = parseTimeField(time, formats);
  if (day === null || minutes === null) return null;
  return new Date(day.year, day.month - 1, day.day, Math.floor(minutes / 60), minutes % 60).getTime();
}

/** The two fields' texts for a local moment. */
export function fieldsOfMoment(ms: number, formats: string): { date: string; time: string } {
  const at = new Date(ms);
  return {
    date: formatDateField({ year: at.getFullYear(), month: at.getMonth() + 1, day: at.getDate() }, formats),
    time: formatTimeField(at.getHours() * 60 + at.getMinutes(), formats),
  };
}

/** A calendar day's key (YYYY-MM-DD) from a date field; null when it cannot be read. */
export function dayKeyOfField(text: string, formats: string): string | null {
  const day = parseDateField(text, formats);
  return day === null ? null : `${pad(day.year, 4)}-${pad(day.month)}-${pad(day.day)}`;
}

/** A date field's text for a calendar day's key (YYYY-MM-DD). */
export function fieldOfDayKey(key: string, formats: string): string {
  const [year, month, day] = key.split('-').map(Number) as [number, number, number];
  return formatDateField({ year, month, day }, formats);
}

/** The example a date field shows ("TT.MM.JJJJ"), from the language's letters for day, month and year. */
export function datePlaceholder(formats: string, letters: Record<Part, string>): string {
  const { order, separator } = dateOrder(formats);
  return order.map((part) => letters[part]).join(separator);
}
