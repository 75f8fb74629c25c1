/**
 * `npm run bench -- --fleet` (or `--fleet=1000,5000`): the fleet simulation for each size, as a
 * table with the targets, or one JSON object with --json.
 */
import { fleetBench, lookupSizes, type FleetFigures } from './fleet-bench.ts';

export async function runFleet(
  sizes: number[],
  json: boolean,
): Promise<{ lookup: ReturnType<typeof lookupSizes>; fleets: FleetFigures[] }> {
  const lookup = lookupSizes(100_000);
  const fleets: FleetFigures[] = [];
  for (const size of sizes) {
    if (!json) console.error(`Fleet of ${size.toLocaleString('en-US')} workstations…`);
    fleets.push(await fleetBench(size, lookup));
  }
  if (json) console.log(JSON.stringify({ lookup, fleets }, null, 2));
  else print(lookup, fleets);
  return { lookup, fleets };
}

function print(lookup: ReturnType<typeof lookupSizes>, fleets: FleetFigures[]): void {
  const row = (name: string, value: string) => console.log(`  ${name.padEnd(52)} ${value}`);
  const mb = (bytes: number) =>
    bytes < 1e6
      ? `${Math.round(bytes / 1e3).toLocaleString('en-US')} kB`
      : `${(bytes / 1e6).toLocaleString('en-US', { maximumFractionDigits: 1 })} MB`;
  console.log(`\nLookup at 100,000 debtors: full load ${mb(lookup.fullLoadBytes)}, 5-minute delta ${mb(lookup.deltaBytes)}`);
  for (const fleet of fleets) {
    console.log(
      `\nFleet of ${fleet.workstations.toLocaleString('en-US')} (poll every ${fleet.pollIntervalSeconds} s; simulated in ${fleet.wallSeconds} s)`,
    );
    for (const [service, rate] of Object.entries(fleet.perService))
      row(`${service} requests/s`, `mean ${rate.meanPerSecond}  p99 ${rate.p99PerSecond}  peak ${rate.peakPerSecond}`);
    row('health: mean over a working day (requests/s)', String(fleet.healthDayMeanPerSecond));
    for (const [what, peak] of Object.entries(fleet.recovery))
      row(`health: busiest second in the minute after the ${what} outage`, `${peak.peakPerSecond} (${peak.timesMean}× the mean)`);
    row(
      'health: busiest second of the run (target ≤ 2× the mean)',
      `${fleet.healthPeakTimesMean}× ${fleet.healthPeakTimesMean <= 2 ? 'met' : 'MISSED'}`,
    );
    const { debtors } = fleet;
    row(
      'debtors: lookup users, full loads a day (repeats)',
      `${debtors.users}, ${debtors.fullLoads} (${debtors.repeatFullLoads}) ${debtors.repeatFullLoads === 0 ? 'met' : 'MISSED'}`,
    );
    const bytes = (day: typeof debtors) =>
      `${mb(day.fullLoadBytes)} / ${mb(day.deltaBytes)} / ${mb(day.nicknamesBytes)} (${mb(
        (day.fullLoadBytes + day.deltaBytes + day.nicknamesBytes) / Math.max(1, day.users),
      )} per lookup user)`;
    row('debtors: bytes a day, full loads / deltas / nicknames', bytes(debtors));
    row('debtors: the same, lists kept on disk, nicknames by ETag', bytes(fleet.debtorsKeptOnDisk));
  }
}
