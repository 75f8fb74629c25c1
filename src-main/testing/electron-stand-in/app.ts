/**
 * `app`: ready, paths in the data folder the test chose, the single-instance lock (a socket in that
 * folder, as Electron's own on Linux), login items, and quitting with its events in Electron's
 * order: before-quit (preventable), will-quit, quit — then the stand-in lets go of
 * Chromium and its servers, and the process ends only if the app left nothing running.
 */
import { EventEmitter } from 'node:events';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { hangUp, report } from './control.ts';
import { win32App } from './win32-personality.ts';

const userData = process.env.TIMECLOCK_STANDIN_USER_DATA;
if (!userData) throw new Error('The Electron stand-in needs TIMECLOCK_STANDIN_USER_DATA (the data folder).');
mkdirSync(userData, { recursive: true });
const packageJson = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
  productName: string;
  version: string;
};

const paths: Record<string, string> = {
  userData,
  appData: join(userData, '..'),
  logs: join(userData, 'logs'),
  downloads: join(userData, 'downloads'),
  temp: join(userData, 'temp'),
  home: userData,
};

/** What the stand-in registers to run when it shuts down (Chromium, servers): last registered first. */
const shutdowns: Array<() => Promise<void>> = [];
export const onShutdown = (run: () => Promise<void>) => void shutdowns.unshift(run);
let shutDownStarted = false;
export const shuttingDown = () => shutDownStarted;
/** A shutdown step slower than this is named on stderr (the test prints it if the app does not end). */
const SLOW_SHUTDOWN_MS = 3_000;

async function runShutdownStep(run: () => Promise<void>, index: number): Promise<void> {
  const slow = setTimeout(
    () => process.stderr.write(`Stand-in shutdown step ${index + 1} still running: ${run.toString().slice(0, 200)}\n`),
    SLOW_SHUTDOWN_MS,
  );
  await run().catch((error: unknown) => process.stderr.write(`Stand-in shutdown step ${index + 1} failed: ${String(error)}\n`));
  clearTimeout(slow);
}

// A packaged app (TIMECLOCK_STANDIN_PACKAGED=1) has its resources folder, where electron-builder
// puts app-update.yml (TIMECLOCK_STANDIN_RESOURCES): what the updater tests need.
if (process.env.TIMECLOCK_STANDIN_RESOURCES)
  (process as { resourcesPath?: string }).resourcesPath = process.env.TIMECLOCK_STANDIN_RESOURCES;

export class App extends EventEmitter {
  readonly isPackaged = process.env.TIMECLOCK_STANDIN_PACKAGED === '1';
  readonly commandLine = {
    switches: new Map<string, string>(),
    appendSwitch: (name: string, value = '') => void this.commandLine.switches.set(name, value),
  };
  readonly dock = undefined;
  name = packageJson.productName;
  private ready = false;
  private readyPromise: Promise<void>;
  private loginItem: { openAtLogin: boolean; args: string[] } = { openAtLogin: false, args: [] };
  private lock: Server | null = null;
  private quitting = false;

  constructor() {
    super();
    this.readyPromise = new Promise((resolve) =>
      setImmediate(() => {
        this.ready = true;
        this.emit('ready');
        resolve();
      }),
    );
  }
  whenReady = () => this.readyPromise;
  isReady = () => this.ready;
  getName = () => this.name;
  getVersion = () => packageJson.version;
  getPath(name: string): string {
    const path = paths[name];
    if (!path) throw new Error(`Failed to get '${name}' path`);
    return path;
  }
  getAppPath = () => join(new URL('../../../', import.meta.url).pathname);
  /** As on Windows: the entry is the app's (openAtLogin) only when asked with the arguments it was written with. */
  getLoginItemSettings = (options: { args?: string[] } = {}) => ({
    ...this.loginItem,
    openAtLogin: this.loginItem.openAtLogin && JSON.stringify(options.args ?? []) === JSON.stringify(this.loginItem.args),
  });
  /** The test's system languages (TIMECLOCK_STANDIN_LANGUAGES, comma-separated), else American English. */
  getPreferredSystemLanguages = () => (process.env.TIMECLOCK_STANDIN_LANGUAGES ?? 'en-US').split(',');
  setLoginItemSettings(settings: { openAtLogin?: boolean; args?: string[] }) {
    this.loginItem.openAtLogin = settings.openAtLogin ?? false;
    this.loginItem.args = settings.args ?? [];
    report('login-item', this.loginItem.openAtLogin);
    report('login-item-args', this.loginItem.args);
  }
  /** Windows' identity calls, enforced by the Windows personality (win32-personality.ts). */
  setAppUserModelId = win32App.setAppUserModelId;
  setToastActivatorCLSID = win32App.setToastActivatorCLSID;

  /**
   * Electron answers at once; so does this, by trying to own a socket in the data folder: a second
   * process finds it taken, tells the first (which emits 'second-instance') and gets false.
   */
  requestSingleInstanceLock(additionalData: unknown = {}): boolean {
    const path = join(userData!, 'SingletonSocket');
    // The probe's connection is also the message (with the second's additional data, as Electron
    // hands it over): the first instance emits 'second-instance'.
    if (someoneAnswers(path, additionalData)) return false;
    rmSync(path, { force: true });
    this.lock = createServer((socket) => {
      let sent = '';
      socket.on('data', (chunk) => (sent += chunk.toString()));
      socket.on('end', () => {
        socket.end();
        this.emit('second-instance', {}, [], process.cwd(), sent === '' ? {} : JSON.parse(sent));
      });
    }).listen(path);
    return true;
  }

  quit(): void {
    if (this.quitting) return;
    let prevented = false;
    this.emit('before-quit', { preventDefault: () => (prevented = true) });
    if (prevented) return;
    this.quitting = true;
    void this.shutDown();
  }
  exit(code = 0): void {
    process.exit(code);
  }

  private async shutDown(): Promise<void> {
    shutDownStarted = true;
    this.emit('will-quit', { preventDefault: () => {} });
    for (const [index, run] of shutdowns.splice(0).entries()) await runShutdownStep(run, index);
    this.emit('quit', {}, 0);
    this.lock?.close();
    report('quit');
    hangUp();
    // Still alive a while after letting go: say what holds the process (the test prints it).
    setTimeout(() => {
      process.stderr.write(`Still running after Quit, held by: ${process.getActiveResourcesInfo().join(', ')}\n`);
    }, 5_000).unref();
  }
}

/** Whether something answers on the lock socket (and, if so, it got `data`), asked synchronously as Electron's API is. */
function someoneAnswers(path: string, data: unknown): boolean {
  // No socket, nobody to answer: the probe (a process of its own, about 0.2 s of CPU) is not needed.
  if (!existsSync(path)) return false;
  const child = spawnSync(
    process.execPath,
    [
      '-e',
      `const s=require('net').createConnection(${JSON.stringify(path)});s.on('connect',()=>s.end(${JSON.stringify(JSON.stringify(data))},()=>process.exit(0)));s.on('error',()=>process.exit(1))`,
    ],
    { timeout: 5_000 },
  );
  return child.status === 0;
}

export const app = new App();
