/**
 * The whole-app tests' driver on the REAL Electron (npm run test:electron): the same operations as
 * the stand-in's driver (testing/electron-stand-in/driver.ts), over Playwright's Electron support —
 * `_electron.launch` starts Electron with harness.cjs as its main script, which records what the app
 * shows outside its windows and loads the built main bundle; windows are Playwright's own pages.
 *
 * UNVERIFIED HERE: Electron's binary cannot be installed where this was written (see README,
 * "The real Electron"); .github/workflows/electron.yml runs it on Windows, macOS and Linux.
 */
import { fileURLToPath } from 'node:url';
import { _electron, type ElectronApplication, type Page } from 'playwright-core';
import type { Report } from '../electron-stand-in/control.ts';
import type { LaunchOptions } from '../launch-options.ts';
import { personOperations } from '../app-operations.ts';

const harness = fileURLToPath(new URL('./harness.cjs', import.meta.url));
const mainBundle = fileURLToPath(new URL('../../../dist/main/main.js', import.meta.url));
const WAIT_MS = 45_000;

type Harnessed = { __timeclockTest: { call(op: string, ...args: unknown[]): Promise<unknown>; reports(): Report[] } };

/** `executable`: Electron's binary, or the packaged app's (the workflow tests what it packaged). */
export async function launchOnElectron(options: LaunchOptions, executable: string) {
  // A packaged app (TIMECLOCK_ELECTRON_PACKAGED=1) was built with the harness as its main script and
  // takes no script argument; Electron's own binary is given the harness and the built bundle.
  const packaged = process.env.TIMECLOCK_ELECTRON_PACKAGED === '1';
  const electronApp: ElectronApplication = await _electron.launch({
    executablePath: executable,
    args: [...(packaged ? [] : [harness]), ...(options.args ?? [])],
    env: {
      ...(process.env as Record<string, string>),
      ...options.env,
      TIMECLOCK_USER_DATA: options.dataDir,
      ...(packaged ? {} : { TIMECLOCK_MAIN_BUNDLE: options.mainBundle ?? mainBundle }),
    },
  });
  const output: string[] = [];
  electronApp.process().stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  electronApp.process().stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<number | null>((resolve) => electronApp.process().on('exit', (code) => resolve(code)));
  const reports: Report[] = [];
  let running = true;
  void exited.then(() => (running = false));

  const call = async <T = unknown>(op: string, ...args: unknown[]): Promise<T> =>
    (await electronApp.evaluate(
      (_electron, [name, values]) => (globalThis as unknown as Harnessed).__timeclockTest.call(name, ...values),
      [op, args] as [string, unknown[]],
    )) as T;
  /** The harness's reports, copied here (the tests read `reports` as the stand-in's driver keeps it). */
  async function refreshReports(): Promise<void> {
    if (!running) return;
    const all = await electronApp
      .evaluate(() => (globalThis as unknown as Harnessed).__timeclockTest.reports())
      .catch(() => null);
    if (all) reports.splice(0, reports.length, ...all);
  }
  async function reported(name: string, match: (detail: never) => boolean = () => true, timeoutMs = WAIT_MS) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      await refreshReports();
      const found = reports.find((entry) => entry.report === name && match(entry.detail as never));
      if (found) return found.detail;
      if (Date.now() > deadline || !running) throw new Error(`The app never reported "${name}":\n${output.join('')}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  async function window(name: string, timeoutMs = WAIT_MS): Promise<Page> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const page = electronApp.windows().find((candidate) => candidate.url().includes(`/${name}.html`));
      if (page) {
        await page.waitForLoadState();
        return page;
      }
      if (Date.now() > deadline) throw new Error(`No ${name} window opened; pages: ${electronApp.windows().map((p) => p.url())}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  const app = {
    child: electronApp.process(),
    exited,
    reports,
    output,
    call,
    reported,
    window,
    ...personOperations(call),
    async quit(timeoutMs = 15_000): Promise<number | null> {
      await call('tray-click', 'Quit Timeclock Tray');
      const timer = new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), timeoutMs));
      const outcome = await Promise.race([exited, timer]);
      if (outcome === 'still running') {
        await electronApp.close();
        throw new Error(`The app did not end after Quit. Its last output:\n${output.join('').slice(-2_000)}`);
      }
      return outcome;
    },
    async kill(): Promise<void> {
      if (running) await electronApp.close().catch(() => {});
    },
  };
  await reported(options.until ?? 'tray-created', () => true, 60_000);
  return app;
}
