/**
 * Seeded chaos for the health watch: random 8-hour timelines of what really happened (outages,
 * blips, flapping, 429s, slow answers, grey-zone failures, network losses the OS may not notice,
 * sleep), a simulated world the real health service checks on a fake clock, and the figures that
 * say whether its notifications told the truth: false alarms, missed outages, latency, recoveries
 * told while still failing, downs told after the failure had ended. Used by the test suite (which
 * asserts the goals) and by `npm run bench` (which reports the distribution).
 */
import { HEALTH_SYSTEMS } from '../shared/domain/health.ts';
import { createHealthService } from '../core/health/health-service.ts';
import type { HealthNotification } from '../core/health/notification-policy.ts';
import type { Probe } from '../core/health/probe.ts';
import { defaultPreferences } from '../shared/settings-schema.ts';
import type { HealthSystem } from '../shared/api/types.ts';
import { createRandom, type Random } from '../mock/data/random.ts';
import { createFakeClock, runClockUntil } from './fake-clock.ts';

const S = 1000;
const MIN = 60 * S;
const HOURS = 8;

export type FailureKind = 'outage' | 'blip' | 'flap' | 'grey';
export interface Interval {
  start: number;
  end: number;
}
export interface Failure extends Interval {
  system: HealthSystem;
  kind: FailureKind;
}
export interface Timeline {
  start: number;
  end: number;
  failures: Failure[];
  rateLimits: Array<Interval & { system: HealthSystem; retryAfterMs: number }>;
  slow: Array<Interval & { system: HealthSystem }>;
  networkLosses: Array<Interval & { osKnows: boolean }>;
  sleeps: Interval[];
}

const inside = (at: number, interval: Interval) => at >= interval.start && at < interval.end;
const overlaps = (a: Interval, b: Interval) => a.start < b.end && b.start < a.end;

/** Places an interval of the given length where it overlaps none of `taken` (with a margin), if it can. */
function place(random: Random, timeline: Interval, length: number, taken: Interval[], margin: number): Interval | null {
  for (let tries = 0; tries < 20; tries++) {
    const start = timeline.start + 5 * MIN + random.int(0, Math.max(0, timeline.end - timeline.start - length - 10 * MIN));
    const candidate = { start, end: start + length };
    const padded = { start: start - margin, end: candidate.end + margin };
    if (!taken.some((other) => overlaps(padded, other))) return candidate;
  }
  return null;
}

export function generateTimeline(seed: number, start = Date.parse('2026-11-23T08:00:00Z')): Timeline {
  const random = createRandom(seed);
  const span = { start, end: start + HOURS * 60 * MIN };
  const timeline: Timeline = { ...span, failures: [], rateLimits: [], slow: [], networkLosses: [], sleeps: [] };
  const taken: Record<HealthSystem, Interval[]> = { source: [], target: [] };
  const add = (system: HealthSystem, kind: FailureKind, length: number) => {
    const interval = place(random, span, length, taken[system], 10 * MIN);
    if (!interval) return null;
    taken[system].push(interval);
    timeline.failures.push({ ...interval, system, kind });
    return interval;
  };
  for (const system of HEALTH_SYSTEMS) {
    for (let count = random.int(0, 3); count > 0; count--) add(system, 'outage', random.int(2 * MIN + 10 * S, 60 * MIN));
    for (let count = random.int(0, 2); count > 0; count--) add(system, 'grey', random.int(30 * S, 2 * MIN));
    for (let count = random.int(0, 5); count > 0; count--) add(system, 'blip', random.int(3 * S, 25 * S));
    if (random.chance(0.3)) {
      // Flapping: several 2–5 min outages with 3–6 min of health between them.
      let at = place(random, span, 60 * MIN, taken[system], 10 * MIN)?.start ?? null;
      for (let cycle = random.int(3, 6); at !== null && cycle > 0; cycle--) {
        const down = { start: at, end: at + random.int(2 * MIN + 10 * S, 5 * MIN) };
        taken[system].push(down);
        timeline.failures.push({ ...down, system, kind: 'flap' });
        at = down.end + random.int(3 * MIN, 6 * MIN);
      }
    }
    for (let count = random.int(0, 2); count > 0; count--) {
      const interval = place(random, span, random.int(MIN, 5 * MIN), taken[system], 2 * MIN);
      if (interval) timeline.rateLimits.push({ ...interval, system, retryAfterMs: random.int(30, 120) * S });
    }
    for (let count = random.int(0, 2); count > 0; count--) {
      const interval = place(random, span, random.int(2 * MIN, 20 * MIN), [], 0);
      if (interval) timeline.slow.push({ ...interval, system });
    }
  }
  const everything = timeline.failures as Interval[];
  for (let count = random.int(0, 2); count > 0; count--) {
    const interval = place(random, span, random.int(30 * S, 20 * MIN), everything, 5 * MIN);
    if (interval) timeline.networkLosses.push({ ...interval, osKnows: random.chance(0.3) });
  }
  if (random.chance(0.3)) {
    const interval = place(random, span, random.int(10 * MIN, 2 * 60 * MIN), [...everything, ...timeline.networkLosses], 5 * MIN);
    if (interval) timeline.sleeps.push(interval);
  }
  return timeline;
}

