/**
 * The fleet: what N workstations running the app cost the two services, by simulation on a fake
 * clock (no sockets). Each workstation runs the app's real health monitor (schedules, jitter,
 * back-off, confirmation, recovery), refreshes its clock state every 5 minutes and punches in on
 * arrival (08:00 ± 15 min); one in ten opens the debtor lookup. The simulated morning (07:30–11:00)
 * has a 20-minute outage of each system and a 20-minute loss of the company network, so recovery
 * herds show; rates are per second over 08:15–11:00, when every workstation is in. Per-day figures
 * (bytes, loads) follow from the schedules over an 8.5-hour day.
 */
import { createHealthMonitor } from '../../core/health/health-monitor.ts';
import { healthRules } from '../../core/health/health-rules.ts';
import type { Probe } from '../../core/health/health-types.ts';
import type { HealthSystem } from '../../shared/api/types.ts';
import { defaultPreferences } from '../../shared/settings-schema.ts';
import { NICKNAMES_EVERY_MS } from '../../core/lookup/lookup-sync.ts';
import { generateDebtorsDataset } from '../../mock/data/generate-debtors.ts';
import { createRandom } from '../../mock/data/random.ts';
import { createFleetClock } from './fleet-clock.ts';

const HOUR = 3_600_000;
const MINUTE = 60_000;
const at = (hours: number, minutes = 0) => Date.UTC(2026, 10, 23, hours, minutes);
const DAY_START = at(7, 30);
const DAY_END = at(11);
const OUTAGES: Record<HealthSystem, [number, number]> = { source: [at(8, 40), at(9)], target: [at(9, 20), at(9, 40)] };
const NETWORK_LOST: [number, number] = [at(10, 10), at(10, 30)];
const WORKDAY_MS = 8.5 * HOUR;
/** Sizes measured from the mock's data (see lookupBytes): a full load of the four lists, and a 5-minute delta. */
export interface LookupSizes {
  fullLoadBytes: number;
  deltaBytes: number;
  /** The nicknames list: it has no filter, so a sync reloads it whole when it is older than NICKNAMES_EVERY_MS. */
  nicknamesBytes: number;
}

/** A 304's status line and headers. */
const NOT_MODIFIED_BYTES = 300;

type Route = 'health:source' | 'health:target' | 'timeclock:lastEvent' | 'timeclock:punch';

export interface FleetFigures {
  workstations: number;
  pollIntervalSeconds: number;
  perService: Record<'health' | 'timeclock', { meanPerSecond: number; p99PerSecond: number; peakPerSecond: number }>;
  /**
   * The health routes' mean over a working day: two checks per poll interval per workstation (the
   * simulated morning's own mean is lower, since it holds three outages with their back-off).
   */
  healthDayMeanPerSecond: number;
  /** The busiest second of the health routes in the minute after each outage ends, against the day's mean. */
  recovery: Record<'source' | 'target' | 'network', { peakPerSecond: number; timesMean: number }>;
  /** The busiest second of the whole run against the day's mean (target ≤ 2). */
  healthPeakTimesMean: number;
  debtors: LookupDay;
  /** The same day with the lists kept on disk (the default) and a server that sends an ETag for the nicknames (ours does). */
  debtorsKeptOnDisk: LookupDay;
  simulatedSeconds: number;
  wallSeconds: number;
}

export interface LookupDay {
  /** Workstations that open the lookup on a day (one in ten), each three times for 20 minutes. */
  users: number;
  fullLoads: number;
  /** Full loads of the same lists by a workstation that already loaded them today. */
  repeatFullLoads: number;
  fullLoadBytes: number;
  deltaBytes: number;
  /** Whole reloads of the nicknames (they have no filter) on opens more than half an hour apart. */
  nicknamesBytes: number;
}

/**
 * The debtors service's day: each lookup user opens the window three times at random in an
 * 8.5-hour day, 20 minutes each. Opening loads everything if the data was cleared (closed longer
 * than `idleClearMinutes`), else only a delta; while open, a delta every 5 minutes.
 */
