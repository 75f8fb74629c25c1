/**
 * `npm run bench` — every figure of the benchmark issue, measured side by side in one run, against
 * its budget. `npm run bench -- --json` prints one JSON object instead of the table. A benchmark,
 * not a test: it never fails a build; over-budget figures are marked.
 */
import { writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { clockBench } from './clock-bench.ts';
import { underCpuLoad } from './cpu-load.ts';
import { runFleet } from './fleet-run.ts';
import { footprintBench } from './footprint-bench.ts';
import { runChaos } from '../../testing/health-chaos.ts';
import { h2Bench } from './h2-bench.ts';
import { healthBench } from './health-bench.ts';
import { listBench } from './list-bench.ts';
import { listMemoryBench } from './list-memory-bench.ts';
import { APP_ENGINE, searchBench } from './search-bench.ts';
import { fullLoadBench, syncBench } from './sync-bench.ts';
import { sessionBench } from './session-bench.ts';

/** --json prints one JSON object on stdout (use `npm run -s` to leave out npm's own banner); --json=FILE writes it there. */
const jsonArgument = process.argv.find((argument) => argument === '--json' || argument.startsWith('--json='));
const json = jsonArgument !== undefined;
const jsonFile = jsonArgument?.startsWith('--json=') ? jsonArgument.slice('--json='.length) : null;
const quick = process.argv.includes('--quick');
const say = (line: string) => !json && console.error(line);

const fleetArgument = process.argv.find((argument) => argument === '--fleet' || argument.startsWith('--fleet='));
if (fleetArgument) {
  const sizes = fleetArgument.includes('=') ? fleetArgument.split('=')[1]!.split(',').map(Number) : [1_000, 5_000, 20_000];
  const figures = await runFleet(sizes, json && !jsonFile);
  if (jsonFile) writeFileSync(jsonFile, `${JSON.stringify(figures, null, 2)}\n`);
  process.exit(0);
}

if (process.argv.includes('--h2')) {
  const figures = await h2Bench(quick ? 20_000 : 100_000, quick ? 2 : 5);
  if (jsonFile) writeFileSync(jsonFile, `${JSON.stringify(figures, null, 2)}\n`);
  else console.log(JSON.stringify(figures, null, 2));
  process.exit(0);
}

say('Search (10k, 100k with peers; 1M the app only)…');
const search = [
  await searchBench(10_000, 5, true),
  await searchBench(100_000, quick ? 1 : 3, true),
  ...(quick ? [] : [await searchBench(1_000_000, 2, false)]),
];
say('Sync (100k debtors over loopback)…');
const sync = await syncBench(100_000, quick ? 1 : 3);
say('Sync again with every core kept busy…');
const syncUnderLoad = await underCpuLoad(() => fullLoadBench(100_000, 1));
say('Results list in Chromium (100k)…');
const list = await listBench(100_000, quick ? 1 : 3);
say('Clock path…');
const clock = await clockBench(quick ? 10 : 30);
say('Clock path again with every core kept busy…');
const clockUnderLoad = await underCpuLoad(() => clockBench(quick ? 10 : 30));
say('Health timeline and heap…');
const health = await healthBench();
say('Health watch under chaos (300 seeded 8-hour timelines)…');
const chaos = await runChaos(300);
say(`Memory for a long list (${quick ? 50 : 200} MB, each in its own process)…`);
const listMemory = listMemoryBench(quick ? 50 : 200);
say('Footprint…');
const footprint = footprintBench(quick ? 2 : 5);
say('One session all day (a working day on a fake clock; start to the tray menu on the stand-in)…');
const session = await sessionBench(quick ? 20_000 : 100_000, quick ? 1 : 3);

const at100k = search.find((figures) => figures.size === 100_000)!;
const app = APP_ENGINE;
const at1m = search.find((figures) => figures.size === 1_000_000);
const bestPeerP95 = Math.min(
  ...Object.entries(at100k.keystroke)
    .filter(([engine]) => engine !== app)
    .map(([, summary]) => summary.p95),
);
const budgets = {
  'search p95 at 100k ≤ 3 ms': at100k.keystroke[app]!.p95 <= 3,
  'search p95 at 100k ≤ 0.4 × the best peer p95': at100k.keystroke[app]!.p95 <= 0.4 * bestPeerP95,
  ...(at1m
    ? { 'search p95 at 1M ≤ 30 ms': at1m.keystroke[app]!.p95 <= 30, 'index build at 1M ≤ 3 s': at1m.buildMs[app]! <= 3_000 }
    : {}),
  'full load of 100k p50 ≤ 1.2 s': sync.fullLoad.p50 <= 1_200,
  'delta of 100 ≤ 50 ms': sync.delta100.p50 <= 50,
  'a client’s book of 5,000 debtors at 100k opens ≤ 100 ms (p50, the first open)': sync.clientBook.first.p50 <= 100,
  'first search on a cached open at 100k ≤ 300 ms (p50)': sync.cachedOpen.timeToFirstSearch.p50 <= 300,
  'frame ≤ 16 ms while scrolling (p95 of intervals ≤ 16.7)': list.frameIntervalWhileScrollingMs.p95 <= 16.7,
  // The lookup issue's form of it: measured against what this machine does with nothing to draw.
  'frame p95 while scrolling ≤ 3 ms over the idle floor':
    list.frameIntervalWhileScrollingMs.p95 <= list.frameIntervalIdleMs.p95 + 3,
  'rows in page bounded (≤ 60)': list.maxRowsInPage <= 60,
  'clock path ≤ 3 ms over raw fetch (p50)': clock.overheadP50Ms <= 3,
  'clock path ≤ 3 ms over raw fetch (p50) also under load (a busy process per core)': clockUnderLoad.overheadP50Ms <= 3,
  'durable write p95 ≤ 2 ms': clock.durableWrite.p95 <= 2,
  'outage notified within 70 s': health.outageToNotificationSeconds >= 0 && health.outageToNotificationSeconds <= 70,
  'no notification for a 20 s blip': health.blip20sNotifications === 0,
  'a long list loads within 3 × its size in memory':
    listMemory.ordinaryIds.timesListSize <= 3 && listMemory.longIds.timesListSize <= 3,
  'the whole lookup (list, index, snapshot) within 3 × the list': listMemory.wholeLookup.timesListSize <= 3,
  'the whole lookup of a score list within 3 × the list': listMemory.wholeLookupOfScores.timesListSize <= 3,
  '… ready within 2 × the debtors list’s time': listMemory.wholeLookupOfScores.seconds <= 2 * listMemory.wholeLookup.seconds,
  'each window ≤ 60 KB gzip': Object.values(footprint.windowsGzipKb).every((kb) => kb <= 60),
  'the whole session with the lookup open at 100k ≤ 250 MB (all threads)': session.withLookup.rssMb <= 250,
  '… back to ≤ 130 MB within a minute of closing it':
    session.aMinuteAfterClosingLookup.rssMb <= 130 && session.aMinuteAfterClosingLookup.lookupState === 'empty',
  '… and after 8 hours of checks and punches': session.afterEightHours.rssMb <= 120,
  'resident memory flat over 8 hours (≤ 2 MB growth)': session.growthOverEightHoursMb <= 2,
  '≤ 2 s of CPU per idle hour': session.cpuSecondsPerIdleHour <= 2,
  'start to the tray menu ≤ 1 s (p50; the app’s own part, the stand-in’s start left out)':
    session.appStartToTrayMenuMs.p50 <= 1_000,
  'start-up impact: ≤ 0.5 s of CPU to the tray menu (p50, every thread)': session.startUpImpact.cpuMs.p50 <= 500,
  '… and ≤ 3 MB of code read from disk': session.startUpImpact.codeMb.max <= 3,
  'heap flat over 2,880 polls (≤ 512 KB growth)': health.heapGrowthOver2880PollsKb <= 512,
  'chaos: no false alarm, no missed outage, none late or while failing':
    chaos.falseAlarms + chaos.missed + chaos.lateDowns + chaos.recoveredWhileFailing === 0,
  'chaos: outage → notification p50 ≤ 45 s, p90 ≤ 70 s, p99 ≤ 120 s, max ≤ 180 s':
    chaos.latencyMs.p50 <= 45_000 &&
    chaos.latencyMs.p90 <= 70_000 &&
    chaos.latencyMs.p99 <= 120_000 &&
    chaos.latencyMs.max <= 180_000,
};
const result = {
  machine: {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? 'unknown',
    memoryGb: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    platform: process.platform,
  },
  date: new Date().toISOString(),
  search,
  sync,
  /** The same with one busy process per core (cpu-load.ts): one full load, one delta. */
  syncUnderLoad,
  list,
  clock,
  clockUnderLoad,
  health,
  chaos,
  listMemory,
  footprint,
  session,
  budgets,
};

if (jsonFile) {
  writeFileSync(jsonFile, `${JSON.stringify(result, null, 2)}\n`);
  console.error(`Figures written to ${jsonFile}.`);
} else if (json) {
  console.log(JSON.stringify(result, null, 2));
} else {
  const row = (name: string, value: string) => console.log(`  ${name.padEnd(46)} ${value}`);
  console.log(
    `\nTimeclock Tray benchmarks — ${result.machine.cpus} × ${result.machine.cpuModel}, ${result.machine.memoryGb} GB, Node ${result.machine.node}\n`,
  );
  for (const figures of search) {
    console.log(`Search, ${figures.size.toLocaleString('en-US')} debtors (keystroke → ranked results, ms)`);
    for (const [engine, summary] of Object.entries(figures.keystroke))
      row(
        engine,
        `p50 ${summary.p50}  p95 ${summary.p95}  (build ${figures.buildMs[engine]} ms${engine === app ? `, ${figures.indexMemoryMb} MB` : ''})`,
      );
    for (const [engine, why] of Object.entries(figures.skipped)) row(engine, why);
  }
  console.log('Sync, 100k debtors (ms)');
  row('full load', `p50 ${Math.round(sync.fullLoad.p50)}  p95 ${Math.round(sync.fullLoad.p95)}`);
  row('… search answers from the debtors after', `p50 ${Math.round(sync.timeToFirstSearch.p50)}`);
  row(
    '… where the time goes (network summed over lists)',
    Object.entries(sync.breakdown)
      .map(([phase, ms]) => `${phase} ${ms}`)
      .join(', '),
  );
  row('delta of 100 changes', `p50 ${Math.round(sync.delta100.p50)}  p95 ${Math.round(sync.delta100.p95)}`);
  row(
    `a client's book (${sync.clientBook.debtors.toLocaleString('en-US')} debtors)`,
    `first ${sync.clientBook.first.p50.toFixed(1)}  again ${sync.clientBook.again.p50.toFixed(1)} ms (p50)`,
  );
  row(
    '… with every core kept busy: full load / first search / delta',
    `${Math.round(syncUnderLoad.fullLoad.p50)} / ${Math.round(syncUnderLoad.timeToFirstSearch.p50)} / ${Math.round(syncUnderLoad.delta100.p50)}`,
  );
  row(
    `cached open (${sync.cachedOpen.fileMegabytes} MB on disk, both files): first search / whole`,
    `p50 ${Math.round(sync.cachedOpen.timeToFirstSearch.p50)} / ${Math.round(sync.cachedOpen.total.p50)}`,
  );
  console.log('Results list in Chromium, 100k');
  row('search → all results on screen (ms)', `p50 ${Math.round(list.showAllResultsMs.p50)}`);
  const frames = (summary: { p50: number; p95: number }) => `p50 ${summary.p50}  p95 ${summary.p95}`;
  row('frame interval while scrolling (ms)', frames(list.frameIntervalWhileScrollingMs));
  row('… the same rows again, already fetched', frames(list.frameIntervalScrollingFetchedMs));
  row('… no scrolling at all (the floor here)', frames(list.frameIntervalIdleMs));
  row('rows in the page (max)', String(list.maxRowsInPage));
  console.log('Clock (ms)');
  row('app punch (outbox + request + state)', `p50 ${clock.appPunch.p50}  p95 ${clock.appPunch.p95}`);
  row('raw fetch of the same request', `p50 ${clock.rawFetch.p50}  p95 ${clock.rawFetch.p95}`);
  row(
    '… with every core kept busy: app punch / raw fetch',
    `p50 ${clockUnderLoad.appPunch.p50} / ${clockUnderLoad.rawFetch.p50}`,
  );
  row('durable write', `p50 ${clock.durableWrite.p50}  p95 ${clock.durableWrite.p95}`);
  console.log('Health (simulated timeline)');
  row('outage → notification (s)', String(health.outageToNotificationSeconds));
  row('notifications for a 20 s blip', String(health.blip20sNotifications));
  row('flapping: confirmed changes / notifications', `${health.flapping.confirmedChanges} / ${health.flapping.notifications}`);
  row('recovery → notification (s)', String(health.recoveryToNotificationSeconds));
  row('heap growth over 2,880 polls (KB)', String(health.heapGrowthOver2880PollsKb));
  console.log(`Health under chaos (${chaos.timelines} seeded 8-hour timelines)`);
  row('false alarms / missed outages', `${chaos.falseAlarms} / ${chaos.missed}`);
  row(
    'downs told after the failure ended / recoveries told while failing',
    `${chaos.lateDowns} / ${chaos.recoveredWhileFailing}`,
  );
  const s = (ms: number) => `${Math.round(ms / 1000)} s`;
  row(
    'outage → notification',
    `p50 ${s(chaos.latencyMs.p50)}  p90 ${s(chaos.latencyMs.p90)}  p99 ${s(chaos.latencyMs.p99)}  max ${s(chaos.latencyMs.max)}`,
  );
  console.log(`Memory for a ${listMemory.ordinaryIds.listMb} MB list (peak added, MB)`);
  const listRuns: Record<keyof typeof listMemory, string> = {
    ordinaryIds: 'debtors, ordinary ids',
    longIds: 'debtors, ids beyond 2^53',
    scoreList: 'credit scores',
    wholeLookup: 'the whole lookup of the debtors',
    wholeLookupOfScores: 'the whole lookup of the credit scores',
  };
  for (const [run, figures] of Object.entries(listMemory) as Array<[keyof typeof listMemory, (typeof listMemory)['wholeLookup']]>)
    row(
      listRuns[run],
      `${figures.peakAddedMb} (${figures.timesListSize} × the list, ${figures.records.toLocaleString('en-US')} records, ${figures.seconds} s)`,
    );
  console.log('Footprint');
  row(
    'windows, JS + CSS gzip (KB)',
    Object.entries(footprint.windowsGzipKb)
      .map(([window, kb]) => `${window} ${kb}`)
      .join(', '),
  );
  row('core chunk cold load in Node (ms)', `p50 ${Math.round(footprint.coreColdLoad.p50)}`);
  console.log(`One session all day (MB resident: the app bundled, in Node; Node alone ${session.nodeRssMb})`);
  row(
    'after start / after 8 h / lookup open / a minute after closing it',
    [session.afterStart, session.afterEightHours, session.withLookup, session.aMinuteAfterClosingLookup]
      .map((figure) => figure.rssMb)
      .join(' / '),
  );
  row('growth over 8 hours (resident / heap)', `${session.growthOverEightHoursMb} / ${session.heapGrowthOverEightHoursMb}`);
  row('CPU per idle hour (s) / wake-ups per idle minute', `${session.cpuSecondsPerIdleHour} / ${session.wakeUpsPerIdleMinute}`);
  row(
    'start to the tray menu, stand-in (ms): whole / the app’s own part',
    `p50 ${Math.round(session.startToTrayMenuMs.p50)} / ${Math.round(session.appStartToTrayMenuMs.p50)}`,
  );
  row(
    'start-up impact: CPU (ms) / code read (MB), p50',
    `${Math.round(session.startUpImpact.cpuMs.p50)} / ${session.startUpImpact.codeMb.p50.toFixed(2)}`,
  );
  console.log('Budgets');
  for (const [budget, met] of Object.entries(budgets)) row(budget, met ? 'met' : 'MISSED');
}
process.exit(0);
