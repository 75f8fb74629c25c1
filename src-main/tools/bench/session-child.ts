/**
 * One employee's session in a process of its own, for the footprint figures (issue 52, point 1):
 * the real core (clock, health watch, lookup) on a fake clock against the mock in another process,
 * so that only the app's memory and CPU are counted. Prints one JSON object. session-bench.ts runs
 * it bundled, as the app's code is (no TypeScript loader in the process), with the lookup in the
 * built worker file, as the app runs it:
 *
 *   node --expose-gc dist/bench/session-child.mjs <mock url> [<lookup worker file>]
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createFakeClock, runClockUntil } from '../../testing/fake-clock.ts';
import { createTestCore } from '../../testing/test-core.ts';

const url = process.argv[2]!;
const lookupWorker = process.argv[3] ? pathToFileURL(process.argv[3]) : false;
const HOUR = 3_600_000;
const start = new Date(2026, 10, 23, 7, 0).getTime();
const clock = createFakeClock(start);
let wakeUps = 0;
const fireNext = clock.fireNext.bind(clock);
clock.fireNext = () => {
  wakeUps++;
  return fireNext();
};

const megabytes = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10;
/** Memory after a full collection: what stays, not what waits to be collected. */
function memory() {
  (globalThis as { gc?: () => void }).gc?.();
  const usage = process.memoryUsage();
  return { rssMb: megabytes(usage.rss), heapUsedMb: megabytes(usage.heapUsed), heapTotalMb: megabytes(usage.heapTotal) };
}

const core = createTestCore(
  { timeclockBaseUrl: `${url}/timeclock`, debtorsBaseUrl: `${url}/debtors` },
  { time: clock, dataDir: mkdtempSync(join(tmpdir(), 'session-bench-')), undoSeconds: 10, lookupWorker },
);
core.environments.save({ ...core.environments.get('mock')!.environment, employeeId: 'E1002' });
core.clock.start();
core.health.start();
const runUntil = (end: number) =>
  runClockUntil(clock, end, async () => {
    await core.clock.flush();
    await core.health.flush();
  });
const at = (hours: number, minutes = 0) => start + hours * HOUR + minutes * 60_000;

await runUntil(at(0, 5));
const afterStart = memory();
// A working day: in at 8:00, a break at 12:00–12:30, out at 17:00; health every 25 s throughout.
await runUntil(at(1));
await core.clock.toggle('tray');
const afterFirstHour = memory();
// An idle hour measured alone: only the timers' work (health checks, reminders, the clock's refresh).
await runUntil(at(2));
const cpuBefore = process.cpuUsage();
const wakeUpsBefore = wakeUps;
await runUntil(at(3));
const cpu = process.cpuUsage(cpuBefore);
const idleHourWakeUps = wakeUps - wakeUpsBefore;
await runUntil(at(5));
await core.clock.takeBreak('tray');
await runUntil(at(5, 30));
await core.clock.toggle('tray');
await runUntil(at(10));
await core.clock.toggle('tray');
await runUntil(at(10, 5));
const afterEightHours = memory();

// The lookup opened, loaded and searched (its lists kept on disk, as by default), then closed: its
// threads end after 30 s (lookup-service.ts), and what a minute later is what the session costs again.
await core.vault.unlock();
core.lookup.windowOpened();
await core.lookup.refresh(true);
await core.lookup.search('mountain', { key: 'relevance', descending: false });
const lookupDebtors = core.lookup.status().counts.debtors;
const withLookup = memory();
core.lookup.windowClosed();
await runUntil(clock.now() + 60_000);
// The threads end in real time once the fake clock's timer fired: waited for, up to 10 s.
for (let waited = 0; core.lookup.status().state !== 'empty' && waited < 10_000; waited += 50)
  await new Promise((resolve) => setTimeout(resolve, 50));
const aMinuteAfterClosingLookup = { ...memory(), lookupState: core.lookup.status().state };

console.log(
  JSON.stringify({
    afterStart,
    afterFirstHour,
    afterEightHours,
    withLookup,
    aMinuteAfterClosingLookup,
    growthOverEightHoursMb: Math.round((afterEightHours.rssMb - afterFirstHour.rssMb) * 10) / 10,
    heapGrowthOverEightHoursMb: Math.round((afterEightHours.heapUsedMb - afterFirstHour.heapUsedMb) * 10) / 10,
    cpuSecondsPerIdleHour: Math.round(((cpu.user + cpu.system) / 1e6) * 100) / 100,
    wakeUpsPerIdleMinute: Math.round((idleHourWakeUps / 60) * 10) / 10,
    lookupDebtors,
  }),
);
core.health.stop();
core.clock.stop();
process.exit(0);