export function lookupDay(
  workstations: number,
  sizes: LookupSizes,
  idleClearMinutes: number,
  seed = 1,
  /** The lists kept on disk (lookup.keepOnDisk): every open starts from them, a delta. */
  keptOnDisk = false,
  /** The server sends an ETag for the nicknames: an unchanged list's reload is a 304 (about 300 bytes). */
  conditional = false,
): LookupDay {
  const random = createRandom(seed);
  const users = Math.round(workstations / 10);
  const day: LookupDay = { users, fullLoads: 0, repeatFullLoads: 0, fullLoadBytes: 0, deltaBytes: 0, nicknamesBytes: 0 };
  for (let user = 0; user < users; user++) {
    const opens = [0, 1, 2].map(() => random.next() * (WORKDAY_MS - 20 * MINUTE)).sort((a, b) => a - b);
    let closedAt: number | null = null;
    let nicknamesAt = -Infinity; // yesterday's, when kept on disk
    for (const openedAt of opens) {
      const cleared = !keptOnDisk && (closedAt === null || openedAt - closedAt > idleClearMinutes * MINUTE);
      if (cleared) {
        day.fullLoads++;
        if (closedAt !== null) day.repeatFullLoads++;
        day.fullLoadBytes += sizes.fullLoadBytes;
        nicknamesAt = openedAt;
      } else {
        day.deltaBytes += sizes.deltaBytes;
        if (openedAt - nicknamesAt >= NICKNAMES_EVERY_MS) {
          day.nicknamesBytes += conditional ? NOT_MODIFIED_BYTES : sizes.nicknamesBytes;
          nicknamesAt = openedAt;
        }
      }
      day.deltaBytes += 3 * sizes.deltaBytes; // at 5, 10 and 15 minutes
      closedAt = Math.max(closedAt ?? 0, openedAt + 20 * MINUTE);
    }
  }
  return day;
}

export async function fleetBench(
  workstations: number,
  sizes: LookupSizes,
  {
    pollIntervalSeconds = defaultPreferences().monitoring.pollIntervalSeconds,
    idleClearMinutes = defaultPreferences().lookup.idleClearMinutes,
  } = {},
): Promise<FleetFigures> {
  const started = performance.now();
  const clock = createFleetClock(DAY_START);
  const random = createRandom(workstations);
  const seconds = (DAY_END - DAY_START) / 1000;
  const counts = new Map<Route, Int32Array>();
  const count = (route: Route) => {
    let perSecond = counts.get(route);
    if (!perSecond) counts.set(route, (perSecond = new Int32Array(seconds)));
    perSecond[Math.floor((clock.now() - DAY_START) / 1000)]!++;
  };
  const monitoring = { ...defaultPreferences().monitoring, pollIntervalSeconds };
  const rules = healthRules(monitoring);
  let networkUp = true;
  const fleet = Array.from({ length: workstations }, () => workstation());

  function workstation() {
    const arrives = at(8) + Math.round((random.next() * 2 - 1) * 15 * MINUTE);
    const leaves = arrives + WORKDAY_MS;
    const monitor = createHealthMonitor({
      time: clock,
      rules: () => rules,
      random: random.next,
      isOnline: () => networkUp,
      probe: async (system: HealthSystem): Promise<Probe> => {
        count(`health:${system}`);
        const [from, to] = OUTAGES[system];
        const now = clock.now();
        return now >= from && now < to ? { kind: 'fail', message: 'HTTP 503' } : { kind: 'ok', latencyMs: 40 };
      },
    });
    return { arrives, leaves, monitor };
  }

  function start(station: (typeof fleet)[number]) {
    clock.setTimeout(() => {
      station.monitor.start();
      count('timeclock:punch');
      const refresh = () => {
        if (clock.now() >= station.leaves) return;
        if (networkUp) count('timeclock:lastEvent');
        clock.setTimeout(refresh, 5 * MINUTE);
      };
      refresh();
    }, station.arrives - clock.now());
    clock.setTimeout(() => {
      count('timeclock:punch');
      station.monitor.stop();
    }, station.leaves - clock.now());
  }

  fleet.forEach(start);
  await clock.runUntil(DAY_END, (second) => {
    const now = second * 1000;
    if (now === NETWORK_LOST[0]) networkUp = false;
    if (now === NETWORK_LOST[1]) {
      networkUp = true;
      // The OS says the network is back on every workstation at once: each monitor resets.
      for (const station of fleet) if (now >= station.arrives && now < station.leaves) station.monitor.reset(true);
    }
  });
  for (const station of fleet) station.monitor.stop();
  const lookup = lookupDay(workstations, sizes, idleClearMinutes);
  const keptOnDisk = lookupDay(workstations, sizes, idleClearMinutes, 1, true, true);
  return figures(counts, workstations, pollIntervalSeconds, [lookup, keptOnDisk], seconds, started);
}

