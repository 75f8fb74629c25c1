/**
 * What the status window shows of the past: every check's latency, the state timeline and the
 * log of changes, for 24 hours; the outages of 30 days beside them (outage-log.ts). Uptime is time-weighted and leaves out time we could not tell
 * (unknown, offline, credentials refused, rate limited). Serialises compactly to survive restarts.
 */
import type { HealthSystem } from '../../shared/api/types.ts';
import { HEALTH_SYSTEMS, type SystemState } from '../../shared/domain/health.ts';
import { createOutageLog, restoreOutages, type OutageData, type OutageLog } from './outage-log.ts';
import { LAST_DATE_MS } from '../util/stored-entries.ts';
import type { RequestPhases } from '../../shared/ipc/contract.ts';

export const HISTORY_RETENTION_MS = 24 * 3_600_000;
/** A saved history longer than this is damaged or hand-made: dropped whole, unread (bounded time and memory at start). */
export const MAX_SAVED_CHARACTERS = 8 * 1024 * 1024;
/** How long a failed check paints the chart at most: the longest wait between checks while down, and a minute. */
const FAILURE_STANDS_MS = 6 * 60_000;

export interface HealthStats {
  p50: number | null;
  p95: number | null;
  /** Share of counted time the system was up (0–1); null when nothing could be counted. */
  uptime: number | null;
  checks: number;
  /** How much of the window was watched (since the first state known in it): "94 % over the last 3 min". */
  watchedMs: number;
}

/** One check as the heartbeat bar shows it: when, and its latency (null: it failed). */
export interface Beat {
  at: number;
  latencyMs: number | null;
}

export interface HealthLogEntry {
  at: number;
  system: HealthSystem;
  from: SystemState;
  to: SystemState;
  message: string | null;
}

/** One check as the CSV gives it: when, its latency (null: it failed) and where its time went, when known. */
export interface CheckRow {
  at: number;
  latencyMs: number | null;
  phases: RequestPhases | null;
}

export interface HealthHistory {
  /** A check: its latency (null: it failed), and where its time went when the engine said. */
  recordCheck(system: HealthSystem, at: number, latencyMs: number | null, phases?: RequestPhases | null): void;
  recordChange(entry: HealthLogEntry): void;
  stats(system: HealthSystem, windowMs: number, now: number): HealthStats;
  /** Latency over time, over the last `spanMs` (24 h by default): the slowest check per bucket (null: no successful check in it). */
  series(system: HealthSystem, now: number, buckets: number, spanMs?: number): Array<number | null>;
  /** Per the same buckets: the part of the slowest check spent before the server (proxy, name lookup, connecting); null where not known. */
  way(system: HealthSystem, now: number, buckets: number, spanMs?: number): Array<number | null>;
  /** The checks of the last 24 hours, oldest first, for the CSV. */
  checkRows(system: HealthSystem): CheckRow[];
  /** Which buckets the system was failing in: from a failed check to the next check. */
  failures(system: HealthSystem, now: number, buckets: number, spanMs?: number): boolean[];
  /** The last `count` checks, oldest first. */
  beats(system: HealthSystem, count: number): Beat[];
  log(limit: number): HealthLogEntry[];
  /** The outages of the last 30 days and each day's watched time (outage-log.ts), kept in the same file. */
  outages: OutageLog;
  serialize(now: number): string;
}

const UP: ReadonlySet<SystemState> = new Set(['up', 'degraded', 'suspect']);
const DOWN: ReadonlySet<SystemState> = new Set(['down']);

/** [at, latency or -1 for a failed check], and where its time went when known (PHASES, -1 for none). */
type Check = [number, number] | [number, number, number[]];
const PHASES = ['dnsMs', 'connectMs', 'tlsMs', 'waitMs', 'readMs'] as const;

interface Data {
  /** The checks, oldest first. */
  checks: Record<HealthSystem, Check[]>;
  /** [at, state] whenever the state changed, oldest first. */
  states: Record<HealthSystem, Array<[number, SystemState]>>;
  log: HealthLogEntry[];
  outages: OutageData;
}

const empty = (): Data => ({
  checks: { source: [], target: [] },
  states: { source: [], target: [] },
  log: [],
  outages: { outages: [], days: [] },
});

