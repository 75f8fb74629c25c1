/**
 * Launches the built app (`dist/main/main.js`) on the Electron stand-in in a child process and
 * drives it as a user would: the tray menu, notifications, dialogs, and the windows themselves,
 * which are real Chromium pages reached over DevTools. Used by the whole-app tests and by
 * `npm run try`.
 */
import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { Command, Reply, Report } from './control.ts';
import { launchOnElectron } from '../electron-real/driver.ts';
import type { LaunchOptions } from '../launch-options.ts';
import { personOperations } from '../app-operations.ts';

const mainBundle = fileURLToPath(new URL('../../../dist/main/main.js', import.meta.url));
const register = fileURLToPath(new URL('./register.mjs', import.meta.url));
/**
 * How long a test waits for the app to show or report something: generous, as a loaded 2-core CI
 * machine once took over 20 s to open a window; a passing run never waits this long.
 */
export const WAIT_MS = 45_000;

export type RunningApp = Awaited<ReturnType<typeof launchOnStandIn>>;

// Over 80 lines on purpose: test support: the driver's operations over one app process and one
// browser connection, each short (the longest 25 lines).
export async function launchApp(options: LaunchOptions) {
  // npm run test:electron: the same tests on the real Electron (testing/electron-real/, unverified here).
  const realElectron = process.env.TIMECLOCK_E2E_ELECTRON;
  if (realElectron)
    return (await launchOnElectron(options, realElectron)) as unknown as Awaited<ReturnType<typeof launchOnStandIn>>;
  return launchOnStandIn(options);
}

async function launchOnStandIn(options: LaunchOptions) {
  const bundle = options.mainBundle ?? mainBundle;
  if (!existsSync(bundle)) throw new Error(`No built app at ${bundle}: run "npm run build" first (npm test does).`);
  const child = fork(bundle, options.args ?? [], {
    execArgv: ['--import', register],
    env: {
      ...process.env,
      ...options.env,
      TIMECLOCK_STANDIN_USER_DATA: options.dataDir,
      TIMECLOCK_STANDIN_SAFE_STORAGE: options.safeStorage ?? 'strong',
    },
    stdio: options.inheritOutput ? 'inherit' : ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const reports: Report[] = [];
  const waiting = new Map<number, (reply: Reply) => void>();
  /**
   * One DevTools connection, made as soon as the app's Chromium is up and before any window's page
   * exists (the stand-in waits for it): a connection made while a page was being created could
   * leave that page waiting on it, seen as "No … window opened" with nothing opened at all.
   */
  let connected: Promise<Browser | null> | null = null;
  const connect = async (cdp: string) => {
    const browser = await chromium.connectOverCDP(cdp);
    await call('devtools-connected');
    return browser;
  };
  child.on('message', (message: Reply | Report) => {
    if (!('report' in message)) return void waiting.get(message.id)?.(message);
    reports.push(message);
    if (message.report === 'chromium') connected ??= connect((message.detail as { cdp: string }).cdp).catch(() => null);
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  let nextId = 1;
  const disconnect = async () => {
    await (await connected)?.close().catch(() => {});
  };

  async function call<T = unknown>(op: string, ...args: unknown[]): Promise<T> {
    if (!child.connected) throw new Error(`The app is not running (asked for "${op}"). Its output:\n${output.join('')}`);
    const id = nextId++;
    const reply = await new Promise<Reply>((resolve) => {
      waiting.set(id, resolve);
      child.send({ id, op, args } satisfies Command);
    });
    waiting.delete(id);
    if (!reply.ok) throw new Error(reply.error);
    return reply.value as T;
  }

  /** Waits until the app reported `name` (matching `match`), for up to `timeoutMs`. */
  async function reported(name: string, match: (detail: never) => boolean = () => true, timeoutMs = WAIT_MS) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = reports.find((entry) => entry.report === name && match(entry.detail as never));
      if (found) return found.detail;
      if (Date.now() > deadline)
        throw new Error(
          `The app never reported "${name}". Reports: ${JSON.stringify(reports.map((entry) => entry.report))}\n${output.join('')}`,
        );
      if (child.exitCode !== null)
        throw new Error(`The app exited (${child.exitCode}) before reporting "${name}":\n${output.join('')}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** The Chromium page of an open window (panel, status, settings, welcome, lookup); a failure lists what was seen. */
  async function window(name: string, timeoutMs = WAIT_MS): Promise<Page> {
    await reported('chromium');
    const devtools = await connected;
    if (!devtools) throw new Error(`No DevTools connection to the app's Chromium:\n${output.join('')}`);
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const page = devtools
        .contexts()
        .flatMap((context) => context.pages())
        .find((candidate) => new URL(candidate.url()).pathname === `/${name}.html`);
      if (page) {
        await page.waitForLoadState();
        return page;
      }
      if (Date.now() > deadline) {
        const opened = reports.filter((entry) => entry.report === 'window-opened').map((entry) => entry.detail);
        const seen = devtools.contexts().flatMap((context) => context.pages().map((candidate) => candidate.url()));
        const dialogs = reports.filter((entry) => entry.report === 'dialog').map((entry) => entry.detail);
        throw new Error(
          `No ${name} window opened. Windows the app reported opening: ${JSON.stringify(opened)}; pages seen: ${JSON.stringify(seen)}. Reports: ${JSON.stringify(reports.map((entry) => entry.report))}; dialogs: ${JSON.stringify(dialogs)}. Its last output:\n${output.join('').slice(-2_000)}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  const app = {
    child,
    exited,
    reports,
    output,
    call,
    reported,
    window,
    ...personOperations(call),
    /** Quits from the tray menu and waits for the process to end by itself. */
    async quit(timeoutMs = 15_000): Promise<number | null> {
      await disconnect();
      await call('tray-click', 'Quit Timeclock Tray');
      const timer = new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), timeoutMs));
      const outcome = await Promise.race([exited, timer]);
      if (outcome === 'still running') {
        child.kill('SIGKILL');
        throw new Error(
          `The app did not end after Quit: something (a timer, a server, a socket) was left running. Its last output:\n${output.join('').slice(-2_000)}`,
        );
      }
      return outcome;
    },
    async kill(): Promise<void> {
      await disconnect();
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
  // Started when the tray exists (the app's last step before it waits for the user).
  await reported(options.until ?? 'tray-created', () => true, 60_000);
  return app;
}
