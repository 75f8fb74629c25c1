/**
 * Drives the health machine of both systems on a clock: checks each when due (jittered ±10 %,
 * with a random start offset so a fleet never polls in lockstep), tells a dead network on our side
 * from a dead server, notices sleep from a late timer, and resets on request.
 */
import { english } from '../../shared/i18n/catalogues.ts';
import type { Translate } from '../../shared/i18n/translator.ts';
import { HEALTH_SYSTEMS } from '../../shared/domain/health.ts';
import type { HealthSystem } from '../../shared/api/types.ts';
import type { TimeSource } from '../util/time-source.ts';
import { createEmitter } from '../util/emitter.ts';
import {
  initialHealth,
  stepHealth,
  type HealthChange,
  type HealthEvent,
  type NextCheck,
  type SystemHealth,
} from './health-machine.ts';
import type { HealthRules } from './health-rules.ts';
import type { Probe } from './health-types.ts';

export type HealthSnapshot = Record<HealthSystem, SystemHealth>;

export interface HealthMonitorOptions {
  time: TimeSource;
  rules: () => HealthRules;
  probe: (system: HealthSystem, signal: AbortSignal) => Promise<Probe>;
  /** The OS's own idea of whether this machine has a network. */
  isOnline?: () => boolean;
  /**
   * Whether anything of the environment answers at all (another endpoint than the two health
   * routes): the evidence that tells our lost network from their outage, whatever the schedules.
   */
  reachable?: (signal: AbortSignal) => Promise<boolean>;
  random?: () => number;
  /** The user's words at each use (English if not given). */
  t?: Translate;
}

export interface HealthMonitor {
  start(): void;
  stop(): void;
  /** Check both systems now, whatever their schedule ("Check now"). */
  checkNow(): Promise<void>;
  /** Checks these systems afresh once the check under way (if any) is done; the snapshot after it. */
  recheck(systems: readonly HealthSystem[]): Promise<HealthSnapshot>;
  /**
   * What we knew is stale: unknown, re-check soon. `spread` for causes a whole fleet shares at the
   * same moment (the network back, resume, unlock); a switch or new credentials re-check at once.
   */
  reset(spread?: boolean): void;
  snapshot(): HealthSnapshot;
  nextCheckAt(system: HealthSystem): number | null;
  onChange(listener: (system: HealthSystem, change: HealthChange, snapshot: HealthSnapshot) => void): () => void;
  onCheck(listener: (system: HealthSystem, event: HealthEvent, health: SystemHealth) => void): () => void;
  /** Resolves once no check is in flight. */
  settled(): Promise<void>;
}

const START_OFFSET_MS: [number, number] = [2_000, 10_000];

const isTransportFailure = (probe: Probe) => probe.kind === 'network' || (probe.kind === 'fail' && probe.transport === true);
/**
 * Once the network is known to work, a failure without an HTTP answer is the server's — unless it
 * names its culprit (a certificate not trusted here, the proxy): that is ours, said as it is.
 */
function asServerFailure(probe: Probe): HealthEvent {
  if (probe.kind !== 'network') return probe;
  return probe.culprit
    ? { kind: 'offline', message: probe.message, cause: probe.culprit }
    : { kind: 'fail', message: probe.message };
}

