/** Strict parsing of the two date formats in the contracts: instants and calendar days. */

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Milliseconds since the epoch for an ISO 8601 instant with a zone, or null. */
export function parseInstant(text: string): number | null {
  if (!INSTANT.test(text)) return null;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? null : ms;
}

/** True for a real calendar day written YYYY-MM-DD (so 2026-02-30 is false). */
export function isCalendarDay(text: string): boolean {
  const match = DAY.exec(text);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === text;
}
