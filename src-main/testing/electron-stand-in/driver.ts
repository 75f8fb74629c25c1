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

const mainBundle = fileURLToPath(new URL('../../../dist/main/main.js', import.meta.url));
const register = fileURLToPath(new URL('./register.mjs', import.meta.url));
/**
 * How long a test waits for the app to show or report something: generous, as a loaded 2-core CI
 * machine once took over 20 s to open a window; a passing run never waits this long.
 */
export const WAIT_MS = 45_000;

export interface MenuEntry {
  type: string;
  label: string;
  enabled: boolean;
  checked: boolean;
  items?: MenuEntry[];
}
export interface TrayState {
  image: string;
  tooltip: string;
  title: string;
  menu: MenuEntry[];
}

export interface LaunchOptions {
  /** The app's data folder (Electron's userData): launching again on it is a restart. */
  dataDir: string;
  safeStorage?: 'strong' | 'basic_text';
  /** Extra environment (an admin file location, say). */
  env?: Record<string, string>;
  /** Show the app's own output (for `npm run try`). */
  inheritOutput?: boolean;
}

export type RunningApp = Awaited<ReturnType<typeof launchApp>>;

// Over 80 lines on purpose: test support: the driver's operations over one app process and one
// browser connection, each short (the longest 25 lines).
export async function launchApp(options: LaunchOptions) {
  if (!existsSync(mainBundle)) throw new Error(`No built app at ${mainBundle}: run "npm run build" first (npm test does).`);
  const child = fork(mainBundle, [], {
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
  child.on('message', (message: Reply | Report) => {
    if ('report' in message) reports.push(message);
    else waiting.get(message.id)?.(message);
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  let nextId = 1;
  let devtools: Browser | null = null;
  /** Connections replaced by a fresh one (see window()); closed with the last. */
  const earlierConnections: Browser[] = [];
  const disconnect = async () => {
    for (const connection of [...earlierConnections.splice(0), devtools]) await connection?.close().catch(() => {});
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

  /**
   * The Chromium page of an open window (panel, status, settings, welcome, lookup). A DevTools
   * connection made while a page is being created can miss that page for good (three tests once
   * failed with "No … window opened" when their first look came right after a tray click), so a
   * page not found within 3 s makes it connect afresh, and the failure lists what was seen.
   */
  async function window(name: string, timeoutMs = WAIT_MS): Promise<Page> {
    const { cdp } = (await reported('chromium')) as { cdp: string };
    devtools ??= await chromium.connectOverCDP(cdp);
    const deadline = Date.now() + timeoutMs;
    let connectedAt = Date.now();
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
        throw new Error(
          `No ${name} window opened. Windows the app reported opening: ${JSON.stringify(opened)}; pages seen: ${JSON.stringify(seen)}.`,
        );
      }
      // Not there yet: connect afresh now and then, whether or not the app has said it opened it
      // (a busy machine can take seconds to report, and a connection may have missed the page).
      if (Date.now() - connectedAt > 3_000) {
        earlierConnections.push(devtools);
        devtools = await chromium.connectOverCDP(cdp);
        connectedAt = Date.now();
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
    tray: () => call<TrayState | null>('tray'),
    clickTray: (...labels: string[]) => call('tray-click', ...labels),
    notifications: () => call<Array<{ title: string; body: string; actions?: unknown[] }>>('notifications'),
    scriptDialogs: (...answers: unknown[]) => call('dialog-script', ...answers),
    /** Quits from the tray menu and waits for the process to end by itself. */
    async quit(timeoutMs = 15_000): Promise<number | null> {
      await disconnect();
      await call('tray-click', 'Quit Timeclock Tray');
      const timer = new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), timeoutMs));
      const outcome = await Promise.race([exited, timer]);
      if (outcome === 'still running') {
        child.kill('SIGKILL');
        throw new Error('The app did not end after Quit: something (a timer, a server, a socket) was left running.');
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
  await reported('tray-created', () => true, 60_000);
  return app;
}
