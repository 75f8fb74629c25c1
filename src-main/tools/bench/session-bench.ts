/**
 * Figure 7 (issue 52, point 1): the footprint of one session, all day — what fifty employees on a
 * terminal server, or a laptop's ten hours in the tray, cost. The core runs in a process of its
 * own (session-child.ts, bundled as the app's code is, so no TypeScript loader is counted; the
 * lookup in the built worker file) on a fake clock through a working day against the mock in
 * another process; the built app starts on the Electron stand-in for the time to its tray menu.
 */
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchApp } from '../../testing/electron-stand-in/driver.ts';
import { summarise, type Summary } from './stats.ts';
import { mockProcess } from './sync-bench.ts';

const child = fileURLToPath(new URL('./session-child.ts', import.meta.url));
const dist = new URL('../../../dist/', import.meta.url);
const MEASURE_RSS = 'globalThis.gc(); console.log(Math.round(process.memoryUsage().rss / 2 ** 20 * 10) / 10)';

interface MemoryFigure {
  rssMb: number;
  heapUsedMb: number;
  /** The heap V8 has taken from the system, used or not. */
  heapTotalMb: number;
}

export interface SessionFigures {
  /** Node alone, nothing loaded (a real main process adds Electron's own to the app's share). */
  nodeRssMb: number;
  afterStart: MemoryFigure;
  afterFirstHour: MemoryFigure;
  afterEightHours: MemoryFigure;
  /** The lookup open on the debtors, loaded and searched: every thread of the session. */
  withLookup: MemoryFigure;
  /** A minute after the lookup's window closed (its threads end after 30 s with the lists kept on disk); its state then. */
  aMinuteAfterClosingLookup: MemoryFigure & { lookupState: string };
  growthOverEightHoursMb: number;
  heapGrowthOverEightHoursMb: number;
  cpuSecondsPerIdleHour: number;
  wakeUpsPerIdleMinute: number;
  lookupDebtors: number;
  /** The built app on the stand-in: process start → its tray has a menu. */
  startToTrayMenuMs: Summary;
  /** The same without the stand-in's own start (Node, its TypeScript loader and its emulation): the app's bundle loading → the menu. */
  appStartToTrayMenuMs: Summary;
  /**
   * Start-up impact as Windows' Task Manager judges it ("High" above 1 s of CPU or 3 MB of disk I/O
   * at start): the app's own part, from its bundle's load to its tray menu — the CPU time of every
   * thread, and the code files it loaded (its bundle and the libraries it loads from node_modules).
   */
  startUpImpact: { cpuMs: Summary; codeMb: Summary };
  /** The stand-in's app process, its tray up (Linux /proc; null elsewhere). */
  standInRssAfterStartMb: number | null;
}

/** Resident memory of a process, from /proc (Linux). */
function rssOf(pid: number): number | null {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
    return line ? Math.round((Number(line[1]) / 1024) * 10) / 10 : null;
  } catch {
    return null;
  }
}

/** What the stand-in reports with the first tray menu (desktop.ts): the app's own part of the start. */
interface AppStart {
  appMs: number;
  appCpuMs: number;
  appCodeBytes: number;
}

async function startToTray(runs: number): Promise<{ times: number[]; appStarts: AppStart[]; rss: number | null }> {
  const times: number[] = [];
  const appStarts: AppStart[] = [];
  let rss: number | null = null;
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    const app = await launchApp({
      dataDir: mkdtempSync(join(tmpdir(), 'tray-bench-')),
      until: 'tray-menu',
      // As the app ships: no source maps read (the stand-in's TypeScript loader turns them on).
      env: { TIMECLOCK_STANDIN_SOURCE_MAPS: 'off' },
    });
    times.push(performance.now() - started);
    const menu = app.reports.find((entry) => entry.report === 'tray-menu')?.detail as AppStart | undefined;
    if (menu) appStarts.push(menu);
    // Settled a little (the first health checks), as a person would find it.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    rss = app.child.pid === undefined ? null : rssOf(app.child.pid);
    await app.quit();
  }
  return { times, appStarts, rss };
}

/** The session child as one file beside the built app, its packages left to node_modules (as the app's bundle leaves them). */
async function bundledChild(): Promise<string> {
  const outfile = fileURLToPath(new URL('bench/session-child.mjs', dist));
  await build({
    entryPoints: [child],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outfile,
    logLevel: 'warning',
  });
  return outfile;
}

function startUpImpactOf(starts: AppStart[]): SessionFigures['startUpImpact'] {
  return {
    cpuMs: summarise(starts.map((start) => start.appCpuMs)),
    codeMb: summarise(starts.map((start) => start.appCodeBytes / 2 ** 20)),
  };
}

export async function sessionBench(debtors: number, trayRuns: number): Promise<SessionFigures> {
  const mock = mockProcess(debtors);
  try {
    const url = await mock.url;
    const nodeRssMb = Number(execFileSync(process.execPath, ['--expose-gc', '-e', MEASURE_RSS], { encoding: 'utf8' }).trim());
    const worker = fileURLToPath(new URL('main/lookup-worker.js', dist));
    const output = execFileSync(process.execPath, ['--expose-gc', await bundledChild(), url, worker], {
      encoding: 'utf8',
      maxBuffer: 2 ** 20,
    });
    type Measured = Omit<
      SessionFigures,
      'startToTrayMenuMs' | 'appStartToTrayMenuMs' | 'startUpImpact' | 'standInRssAfterStartMb' | 'nodeRssMb'
    >;
    const session = { ...(JSON.parse(output.trim().split('\n').at(-1)!) as Measured), nodeRssMb };
    const tray = await startToTray(trayRuns);
    return {
      ...session,
      startToTrayMenuMs: summarise(tray.times),
      appStartToTrayMenuMs: summarise(tray.appStarts.map((start) => start.appMs)),
      startUpImpact: startUpImpactOf(tray.appStarts),
      standInRssAfterStartMb: tray.rss,
    };
  } finally {
    mock.stop();
  }
}