const STATES: ReadonlySet<string> = new Set<SystemState>([
  'unknown',
  'up',
  'degraded',
  'suspect',
  'down',
  'auth-error',
  'rate-limited',
  'offline',
]);
/** A moment a Date can hold: a number out of that range would make every view of the history throw. */
const isTime = (value: unknown): value is number => typeof value === 'number' && value >= 0 && value <= LAST_DATE_MS;
/** A check's latency in milliseconds, -1 for a failed check. */
const isLatency = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= -1;
const isPhases = (value: unknown): value is number[] =>
  Array.isArray(value) && value.length === PHASES.length && value.every(isLatency);
const isCheck = (entry: unknown): entry is Check =>
  Array.isArray(entry) &&
  (entry.length === 2 || (entry.length === 3 && isPhases(entry[2]))) &&
  isTime(entry[0]) &&
  isLatency(entry[1]);
const packed = (phases: RequestPhases): number[] =>
  PHASES.map((name) => (phases[name] === null ? -1 : Math.round(phases[name]!)));
const unpacked = (values: readonly number[]): RequestPhases =>
  Object.fromEntries(PHASES.map((name, index) => [name, values[index]! < 0 ? null : values[index]!])) as unknown as RequestPhases;
/** The part of a check spent before the server: all but waiting for it and reading its answer; null where not known. */
const wayOf = ([, latency, phases]: Check): number | null =>
  phases === undefined || latency < 0 || phases[3]! < 0 ? null : Math.max(0, latency - phases[3]! - Math.max(0, phases[4]!));
const isState = (pair: unknown): pair is [number, SystemState] =>
  Array.isArray(pair) && pair.length === 2 && isTime(pair[0]) && STATES.has(pair[1] as string);
const isLogEntry = (entry: unknown): entry is HealthLogEntry => {
  const candidate = entry as Partial<HealthLogEntry> | null;
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    isTime(candidate.at) &&
    (HEALTH_SYSTEMS as readonly unknown[]).includes(candidate.system) &&
    STATES.has(candidate.from as string) &&
    STATES.has(candidate.to as string) &&
    (candidate.message === null || typeof candidate.message === 'string')
  );
};

/** The entries of a list that can be used, counting those that cannot. */
function usable<T>(list: unknown, keep: (entry: unknown) => entry is T, dropped: { count: number }): T[] {
  const entries = Array.isArray(list) ? list : [];
  const kept = entries.filter(keep);
  dropped.count += entries.length - kept.length;
  return kept;
}

/** The saved history, each entry checked as it is read: what cannot be used is dropped and counted. */
function restore(saved: string | null): { data: Data; dropped: number } {
  if (!saved) return { data: empty(), dropped: 0 };
  // Never written this large (a full day of checks and 500 outages stay under 2 MB): not parsed at all.
  if (saved.length > MAX_SAVED_CHARACTERS) return { data: empty(), dropped: 1 };
  const dropped = { count: 0 };
  try {
    const parsed = JSON.parse(saved) as {
      version?: number;
      checks?: Record<string, unknown>;
      states?: Record<string, unknown>;
      log?: unknown;
      outages?: unknown;
    };
    if (parsed?.version !== 1) return { data: empty(), dropped: 1 };
    const data = empty();
    for (const system of HEALTH_SYSTEMS) {
      data.checks[system] = usable(parsed.checks?.[system], isCheck, dropped);
      data.states[system] = usable(parsed.states?.[system], isState, dropped);
    }
    data.log = usable(parsed.log, isLogEntry, dropped);
    data.outages = restoreOutages(parsed.outages, dropped);
    return { data, dropped: dropped.count };
  } catch {
    return { data: empty(), dropped: 1 }; // a damaged history is not worth stopping for
  }
}

/** The slowest successful check in each of `buckets` over the last `spanMs` (null: none). */
function slowestPerBucket(checks: readonly Check[], now: number, buckets: number, spanMs: number): Array<Check | null> {
  const from = now - spanMs;
  const width = spanMs / buckets;
  const out: Array<Check | null> = new Array(buckets).fill(null);
  for (const check of checks) {
    const bucket = Math.floor((check[0] - from) / width);
    if (bucket < 0 || bucket >= buckets || check[1] < 0) continue;
    if (out[bucket] === null || check[1] > out[bucket]![1]) out[bucket] = check;
  }
  return out;
}