// Over 80 lines on purpose: one system's checks, timers and backoff shared by small named
// functions, the longest runCycle at 26 lines.
export function createHealthMonitor(options: HealthMonitorOptions): HealthMonitor {
  const { time } = options;
  const random = options.random ?? Math.random;
  const t = options.t ?? english.t;
  const health: HealthSnapshot = { source: initialHealth(time.now()), target: initialHealth(time.now()) };
  const dueAt: Record<HealthSystem, number | null> = { source: null, target: null };
  const events = createEmitter<{ change: [HealthSystem, HealthChange]; check: [HealthSystem, HealthEvent] }>();
  let timer: unknown = null;
  let expectedAt = 0;
  let inFlight: Promise<void> | null = null;
  let abort = new AbortController();
  let running = false;

  const jittered = (next: NextCheck) => {
    if (next.exact) return next.delayMs;
    const spread = next.atLeast ? random() * 0.1 : (random() * 2 - 1) * 0.1;
    return Math.round(next.delayMs * (1 + spread));
  };

  /**
   * After a reset, soon — spread over one poll interval when the cause is shared by a fleet: when a
   * company's network comes back every workstation resets at the same moment, and the servers must
   * not get all their checks in one second (the fleet simulation, `npm run bench -- --fleet`,
   * measured 26× the mean without it).
   */
  const afterReset = (next: NextCheck, spread: boolean) =>
    next.delayMs + (spread ? Math.round(random() * options.rules().intervalMs) : 0);

  function arm(): void {
    if (timer !== null) time.clearTimeout(timer);
    timer = null;
    if (!running) return;
    const due = HEALTH_SYSTEMS.map((system) => dueAt[system]).filter((at): at is number => at !== null);
    if (due.length === 0) return;
    expectedAt = Math.min(...due);
    timer = time.setTimeout(onTimer, Math.max(0, expectedAt - time.now()));
  }

  function onTimer(): void {
    timer = null;
    if (time.now() - expectedAt > options.rules().lateTimerMs) return reset(true);
    const now = time.now();
    void runCycle(HEALTH_SYSTEMS.filter((system) => dueAt[system] !== null && dueAt[system]! <= now + 1_000));
  }

  function apply(system: HealthSystem, event: HealthEvent, spread = false): void {
    const step = stepHealth(health[system], event, time.now(), options.rules(), t);
    health[system] = step.health;
    dueAt[system] = step.next
      ? time.now() + (event.kind === 'reset' ? afterReset(step.next, spread) : jittered(step.next))
      : null;
    if (event.kind !== 'reset') events.emit('check', [system, event]);
    if (step.change) events.emit('change', [system, step.change]);
  }

  async function runCycle(systems: readonly HealthSystem[]): Promise<void> {
    if (inFlight) {
      await inFlight;
      return;
    }
    if (systems.length === 0) return arm();
    const signal = abort.signal;
    inFlight = (async () => {
      const probes = await Promise.all(systems.map((system) => options.probe(system, signal)));
      if (signal.aborted) return;
      const offline =
        options.isOnline?.() === false || (probes.some(isTransportFailure) && !(await networkWorks(systems, probes, signal)));
      if (signal.aborted) return;
      if (offline) {
        // Our network, not theirs: both systems are offline, whichever was due — the proxy or a certificate named when at fault.
        // Each line in its own check's words where that check was made this cycle.
        const named = (probe: Probe) =>
          probe?.kind === 'network' && probe.culprit ? { message: probe.message, cause: probe.culprit } : undefined;
        const said = probes.map(named);
        const first = said.find(Boolean) ?? { message: t('health.noNetwork') };
        for (const system of HEALTH_SYSTEMS) apply(system, { kind: 'offline', ...(said[systems.indexOf(system)] ?? first) });
        return;
      }
      systems.forEach((system, index) => apply(system, asServerFailure(probes[index]!)));
    })();
    try {
      await inFlight;
    } finally {
      inFlight = null;
      arm();
    }
  }

  /**
   * A check failed without any HTTP answer: is it our network or theirs? Evidence that does not
   * depend on the two schedules lining up: another endpoint of the environment answering, or
   * else the other system checked right now.
   */
  async function networkWorks(systems: readonly HealthSystem[], probes: Probe[], signal: AbortSignal): Promise<boolean> {
    if (options.reachable) return options.reachable(signal).catch(() => false);
    const others = HEALTH_SYSTEMS.filter((system) => !systems.includes(system));
    const more = await Promise.all(others.map((system) => options.probe(system, signal)));
    return ![...probes, ...more].every(isTransportFailure);
  }

  function reset(spread = false): void {
    abort.abort();
    abort = new AbortController();
    for (const system of HEALTH_SYSTEMS) apply(system, { kind: 'reset' }, spread);
    arm();
  }

  return {
    start() {
      if (running) return;
      running = true;
      const offset = START_OFFSET_MS[0] + random() * (START_OFFSET_MS[1] - START_OFFSET_MS[0]);
      for (const system of HEALTH_SYSTEMS) dueAt[system] = time.now() + Math.round(offset);
      arm();
    },
    stop() {
      running = false;
      abort.abort();
      arm();
    },
    checkNow: () => runCycle(HEALTH_SYSTEMS),
    async recheck(systems) {
      // After the cycle under way (it may be the one that asks), a fresh check of its own.
      while (inFlight) await inFlight.catch(() => {});
      await runCycle(systems);
      return { ...health };
    },
    reset,
    snapshot: () => ({ ...health }),
    nextCheckAt: (system) => dueAt[system],
    onChange: (listener) => events.on('change', ([system, change]) => listener(system, change, { ...health })),
    onCheck: (listener) => events.on('check', ([system, event]) => listener(system, event, health[system])),
    settled: async () => {
      while (inFlight) await inFlight.catch(() => {});
    },
  };
}
