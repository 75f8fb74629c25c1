/**
 * Seeded chaos for the health watch: random 8-hour timelines of what really happened (outages,
 * blips, flapping, 429s, slow answers, grey-zone failures, network losses the OS may not notice,
 * sleep, outages that answer 503 with a Retry-After, hangs of one system or of the gateway both sit
 * behind), a simulated world the real health service checks on a fake clock (slow answers and
 * hangs take their time on it), and the figures that
 * say whether its notifications told the truth: false alarms, missed outages, latency, recoveries
 * told while still failing, downs told after the failure had ended. Used by the test suite (which
 * asserts the goals) and by `npm run bench` (which reports the distribution).
 */
import { HEALTH_SYSTEMS } from '../shared/domain/health.ts';
import { createHealthService } from '../core/health/health-service.ts';
import type { HealthNotification } from '../core/health/notice-writer.ts';
import type { Probe } from '../core/health/health-types.ts';
import { defaultPreferences } from '../shared/settings-schema.ts';
import type { HealthSystem } from '../shared/api/types.ts';
import { createRandom, type Random } from '../mock/data/random.ts';
import { createFakeClock, runClockUntil } from './fake-clock.ts';

const S = 1000;
const MIN = 60 * S;
const HOURS = 8;
/** A hung request ends at the app's request timeout (the default setting); a slow answer takes this long. */
const TIMEOUT_MS = 10 * S;
const SLOW_MS = 5 * S;
const RETRY_AFTERS_MS = [30 * S, 120 * S, 300 * S, 900 * S, 3_600 * S];

export type FailureKind = 'outage' | 'blip' | 'flap' | 'grey' | 'hang';
export interface Interval {
  start: number;
  end: number;
}
export interface Failure extends Interval {
  system: HealthSystem;
  kind: FailureKind;
  /** The 503 says when to come back (a maintenance page, a gateway's own answer). */
  retryAfterMs?: number;
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
  addHardships(random, timeline, taken);
  return timeline;
}

/**
 * What real services add (drawn after the rest, so that a seed's older timeline stays as it was):
 * outages whose 503 carries a Retry-After of 30 s to an hour, a system that hangs (accepts the
 * connection, never answers), the gateway both systems sit behind hanging, and rate limits whose
 * Retry-After asks for far longer than the limit lasts.
 */
function addHardships(random: Random, timeline: Timeline, taken: Record<HealthSystem, Interval[]>): void {
  const span = { start: timeline.start, end: timeline.end };
  for (const failure of timeline.failures)
    if (failure.kind !== 'blip' && random.chance(0.35)) failure.retryAfterMs = random.pick(RETRY_AFTERS_MS);
  const free = (interval: Interval | null, systems: readonly HealthSystem[]) =>
    interval !== null &&
    !timeline.networkLosses.some((loss) => overlaps(loss, { start: interval.start - 5 * MIN, end: interval.end + 5 * MIN })) &&
    !timeline.sleeps.some((sleep) => overlaps(sleep, { start: interval.start - 5 * MIN, end: interval.end + 5 * MIN })) &&
    systems.every(
      (system) =>
        !taken[system].some((other) => overlaps(other, { start: interval.start - 10 * MIN, end: interval.end + 10 * MIN })),
    );
  const hang = (systems: readonly HealthSystem[]) => {
    const interval = place(random, span, random.int(2 * MIN + 10 * S, 20 * MIN), [], 0);
    if (!free(interval, systems)) return;
    for (const system of systems) {
      taken[system].push(interval!);
      timeline.failures.push({ ...interval!, system, kind: 'hang' });
    }
  };
  if (random.chance(0.3)) hang([random.pick(HEALTH_SYSTEMS)]);
  if (random.chance(0.2)) hang(HEALTH_SYSTEMS);
  for (const system of HEALTH_SYSTEMS)
    if (random.chance(0.3)) {
      const interval = place(random, span, random.int(30 * S, 3 * MIN), taken[system], 2 * MIN);
      if (interval) timeline.rateLimits.push({ ...interval, system, retryAfterMs: random.pick(RETRY_AFTERS_MS) });
    }
}

/** What a check of a system begun at `at` would answer in this world, and how long the answer takes. */
export function worldAnswer(timeline: Timeline, system: HealthSystem, at: number): { probe: Probe; takesMs: number } {
  if (timeline.networkLosses.some((loss) => inside(at, loss)))
    return {
      probe: { kind: 'fail', message: 'Timeclock service can’t be reached (host name not found).', transport: true },
      takesMs: 0,
    };
  const failure = timeline.failures.find((candidate) => candidate.system === system && inside(at, candidate));
  if (failure?.kind === 'hang')
    return { probe: { kind: 'fail', message: 'No answer within 10 s.', transport: true }, takesMs: TIMEOUT_MS };
  if (failure) {
    const retryAfter = failure.retryAfterMs === undefined ? {} : { retryAfterMs: failure.retryAfterMs };
    return { probe: { kind: 'fail', message: 'The system reports that it is down.', ...retryAfter }, takesMs: 0 };
  }
  const limited = timeline.rateLimits.find((limit) => limit.system === system && inside(at, limit));
  if (limited)
    return { probe: { kind: 'rate-limited', message: 'Rate limited.', retryAfterMs: limited.retryAfterMs }, takesMs: 0 };
  const slow = timeline.slow.some((period) => period.system === system && inside(at, period));
  return { probe: { kind: 'ok', latencyMs: slow ? SLOW_MS : 60 }, takesMs: slow ? SLOW_MS : 0 };
}

/**
 * Whether this computer's network works, as the evidence says: nothing answers while it is lost;
 * a hanging gateway still completes the TCP connection (network-evidence.ts).
 */
const networkWorksAt = (timeline: Timeline, at: number) => !timeline.networkLosses.some((loss) => inside(at, loss));

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
    probe: async (system) => {
      const { probe, takesMs } = worldAnswer(timeline, system, clock.now());
      if (takesMs > 0) await new Promise<void>((resolve) => clock.setTimeout(() => resolve(), takesMs));
      return probe;
    },
    reachable: async () => networkWorksAt(timeline, clock.now()),
    isOnline: () => !offline(),
    random: () => random.next(),
    formatTime: (ms) => new Date(ms).toISOString().slice(11, 19),
  });
  const notifications: HealthNotification[] = [];
  service.onNotification((notification) => notifications.push(notification));
  service.start();
  // A turn of the event loop: every check's own work is done, a check that takes time waits on the clock.
  const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
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