/** `onDropped`: told how many saved entries could not be used (a damaged or hand-edited file). */
// Over 80 lines on purpose: one day of checks, states and the outage log, kept together so they are
// saved as one file, read by small named steps (the longest, stats, 23 lines).
export function createHealthHistory(saved: string | null = null, onDropped?: (count: number) => void): HealthHistory {
  const { data, dropped } = restore(saved);
  if (dropped > 0) onDropped?.(dropped);
  const outages = createOutageLog(data.outages);

  function prune(now: number): void {
    const cutoff = now - HISTORY_RETENTION_MS;
    for (const system of HEALTH_SYSTEMS) {
      const checks = data.checks[system];
      const firstKept = checks.findIndex(([at]) => at >= cutoff);
      if (firstKept !== 0) checks.splice(0, firstKept === -1 ? checks.length : firstKept);
      // Keep the last state before the cutoff: it says what the window starts in.
      const states = data.states[system];
      const lastBefore = states.findLastIndex(([at]) => at < cutoff);
      if (lastBefore > 0) states.splice(0, lastBefore);
    }
    const firstLog = data.log.findIndex((entry) => entry.at >= cutoff);
    if (firstLog !== 0) data.log.splice(0, firstLog === -1 ? data.log.length : firstLog);
  }

  return {
    recordCheck(system, at, latencyMs, phases) {
      const latency = latencyMs === null ? -1 : Math.round(latencyMs);
      data.checks[system].push(phases ? [at, latency, packed(phases)] : [at, latency]);
      if (data.checks[system].length % 256 === 0) prune(at);
    },
    recordChange(entry) {
      data.states[entry.system].push([entry.at, entry.to]);
      data.log.push(entry);
      prune(entry.at);
    },
    stats(system, windowMs, now) {
      const from = now - windowMs;
      const latencies = data.checks[system]
        .filter(([at, latency]) => at >= from && latency >= 0)
        .map(([, latency]) => latency)
        .sort((a, b) => a - b);
      const rank = (p: number) =>
        latencies.length === 0 ? null : latencies[Math.min(latencies.length - 1, Math.ceil(p * latencies.length) - 1)]!;
      let up = 0;
      let down = 0;
      const states = data.states[system];
      states.forEach(([at, state], index) => {
        const start = Math.max(at, from);
        const end = Math.min(states[index + 1]?.[0] ?? now, now);
        if (end <= start) return;
        if (UP.has(state)) up += end - start;
        else if (DOWN.has(state)) down += end - start;
      });
      const checks = data.checks[system].filter(([at]) => at >= from).length;
      const firstKnown = states[0]?.[0];
      const watchedMs = firstKnown === undefined ? 0 : Math.max(0, now - Math.max(from, firstKnown));
      return { p50: rank(0.5), p95: rank(0.95), uptime: up + down === 0 ? null : up / (up + down), checks, watchedMs };
    },
    series: (system, now, buckets, spanMs = HISTORY_RETENTION_MS) =>
      slowestPerBucket(data.checks[system], now, buckets, spanMs).map((check) => check?.[1] ?? null),
    way: (system, now, buckets, spanMs = HISTORY_RETENTION_MS) =>
      slowestPerBucket(data.checks[system], now, buckets, spanMs).map((check) => (check ? wayOf(check) : null)),
    checkRows: (system) =>
      data.checks[system].map(([at, latency, phases]) => ({
        at,
        latencyMs: latency < 0 ? null : latency,
        phases: phases ? unpacked(phases) : null,
      })),
    failures(system, now, buckets, spanMs = HISTORY_RETENTION_MS) {
      const from = now - spanMs;
      const width = spanMs / buckets;
      const out: boolean[] = new Array(buckets).fill(false);
      const checks = data.checks[system];
      checks.forEach(([at, latency], index) => {
        if (latency >= 0) return;
        // A failed check stands until the next check (while down they are minutes apart), so an
        // outage is one band, not dots; never longer than the longest wait, lest a machine that
        // was off paint its night red.
        const until = Math.min(checks[index + 1]?.[0] ?? now, at + FAILURE_STANDS_MS, now);
        const first = Math.max(0, Math.floor((at - from) / width));
        const last = Math.min(buckets - 1, Math.floor((Math.max(at, until - 1) - from) / width));
        for (let bucket = first; bucket <= last; bucket++) out[bucket] = true;
      });
      return out;
    },
    beats: (system, count) =>
      data.checks[system].slice(-count).map(([at, latency]) => ({ at, latencyMs: latency < 0 ? null : latency })),
    log: (limit) => data.log.slice(-limit).reverse(),
    outages,
    serialize(now) {
      prune(now);
      return JSON.stringify({ version: 1, ...data, outages: outages.data(now) });
    },
  };
}
