import { describe, expect, it } from 'vitest';
import { createHealthHistory, HISTORY_RETENTION_MS } from './health-history.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;
const change = (at: number, from: string, to: string) => ({
  at,
  system: 'source' as const,
  from: from as never,
  to: to as never,
  message: null,
});

describe('health history', () => {
  it('computes p50 and p95 latency over a window, ignoring failed checks', () => {
    const history = createHealthHistory();
    for (let i = 1; i <= 100; i++) history.recordCheck('source', i * 1000, i);
    history.recordCheck('source', 101_000, null);
    expect(history.stats('source', HOUR, 101_000)).toEqual({ p50: 50, p95: 95, uptime: null, checks: 101, watchedMs: 0 });
    expect(history.stats('source', 10_500, 101_000).p50).toBe(95); // checks 91–100
  });

  it('weights uptime by time and leaves out time it could not tell', () => {
    const history = createHealthHistory();
    const start = 10 * HOUR;
    history.recordChange(change(start, 'unknown', 'up'));
    history.recordChange(change(start + 30 * MIN, 'up', 'down'));
    history.recordChange(change(start + 40 * MIN, 'down', 'up'));
    history.recordChange(change(start + 45 * MIN, 'up', 'offline'));
    history.recordChange(change(start + 55 * MIN, 'offline', 'up'));
    const stats = history.stats('source', HOUR, start + 60 * MIN);
    // 40 min up (30 + 5 + 5), 10 min down, 10 min offline not counted.
    expect(stats.uptime).toBeCloseTo(40 / 50, 6);
    expect(history.stats('target', HOUR, start + 60 * MIN).uptime).toBeNull();
  });

  it('counts the state the window starts in', () => {
    const history = createHealthHistory();
    history.recordChange(change(0, 'unknown', 'down'));
    history.recordChange(change(23 * HOUR, 'down', 'up'));
    expect(history.stats('source', HOUR, 23.5 * HOUR).uptime).toBeCloseTo(0.5, 6);
  });

  it('survives a restart, and forgets what is older than 24 hours', () => {
    const history = createHealthHistory();
    history.recordCheck('target', 1_000, 120);
    history.recordCheck('target', HISTORY_RETENTION_MS + 5_000, 80);
    history.recordChange({ ...change(2_000, 'unknown', 'up'), system: 'target' });
    const restored = createHealthHistory(history.serialize(HISTORY_RETENTION_MS + 10_000));
    expect(restored.stats('target', HISTORY_RETENTION_MS, HISTORY_RETENTION_MS + 10_000)).toMatchObject({ p50: 80, checks: 1 });
    expect(restored.log(10)).toEqual([]);
  });

  it('starts empty from a damaged or unknown file', () => {
    expect(createHealthHistory('{not json').stats('source', HOUR, 0).checks).toBe(0);
    expect(createHealthHistory('{"version":9}').log(5)).toEqual([]);
  });

  it('checks each saved entry as it is read: what cannot be used is dropped and counted, the rest kept (issue 45, point 9)', () => {
    const now = Date.parse('2026-11-26T12:00:00Z');
    const saved = JSON.stringify({
      version: 1,
      checks: {
        source: [
          [now - 60_000, 120],
          ['soon', 'fast'],
          [now - 30_000, null],
          [now, -1],
        ],
        target: 'nonsense',
      },
      states: {
        source: [
          [now - 90_000, 'up'],
          [now - 60_000, 'melting'],
        ],
        target: [[null, 'down']],
      },
      log: [
        { at: now - 60_000, system: 'source', from: 'up', to: 'down', message: null },
        { at: 'x' },
        { at: now, system: 'elsewhere', from: 'up', to: 'down', message: null },
      ],
    });
    const dropped: number[] = [];
    const history = createHealthHistory(saved, (count) => dropped.push(count));
    expect(dropped).toEqual([6]);
    // What the status window draws from it works: the heartbeat's times are times.
    expect(history.beats('source', 10)).toEqual([
      { at: now - 60_000, latencyMs: 120 },
      { at: now, latencyMs: null },
    ]);
    expect(() => history.beats('source', 10).map((beat) => new Date(beat.at).toISOString())).not.toThrow();
    expect(history.log(10)).toHaveLength(1);
    expect(history.stats('source', 3_600_000, now).checks).toBe(2);
  });

  it('buckets latency for a chart, keeping the slowest check per bucket', () => {
    const history = createHealthHistory();
    const now = 2 * HISTORY_RETENTION_MS;
    history.recordCheck('source', now - 1_000, 40);
    history.recordCheck('source', now - 2_000, 90);
    history.recordCheck('source', now - HISTORY_RETENTION_MS / 2, 300);
    const series = history.series('source', now, 24);
    expect(series).toHaveLength(24);
    expect(series[23]).toBe(90);
    expect(series[12]).toBe(300);
    expect(series.filter((value) => value !== null)).toHaveLength(2);
  });

  it('keeps where each check’s time went: the part before the server per bucket, every phase for the CSV, across a restart (issue 66, point 3)', () => {
    const history = createHealthHistory();
    const phases = { dnsMs: 300, connectMs: 50, tlsMs: null, waitMs: 100, readMs: 20 };
    history.recordCheck('source', 10 * MIN, 480, phases);
    history.recordCheck('source', 11 * MIN, 90);
    history.recordCheck('source', 12 * MIN, null);
    expect(history.way('source', HOUR, 6, HOUR)).toEqual([null, 360, null, null, null, null]);
    const restored = createHealthHistory(history.serialize(HOUR));
    expect(restored.checkRows('source')).toEqual([
      { at: 10 * MIN, latencyMs: 480, phases },
      { at: 11 * MIN, latencyMs: 90, phases: null },
      { at: 12 * MIN, latencyMs: null, phases: null },
    ]);
    // A check whose phases are damaged is dropped and counted, not drawn.
    const saved = JSON.parse(restored.serialize(HOUR)) as { checks: { source: unknown[] } };
    saved.checks.source.push([13 * MIN, 50, ['x', 1, 2, 3, 4]], [14 * MIN, 50, [1, 2]]);
    let dropped = 0;
    const damaged = createHealthHistory(JSON.stringify(saved), (count) => (dropped = count));
    expect(dropped).toBe(2);
    expect(damaged.checkRows('source')).toHaveLength(3);
  });

  it('buckets over a shorter span when asked, so a short watch fills the chart', () => {
    const history = createHealthHistory();
    const now = 10 * HOUR;
    history.recordCheck('source', now - 80 * MIN, 50); // 80 minutes ago: the first of 96 buckets over 85 minutes
    history.recordCheck('source', now - 30_000, null);
    history.recordCheck('source', now - 90 * MIN, 70); // before the span: left out
    const series = history.series('source', now, 96, 85 * MIN);
    expect(series.findIndex((value) => value !== null)).toBe(5);
    expect(series.filter((value) => value !== null)).toEqual([50]);
    const failures = history.failures('source', now, 96, 85 * MIN);
    expect(failures.indexOf(true)).toBe(95);
    expect(failures.filter(Boolean)).toHaveLength(1);
  });

  it('paints a failure until the next check, so an outage checked every few minutes is one band', () => {
    const history = createHealthHistory();
    const now = 10 * HOUR;
    // 96 buckets of a minute: an outage from minute 10, checked at 10, 12, 17 and 22, answered at 25.
    for (const minute of [10, 12, 17, 22]) history.recordCheck('source', now - 96 * MIN + minute * MIN, null);
    history.recordCheck('source', now - 96 * MIN + 25 * MIN, 40);
    // A failed check at minute 60, then the machine was off: it stands six minutes, not forty.
    history.recordCheck('source', now - 96 * MIN + 60 * MIN, null);
    const failing = history.failures('source', now, 96, 96 * MIN).flatMap((failed, minute) => (failed ? [minute] : []));
    expect(failing).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 60, 61, 62, 63, 64, 65]);
  });

  it('says how much of the window was watched, and gives the last checks for the heartbeat bar', () => {
    const history = createHealthHistory();
    const start = 10 * HOUR;
    history.recordChange(change(start, 'unknown', 'up'));
    for (let i = 0; i < 6; i++) history.recordCheck('source', start + i * 30_000, i === 4 ? null : 100 + i);
    const now = start + 3 * MIN;
    expect(history.stats('source', 24 * HOUR, now)).toMatchObject({ uptime: 1, watchedMs: 3 * MIN });
    expect(history.stats('source', MIN, now).watchedMs).toBe(MIN); // watched longer than a window of one minute
    expect(history.beats('source', 3)).toEqual([
      { at: start + 90_000, latencyMs: 103 },
      { at: start + 120_000, latencyMs: null },
      { at: start + 150_000, latencyMs: 105 },
    ]);
  });

  it('lists changes newest first', () => {
    const history = createHealthHistory();
    history.recordChange(change(1, 'unknown', 'up'));
    history.recordChange(change(2, 'up', 'suspect'));
    expect(history.log(5).map((entry) => entry.to)).toEqual(['suspect', 'up']);
  });
});

describe('the days watched, read back', () => {
  it('keeps the night the clocks go back (25 hours watched) and drops a day longer than any', () => {
    const day = (watchedMs: number, date: string) => ({ day: date, system: 'source', watchedMs, downMs: 0 });
    const saved = JSON.stringify({
      version: 1,
      outages: { outages: [], days: [day(25 * 3_600_000, '2026-10-25'), day(26 * 3_600_000, '2026-10-26')] },
    });
    const dropped: number[] = [];
    const history = createHealthHistory(saved, (count) => dropped.push(count));
    expect(dropped).toEqual([1]);
    expect(history.outages.daily('source')).toEqual([{ day: '2026-10-25', uptime: 1 }]);
  });
});
