/**
 * A real AppCore for tests: real settings in a temp-dir conf store, the real vault (with the fake
 * encryptor in place of safeStorage), pointed at a running mock server.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import Conf from 'conf';
import { createAppCore, type AppCore } from '../core/app-core.ts';
import type { AppCoreOptions } from '../core/assembly/app-core-options.ts';
import { settingsVaultPersistence } from '../core/security/settings-vault.ts';
import { createSecretVault } from '../core/security/vault.ts';
import { emptyAdminPolicy, type AdminPolicy } from '../core/settings/admin-policy.ts';
import { settingsStoreSchema } from '../core/settings/settings-file.ts';
import { createSettingsService } from '../core/settings/settings-service.ts';
import type { TimeSource } from '../core/util/time-source.ts';
import { PRIVATE_FILE } from '../core/util/text-file.ts';
import type { MockServer } from '../mock/mock-server.ts';
import { fakeEncryptor } from './fake-encryptor.ts';
import { startTestLookupWorker } from './lookup-worker.ts';
import { defaultAuthScheme, resolveProfile } from '../shared/api/api-profile.ts';

export interface TestCoreOptions {
  admin?: Partial<AdminPolicy>;
  /** Reuse a settings folder, to test what survives a restart. */
  settingsDir?: string;
  encryptor?: ReturnType<typeof fakeEncryptor>;
  /** A fake clock drives the health watch's schedule; fixed formatting keeps screenshots stable. */
  time?: TimeSource;
  formatTime?: (ms: number) => string;
  dataDir?: string;
  /** Run the lookup in its real worker thread (slower to start; used where the worker is the point); a URL: the built worker (dist/main/lookup-worker.js). */
  lookupWorker?: boolean | URL;
  /** The corporate network: a proxy route and whether to trust the system's store. */
  network?: AppCoreOptions['network'];
  /** The system's preferred languages (none: English). */
  systemLanguages?: () => readonly string[];
  /** This computer's name, written beside each secret the vault encrypts (pooled desktops). */
  computer?: string;
  /** IT's client secrets for IT's environments (Windows policy). */
  policySecrets?: AppCoreOptions['policySecrets'];
  /**
   * The undo time of a new punch. 0 unless a test is about undo: the other tests see a punch sent
   * at once, as before undo existed (the app's default is 10 s, tested in the undo tests).
   */
  undoSeconds?: number;
  /** This computer's time zone as the core sees it (UTC unless a test is about it: results the same in every zone). */
  localZone?: string;
  /** The app's log (none: nothing logged). */
  log?: AppCoreOptions['log'];
}

export function createTestCore(
  mock: Pick<MockServer, 'timeclockBaseUrl' | 'debtorsBaseUrl'>,
  options: TestCoreOptions = {},
): AppCore & { settingsDir: string } {
  const settingsDir = options.settingsDir ?? mkdtempSync(join(tmpdir(), 'timeclock-core-'));
  const store = new Conf<Record<string, unknown>>({
    cwd: settingsDir,
    configName: 'settings',
    schema: settingsStoreSchema(),
    configFileMode: PRIVATE_FILE,
  });
  const admin = { ...emptyAdminPolicy(), ...options.admin };
  const defaults = { ...admin.defaults, clock: { undoSeconds: options.undoSeconds ?? 0, ...admin.defaults.clock } };
  const settings = createSettingsService(store, { ...admin, defaults });
  const encryptor = options.encryptor ?? fakeEncryptor('strong');
  const vault = createSecretVault(encryptor, settingsVaultPersistence(settings), options.computer);
  const core = createAppCore({
    productName: 'Timeclock Tray',
    version: '0.1.0',
    settings,
    vault,
    encryptor,
    mockUrls: { timeclockBaseUrl: mock.timeclockBaseUrl, debtorsBaseUrl: mock.debtorsBaseUrl },
    time: options.time,
    formatTime: options.formatTime,
    dataDir: options.dataDir,
    startLookupWorker: lookupWorkerStarter(options.lookupWorker),
    network: options.network,
    systemLanguages: options.systemLanguages,
    policySecrets: options.policySecrets,
    localZone: options.localZone ?? 'UTC',
    random: () => 0.5,
    log: options.log,
  });
  return Object.assign(core, { settingsDir });
}

/** How the core starts its lookup worker: from the TypeScript source, from the built file, or not at all (in its own thread). */
function lookupWorkerStarter(choice: TestCoreOptions['lookupWorker']): AppCoreOptions['startLookupWorker'] {
  if (choice instanceof URL) return (config) => new Worker(choice, { workerData: { config } });
  return choice ? startTestLookupWorker : undefined;
}

/**
 * Saves "Acme" on `base` (its /timeclock and /debtors) with the demo secret and makes it the active
 * environment, as a user would in Settings; `caCertificatePem` for a server signed by an internal CA.
 */
export function activateAcme(core: AppCore, base: string, caCertificatePem: string | null = null): void {
  const saved = core.environments.save({
    name: 'Acme',
    timeclockBaseUrl: `${base}/timeclock`,
    debtorsBaseUrl: `${base}/debtors`,
    clientId: 'demo-client',
    auth: defaultAuthScheme,
    employeeId: 'E1001',
    profile: resolveProfile({ caCertificatePem }),
  });
  if (!saved.ok) throw new Error(JSON.stringify(saved.errors));
  core.vault.set(saved.value.id, 'demo-secret', core.secretBinding(saved.value.id)!);
  core.environments.setActive(saved.value.id);
  core.environmentsChanged();
}
