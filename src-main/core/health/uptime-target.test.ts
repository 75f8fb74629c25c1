import { describe, expect, it } from 'vitest';
import { againstTarget, inMonthOf, monthLengthMs, targetOf } from './uptime-target.ts';

const DAY = 86_400_000;
/** Mid-month moments (no zone moves them into another month) of months no zone changes its clocks in. */
const june = Date.parse('2027-06-15T12:00:00Z');
const july = Date.parse('2027-07-15T12:00:00Z');

describe('an uptime target', () => {
  it('reads a percentage as IT writes it, and nothing else', () => {
    expect(targetOf('99.5')).toBeCloseTo(0.995, 10);
    expect(targetOf('99,5')).toBeCloseTo(0.995, 10);
    expect(targetOf(' 100 ')).toBe(1);
    for (const none of ['', '  ', '0', '101', 'abc']) expect(targetOf(none)).toBeNull();
  });

  it('allows its share of the whole calendar month, and says what is left or how far it is missed', () => {
    expect(monthLengthMs(june)).toBe(30 * DAY);
    expect(monthLengthMs(july)).toBe(31 * DAY);
    const fine = againstTarget({ watchedMs: 10 * DAY, downMs: 60 * 60_000 }, 0.995, june);
    expect(fine.allowedMs).toBe(216 * 60_000);
    expect(fine.leftMs).toBe(156 * 60_000);
    expect(fine.uptime).toBeCloseTo(1 - 1 / 240, 10);
    const missed = againstTarget({ watchedMs: 10 * DAY, downMs: 5 * 3_600_000 }, 0.995, june);
    expect(missed.leftMs).toBe(-84 * 60_000);
    expect(againstTarget({ watchedMs: 0, downMs: 0 }, 0.995, june).uptime).toBeNull();
  });

  it('counts the watched days of the local month only', () => {
    expect(inMonthOf('2027-06-01', june)).toBe(true);
    expect(inMonthOf('2027-05-31', june)).toBe(false);
    expect(inMonthOf('2026-06-15', june)).toBe(false);
  });
});