/** What a check of a system at `at` would answer in this world. */
export function worldProbe(timeline: Timeline, system: HealthSystem, at: number): Probe {
  if (timeline.networkLosses.some((loss) => inside(at, loss)))
    return { kind: 'fail', message: 'Timeclock service can’t be reached (host name not found).', transport: true };
  if (timeline.failures.some((failure) => failure.system === system && inside(at, failure)))
    return { kind: 'fail', message: 'The system reports that it is down.' };
  const limited = timeline.rateLimits.find((limit) => limit.system === system && inside(at, limit));
  if (limited) return { kind: 'rate-limited', message: 'Rate limited.', retryAfterMs: limited.retryAfterMs };
  const slow = timeline.slow.some((period) => period.system === system && inside(at, period));
  return { kind: 'ok', latencyMs: slow ? 5_000 : 60 };
}

export interface ChaosResult {
  notifications: HealthNotification[];
  falseAlarms: string[];
  missed: string[];
  latenciesMs: number[];
  recoveredWhileFailing: string[];
  lateDowns: string[];
}

/** Runs the real health service through one timeline on a fake clock. */
export async function runTimeline(timeline: Timeline, seed: number): Promise<ChaosResult> {
  const clock = createFakeClock(timeline.start);
  const preferences = defaultPreferences();
  const random = createRandom(seed * 7 + 1);
  const offline = () => timeline.networkLosses.some((loss) => loss.osKnows && inside(clock.now(), loss));
  const service = createHealthService({
    time: clock,
    preferences: () => preferences,
    environment: () => ({ id: 'chaos', name: 'Chaos' }),
    probe: async (system) => worldProbe(timeline, system, clock.now()),
    reachable: async () => !timeline.networkLosses.some((loss) => inside(clock.now(), loss)),
    isOnline: () => !offline(),
    random: () => random.next(),
    formatTime: (ms) => new Date(ms).toISOString().slice(11, 19),
  });
  const notifications: HealthNotification[] = [];
  service.onNotification((notification) => notifications.push(notification));
  service.start();
  const settle = () => service.flush();
  for (const sleep of timeline.sleeps) {
    await runClockUntil(clock, sleep.start, settle);
    clock.jump(sleep.end - sleep.start); // asleep: no timer fires; the late timer says so on waking
  }
  await runClockUntil(clock, timeline.end, settle);
  service.stop();
  return { notifications, ...judge(timeline, notifications) };
}

