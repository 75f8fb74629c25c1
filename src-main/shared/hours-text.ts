/**
 * Hours as people write them, by the user's choice (Settings → Clock → "Hours as"): "7 h 30 min"
 * (words), "7:30 h" (clock) or "7.5 h" (decimal, in the language's number format: "7,5 h"). Whole
 * minutes, rounded down, as My hours has always counted; a balance carries its sign ("+3 h 20 min",
 * "−1:05 h").
 */
import type { Translate } from './i18n/translator.ts';
import { formatDuration } from './moments.ts';

export type HoursStyle = 'words' | 'clock' | 'decimal';

export type HoursText = (ms: number) => string;

const MINUTE = 60_000;

/** A duration of at least 0 in the chosen style; "0 min" (or "0:00 h") rather than "under a minute". */
export function formatHours(ms: number, style: HoursStyle, t: Translate, locale?: string): string {
  const minutes = Math.floor(Math.max(0, ms) / MINUTE);
  if (style === 'clock')
    return t('hoursStyle.clock', { time: `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}` });
  if (style === 'decimal')
    return t('hoursStyle.decimal', {
      hours: new Intl.NumberFormat(locale, { minimumFractionDigits: 0, maximumFractionDigits: 2 }).format(minutes / 60),
    });
  return minutes < 1 ? t('duration.minutes', { minutes: 0 }) : formatDuration(minutes * MINUTE, t);
}

/** A balance: "+3 h 20 min", "−45 min", "±0 min" for none. Rounded towards zero to whole minutes. */
export function formatSignedHours(ms: number, style: HoursStyle, t: Translate, locale?: string): string {
  const minutes = Math.trunc(ms / MINUTE);
  const sign = minutes > 0 ? '+' : minutes < 0 ? '−' : '±';
  return `${sign}${formatHours(Math.abs(minutes) * MINUTE, style, t, locale)}`;
}

/** The formatter of a style, for code that writes many hours in one go. */
export const hoursTextOf =
  (style: HoursStyle, t: Translate, locale?: string): HoursText =>
  (ms) =>
    formatHours(ms, style, t, locale);