function figures(
  counts: Map<Route, Int32Array>,
  workstations: number,
  pollIntervalSeconds: number,
  [lookup, keptOnDisk]: [LookupDay, LookupDay],
  seconds: number,
  started: number,
): FleetFigures {
  const sum = (routes: Route[]) => {
    const total = new Int32Array(seconds);
    for (const route of routes) counts.get(route)?.forEach((value, index) => (total[index] = (total[index] ?? 0) + value));
    return total;
  };
  // From 08:15 every workstation is in: the mean is taken from there.
  const day = (series: Int32Array) => series.subarray((at(8, 15) - DAY_START) / 1000);
  const describe = (series: Int32Array) => {
    const sorted = [...day(series)].sort((a, b) => a - b);
    const mean = sorted.reduce((total, value) => total + value, 0) / sorted.length;
    return {
      meanPerSecond: Math.round(mean * 10) / 10,
      p99PerSecond: sorted[Math.floor(sorted.length * 0.99)] ?? 0,
      peakPerSecond: Math.max(...series),
    };
  };
  const health = sum(['health:source', 'health:target']);
  const healthFigures = describe(health);
  const dayMean = (2 * workstations) / pollIntervalSeconds;
  const ratio = (peak: number) => Math.round((peak / dayMean) * 100) / 100;
  const peakAfter = (endMs: number) => {
    const from = (endMs - DAY_START) / 1000;
    const peak = Math.max(...health.subarray(from, from + 60));
    return { peakPerSecond: peak, timesMean: ratio(peak) };
  };
  return {
    workstations,
    pollIntervalSeconds,
    perService: {
      health: healthFigures,
      timeclock: describe(sum(['timeclock:lastEvent', 'timeclock:punch'])),
    },
    healthDayMeanPerSecond: Math.round(dayMean * 10) / 10,
    recovery: { source: peakAfter(OUTAGES.source[1]), target: peakAfter(OUTAGES.target[1]), network: peakAfter(NETWORK_LOST[1]) },
    healthPeakTimesMean: ratio(healthFigures.peakPerSecond),
    debtors: lookup,
    debtorsKeptOnDisk: keptOnDisk,
    simulatedSeconds: seconds,
    wallSeconds: Math.round((performance.now() - started) / 100) / 10,
  };
}

/**
 * Bytes on the wire for the lookup, from the mock's own data: a full load is the four lists of
 * `debtors` debtors as JSON; a 5-minute delta carries 20 changed debtors with their scores.
 */
export function lookupSizes(debtors: number): LookupSizes {
  const data = generateDebtorsDataset({ debtors, seed: 7, referenceTime: Date.UTC(2026, 10, 23) });
  const lists = [data.debtors, data.creditScores, data.bureauScores, data.nicknames];
  const fullLoadBytes = lists.reduce((total, list) => total + Buffer.byteLength(JSON.stringify(list)), 0);
  const perDebtor = fullLoadBytes / debtors;
  const nicknamesBytes = Buffer.byteLength(JSON.stringify(data.nicknames));
  return { fullLoadBytes, deltaBytes: Math.round(20 * perDebtor + 4 * 200), nicknamesBytes };
}
