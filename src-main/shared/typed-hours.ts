/**
 * Hours as a person types and reads them — "7:30", "7.5", "7,5", "40 h", "−1:30" — against the
 * minutes the settings and the balance keep. Pure: the core checks entries with it, the settings
 * window shows and reads its hour fields with it.
 */
const HOURS_TYPED = /^([+\-−]?)\s*(\d{1,4})(?::([0-5]\d)|[.,](\d{1,2}))?\s*(?:h|std\.?)?$/i;

/** Minutes from hours as typed, or null when they cannot be read. */
export function typedHoursMinutes(text: string): number | null {
  const match = HOURS_TYPED.exec(text.trim());
  if (!match) return null;
  const [, sign, hours, minutes, fraction] = match;
  const total = Number(hours) * 60 + (minutes ? Number(minutes) : fraction ? Math.round(Number(`0.${fraction}`) * 60) : 0);
  return sign === '-' || sign === '−' ? -total : total;
}

/** Minutes as hours to type again: 2400 → "40", 450 → "7:30", −90 → "−1:30". */
export function minutesAsTypedHours(minutes: number): string {
  const sign = minutes < 0 ? '−' : '';
  const whole = Math.abs(Math.round(minutes));
  const rest = whole % 60;
  return `${sign}${Math.floor(whole / 60)}${rest === 0 ? '' : `:${String(rest).padStart(2, '0')}`}`;
}
