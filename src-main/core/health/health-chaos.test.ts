/**
 * The health watch under chaos: 300 seeded 8-hour timelines (outages, blips, flapping, 429s, slow
 * answers, grey-zone failures, network losses the OS may not notice, sleep) run through the real
 * health service on a fake clock. A lost network is not an outage, no outage goes untold, and the
 * user hears of an outage within two minutes.
 */
import { expect, it } from 'vitest';
import { generateTimeline, runChaos, runTimeline } from '../../testing/health-chaos.ts';

it('tells every outage, no false one, none late, within the latency goals, over 300 timelines', async () => {
  const figures = await runChaos(300);
  expect(figures.examples).toEqual([]);
  expect(figures).toMatchObject({ falseAlarms: 0, missed: 0, lateDowns: 0, recoveredWhileFailing: 0 });
  expect(figures.latencyMs.p50).toBeLessThanOrEqual(45_000);
  expect(figures.latencyMs.p90).toBeLessThanOrEqual(70_000);
  expect(figures.latencyMs.p99).toBeLessThanOrEqual(120_000);
}, 120_000);

it('calls a lost network offline even while the operating system still says online', async () => {
  // A timeline with a network loss the OS does not notice and nothing else going wrong.
  const timeline = { ...generateTimeline(1), failures: [], rateLimits: [], slow: [], sleeps: [] };
  timeline.networkLosses = [{ start: timeline.start + 60 * 60_000, end: timeline.start + 80 * 60_000, osKnows: false }];
  const result = await runTimeline(timeline, 1);
  expect(result.notifications).toEqual([]);
});

it('judges a down told with no failure behind it as a false alarm (the judge itself can fail)', async () => {
  const timeline = { ...generateTimeline(2), failures: [], rateLimits: [], slow: [], networkLosses: [], sleeps: [] };
  const { judge } = await import('../../testing/health-chaos.ts');
  const invented = {
    kind: 'down' as const,
    systems: ['source' as const],
    title: '',
    body: '',
    sound: false,
    at: timeline.start + 60_000,
    since: null,
  };
  expect(judge(timeline, [invented]).falseAlarms).toHaveLength(1);
});
