import { describe, expect, it } from 'vitest';
import { deepMerge, isLocked, valueAt, withValueAt } from './setting-paths.ts';

describe('settings by dotted path', () => {
  it('reads, writes into a copy, and merges', () => {
    const prefs = { monitoring: { quietHours: { start: '19:00' } } };
    expect(valueAt(prefs, 'monitoring.quietHours.start')).toBe('19:00');
    expect(valueAt(prefs, ['monitoring', 'nothing', 'here'])).toBeUndefined();
    const written = withValueAt(prefs, 'monitoring.quietHours.end', '07:00');
    expect(written).toEqual({ monitoring: { quietHours: { start: '19:00', end: '07:00' } } });
    expect(prefs).toEqual({ monitoring: { quietHours: { start: '19:00' } } });
    expect(deepMerge(prefs, { monitoring: { sound: true } })).toEqual({
      monitoring: { quietHours: { start: '19:00' }, sound: true },
    });
  });

  it('locks a path and what is under it, not a longer name beside it', () => {
    expect(isLocked(['monitoring'], 'monitoring.sound')).toBe(true);
    expect(isLocked(new Set(['monitoring.quietHours']), 'monitoring.quietHours.start')).toBe(true);
    expect(isLocked(['monitoring'], 'monitoringExtra.sound')).toBe(false);
    expect(isLocked([], 'monitoring')).toBe(false);
  });
});
