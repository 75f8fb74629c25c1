/** Night, Sunday and holiday work, counted per local day apart from the rest. */
import { describe, expect, it } from 'vitest';
import type { Session } from '../clock/my-hours.ts';
import { specialWorkByDay, sumSpecialWork } from './work-marks.ts';

const HOUR = 3_600_000;
const at = (day: number, hours: number, minutes = 0) => new Date(2026, 11, day, hours, minutes).getTime();
const shift = (from: number, to: number | null, open = false): Session => ({ from, to, open, pending: false });
const germanNight = { from: '23:00', until: '06:00' };
const none = () => null;

describe('work the law counts apart', () => {
  it('counts a night shift over midnight on each day for its night part', () => {
    const days = specialWorkByDay(
      [shift(at(1, 21), at(2, 7))],
      { from: at(1, 0), until: at(3, 0), now: at(3, 0) },
      germanNight,
      none,
    );
    expect(days.get('2026-12-01')).toEqual({ nightMs: 1 * HOUR, sundayMs: 0, holidayMs: 0 });
    expect(days.get('2026-12-02')).toEqual({ nightMs: 6 * HOUR, sundayMs: 0, holidayMs: 0 });
  });

  it('follows the night IT sets (Spain: 22:00–06:00), and none when not set', () => {
    const range = { from: at(1, 0), until: at(2, 0), now: at(2, 0) };
    expect(
      specialWorkByDay([shift(at(1, 18), at(1, 23))], range, { from: '22:00', until: '06:00' }, none).get('2026-12-01')!.nightMs,
    ).toBe(HOUR);
    expect(specialWorkByDay([shift(at(1, 18), at(1, 23))], range, null, none).get('2026-12-01')!.nightMs).toBe(0);
  });

  it('counts Sunday and public-holiday work, and what runs on until now', () => {
    // 6 December 2026 is a Sunday; the 8th a holiday in the region asked.
    const holidayOn = (day: string) => (day === '2026-12-08' ? 'Immaculate Conception' : null);
    const range = { from: at(6, 0), until: at(9, 0), now: at(8, 12) };
    const days = specialWorkByDay([shift(at(6, 9), at(6, 13)), shift(at(8, 8), null, true)], range, germanNight, holidayOn);
    expect(days.get('2026-12-06')).toEqual({ nightMs: 0, sundayMs: 4 * HOUR, holidayMs: 0 });
    expect(days.get('2026-12-08')).toEqual({ nightMs: 0, sundayMs: 0, holidayMs: 4 * HOUR });
    expect(sumSpecialWork(days.values())).toEqual({ nightMs: 0, sundayMs: 4 * HOUR, holidayMs: 4 * HOUR });
  });

  it('counts nothing for a shift whose end was never seen', () => {
    const range = { from: at(6, 0), until: at(7, 0), now: at(7, 0) };
    expect(specialWorkByDay([shift(at(6, 9), null)], range, germanNight, none).size).toBe(0);
  });
});