/** The figures of one timeline: each notification held against what really happened. */
export function judge(timeline: Timeline, notifications: HealthNotification[]): Omit<ChaosResult, 'notifications'> {
  const result: Omit<ChaosResult, 'notifications'> = {
    falseAlarms: [],
    missed: [],
    latenciesMs: [],
    recoveredWhileFailing: [],
    lateDowns: [],
  };
  const when = (at: number) => new Date(at).toISOString().slice(11, 19);
  const failuresOf = (system: HealthSystem) => timeline.failures.filter((failure) => failure.system === system);
  for (const notification of notifications) {
    for (const system of notification.systems) {
      const { at } = notification;
      if (notification.kind === 'down') {
        // The failure behind it: the latest one of 30 s or more that began before it.
        const cause = failuresOf(system)
          .filter((failure) => failure.end - failure.start >= 30 * S && failure.start <= at && at <= failure.end + 10 * MIN)
          .sort((a, b) => b.start - a.start)[0];
        if (!cause) result.falseAlarms.push(`${system} down told at ${when(at)} with no failure of 30 s or more behind it`);
        else if (at > cause.end + 15 * S)
          result.lateDowns.push(
            `${system} down told at ${when(at)}, ${Math.round((at - cause.end) / S)} s after the failure ended`,
          );
      }
      if (notification.kind === 'recovered' && failuresOf(system).some((failure) => inside(at, failure)))
        result.recoveredWhileFailing.push(`${system} recovered told at ${when(at)} while still failing`);
    }
  }
  const disturbed = [...timeline.networkLosses, ...timeline.sleeps];
  for (const failure of timeline.failures) {
    if (
      failure.end - failure.start <= 2 * MIN ||
      disturbed.some((other) => overlaps(failure, { start: other.start - MIN, end: other.end + MIN }))
    )
      continue;
    const told = notifications.find(
      (notification) =>
        (notification.kind === 'down' || notification.kind === 'reminder') &&
        notification.systems.includes(failure.system) &&
        notification.at >= failure.start &&
        notification.at <= failure.end + MIN,
    );
    if (told) result.latenciesMs.push(told.at - failure.start);
    else if (!believedDown(notifications, failure.system, failure.start))
      result.missed.push(`${failure.system} ${failure.kind} ${when(failure.start)}–${when(failure.end)} never told`);
  }
  return result;
}

/** Whether the user, at `at`, was last told the system is down (an outage told and not yet recovered). */
function believedDown(notifications: HealthNotification[], system: HealthSystem, at: number): boolean {
  const last = notifications
    .filter(
      (notification) =>
        notification.at <= at && notification.systems.includes(system) && ['down', 'recovered'].includes(notification.kind),
    )
    .at(-1);
  return last?.kind === 'down';
}

export interface ChaosFigures {
  timelines: number;
  falseAlarms: number;
  missed: number;
  recoveredWhileFailing: number;
  lateDowns: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number };
  examples: string[];
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

export async function runChaos(timelines: number, firstSeed = 1): Promise<ChaosFigures> {
  const results: ChaosResult[] = [];
  for (let seed = firstSeed; seed < firstSeed + timelines; seed++) results.push(await runTimeline(generateTimeline(seed), seed));
  const latencies = results.flatMap((result) => result.latenciesMs).sort((a, b) => a - b);
  const all = (pick: (result: ChaosResult) => string[]) =>
    results.flatMap((result, index) => pick(result).map((text) => `#${firstSeed + index}: ${text}`));
  const problems = [
    ...all((r) => r.falseAlarms),
    ...all((r) => r.missed),
    ...all((r) => r.recoveredWhileFailing),
    ...all((r) => r.lateDowns),
  ];
  return {
    timelines,
    falseAlarms: all((r) => r.falseAlarms).length,
    missed: all((r) => r.missed).length,
    recoveredWhileFailing: all((r) => r.recoveredWhileFailing).length,
    lateDowns: all((r) => r.lateDowns).length,
    latencyMs: {
      p50: percentile(latencies, 50),
      p90: percentile(latencies, 90),
      p99: percentile(latencies, 99),
      max: latencies.at(-1) ?? 0,
    },
    examples: problems.slice(0, 10),
  };
}
