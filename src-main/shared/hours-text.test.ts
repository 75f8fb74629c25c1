/** Hours as people write them: "7 h 30 min", "7:30 h", "7.5 h" (issue 50, point 5). */
import { describe, expect, it } from 'vitest';
import { english, translatorFor } from './i18n/catalogues.ts';
import { formatHours, formatSignedHours } from './hours-text.ts';

const MINUTE = 60_000;

describe('hours as the user writes them', () => {
  it('writes a duration in each style, whole minutes rounded down', () => {
    const ms = 7 * 60 * MINUTE + 30 * MINUTE + 59_000;
    expect(formatHours(ms, 'words', english.t, 'en')).toBe('7 h 30 min');
    expect(formatHours(ms, 'clock', english.t, 'en')).toBe('7:30 h');
    expect(formatHours(ms, 'decimal', english.t, 'en')).toBe('7.5 h');
    expect(formatHours(20 * MINUTE, 'decimal', english.t, 'en')).toBe('0.33 h');
    expect(formatHours(0, 'words', english.t)).toBe('0 min');
    expect(formatHours(5 * MINUTE, 'clock', english.t)).toBe('0:05 h');
  });

  it('uses the language’s decimal mark', () => {
    const german = translatorFor({ messages: 'de', formats: 'de-DE' });
    expect(formatHours(450 * MINUTE, 'decimal', german.t, 'de-DE')).toBe('7,5 h');
    expect(formatHours(1500 * 60 * MINUTE, 'decimal', german.t, 'de-DE')).toBe('1.500 h');
  });

  it('signs a balance, rounding towards zero', () => {
    expect(formatSignedHours(200 * MINUTE, 'words', english.t)).toBe('+3 h 20 min');
    expect(formatSignedHours(-65 * MINUTE - 30_000, 'clock', english.t)).toBe('−1:05 h');
    expect(formatSignedHours(-30_000, 'decimal', english.t)).toBe('±0 h');
  });
});
