/** What the shell (or a test) gives the core to build it: who the app is, its stores, and the pieces of the machine. */
import type { Worker } from 'node:worker_threads';
import type { MockUrls } from '../environments/environment-registry.ts';
import type { TimeFormatter } from '../../shared/moments.ts';
import type { SecretVault, Encryptor } from '../security/vault.ts';
import type { SettingsService } from '../settings/settings-service.ts';
import type { TimeSource } from '../util/time-source.ts';
import type { LookupWorkerConfig } from '../lookup/lookup-backend.ts';
import type { NetworkRoute } from '../api/network.ts';
import type { UpdateServiceOptions } from '../updates/update-service.ts';
import type { Updater } from '../updates/updater.ts';

export interface AppCoreOptions {
  productName: string;
  version: string;
  settings: SettingsService;
  vault: SecretVault;
  /**
   * IT's client secrets by environment id, for IT's own environments (Windows: HKLM policy
   * `…\Timeclock Tray\Secrets`), where staff land on pooled desktops and nobody should type one.
   */
  policySecrets?: () => Readonly<Record<string, string>>;
  /** Where the embedded mock listens (a function where it starts and stops with the Mock environment). */
  mockUrls: MockUrls | (() => MockUrls);
  time?: TimeSource;
  /** Folder for files the core keeps between runs (health history); none in memory-only tests. */
  dataDir?: string;
  isOnline?: () => boolean;
  random?: () => number;
  formatTime?: TimeFormatter;
  /** The operating system's preferred languages, most wanted first (Electron's app.getPreferredSystemLanguages()). */
  systemLanguages?: () => readonly string[];
  /** This computer's time zone (the connection test's first guess for a server's zoneless times); the system's by default. */
  localZone?: string;
  /**
   * The corporate network: the proxy the system names for a URL (the shell asks Chromium), and
   * whether to trust the OS certificate store. Without it requests go direct with Node's CA list.
   */
  network?: { route: NetworkRoute; systemCa: boolean };
  /** The operating system's encryption (safeStorage), for what the lookup remembers of debtors; without it that is kept for the session only. */
  encryptor?: Encryptor;
  /** Starts the lookup's worker thread; without it the lookup runs in this thread (tests, tools). */
  startLookupWorker?: (config: LookupWorkerConfig) => Worker;
  /** The app's log, for what is worth telling IT but not the employee (a damaged history dropped). */
  log?: { info(line: string): void; warn(line: string): void };
  /** The shell's updater (electron-updater) and where updates are logged; none: updates never find anything. */
  updates?: { updater: Updater; log: UpdateServiceOptions['log']; verifiable: boolean };
}
