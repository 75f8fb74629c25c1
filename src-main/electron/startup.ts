/**
 * Opening what the app runs on, in order: the admin file, the settings store, the vault on
 * safeStorage (unlocked once), the log (which needs the secrets to redact them), the embedded
 * mock and the core. Nothing here shows anything yet.
 */
import { hostname } from 'node:os';
import { Worker } from 'node:worker_threads';
import { app, dialog, net, powerMonitor } from 'electron';
import { createAppCore, type AppCore } from '../core/app-core.ts';
import { MOCK_ENVIRONMENT_ID } from '../shared/domain/environments.ts';
import type { Logger } from '../core/logging/logger.ts';
import { catchUncaught } from '../core/logging/uncaught.ts';
import { settingsVaultPersistence } from '../core/security/settings-vault.ts';
import { createSecretVault, type SecretVault } from '../core/security/vault.ts';
import { secretsToRedact } from '../core/security/live-secrets.ts';
import { adminFileLocation, isDeveloperAdminFile, loadAdminPolicy } from '../core/settings/admin-policy.ts';
import { machineFileReader } from './machine-file-owner.ts';
import { createSettingsService, type SettingsService } from '../core/settings/settings-service.ts';
import { readIfPresent } from '../core/util/text-file.ts';
import { systemTime } from '../core/util/time-source.ts';
import { combinePolicies } from '../core/settings/os-policy.ts';
import { nativeRegistryValues, windowsProgramData } from '../core/settings/policy-sources.ts';
import { watchPolicy } from '../core/settings/policy-watch.ts';
import { osPolicyReader } from './os-policy-reader.ts';
import { createEmbeddedMock, type EmbeddedMock } from '../mock/embedded-mock.ts';
import { english } from '../shared/i18n/catalogues.ts';
import type { Translate } from '../shared/i18n/translator.ts';
import { openAppLog } from './app-log.ts';
import { electronUpdaterPort } from './app-updater.ts';
import { BUILD_TRUST } from './build-trust.ts';
import { canVerifyOn } from '../core/updates/update-trust.ts';
import { followFleetSettings } from '../core/fleet/fleet-watch.ts';
import { createSafeStorageEncryptor } from './safe-storage-encryptor.ts';
import { windowsPolicySecrets } from './windows-desktop.ts';
import { openSettingsStore } from './settings-store.ts';
import { systemProxyRoute } from './system-proxy.ts';

export interface Started {
  core: AppCore;
  settings: SettingsService;
  vault: SecretVault;
  log: Logger;
  logsFolder: () => string;
  mock: EmbeddedMock;
  /** Stops re-reading IT's policy (at quit). */
  stopPolicyWatch: () => void;
  /** Stops fleet health's exports (at quit). */
  stopFleet: () => void;
}

export async function openApp(): Promise<Started> {
  const adminFile = adminFileLocation(process.platform, process.env, app.isPackaged, () =>
    windowsProgramData(nativeRegistryValues),
  );
  // IT's file only where it is IT's beyond doubt: owned and writable by administrators alone.
  const filePolicy = loadAdminPolicy(
    adminFile,
    isDeveloperAdminFile(process.env, app.isPackaged) ? readIfPresent : machineFileReader(process.platform, readIfPresent),
  );
  const policyReader = await osPolicyReader(process.platform);
  const initialPolicy = policyReader.read();
  const admin = combinePolicies(filePolicy, initialPolicy);
  const { store, problems } = openSettingsStore();
  const settings = createSettingsService(store, admin);
  const encryptor = await createSafeStorageEncryptor();
  // Each secret notes the computer that encrypted it: another (a pooled desktop's next host) cannot read it.
  const vault = createSecretVault(encryptor, settingsVaultPersistence(settings), hostname());
  await vault.unlock(); // the stored secrets, decrypted once before anything needs them
  // IT's secrets for the computer (Windows policy), read once at start.
  const policySecrets = windowsPolicySecrets();
  // The vault's secrets, IT's and the OAuth tokens held now: the log shows none of them.
  const redactable = secretsToRedact(() => [...vault.knownSecrets(), ...Object.values(policySecrets)]);
  const { logger: log, folder: logsFolder } = openAppLog(redactable);
  // Said in the user's language once the core knows it; English before that.
  let words = (): Translate => english.t;
  catchUncaught(
    process,
    log,
    (detail) => {
      const t = words();
      void dialog.showMessageBox({
        type: 'error',
        message: 'Timeclock Tray',
        detail: t('problem.uncaught', { detail, logsItem: t('tray.logs') }),
      });
    },
    redactable,
  );
  log.info(`Starting ${app.getName()} ${app.getVersion()}`);
  for (const problem of [...admin.problems, ...problems, ...settings.problems]) log.warn(problem);
  const policyWatch = watchPolicy({
    reader: policyReader,
    initial: initialPolicy,
    file: filePolicy,
    settings,
    time: systemTime,
    onProblems: (found) => found.forEach((problem) => log.warn(problem)),
  });
  powerMonitor.on('resume', policyWatch.recheck);
  powerMonitor.on('unlock-screen', policyWatch.recheck);
  const stopPolicyWatch = () => {
    policyWatch.stop();
    powerMonitor.off('resume', policyWatch.recheck);
    powerMonitor.off('unlock-screen', policyWatch.recheck);
  };

  // The built-in mock runs only while the Mock environment is active.
  const mock = createEmbeddedMock();
  const core = createAppCore({
    productName: 'Timeclock Tray',
    version: app.getVersion(),
    log,
    settings,
    vault,
    policySecrets: () => policySecrets,
    encryptor,
    mockUrls: () => mock.urls(),
    dataDir: app.getPath('userData'),
    isOnline: () => net.isOnline(),
    systemLanguages: () => app.getPreferredSystemLanguages(),
    // Requests follow the system's proxy settings and trust the operating system's certificates.
    network: { route: systemProxyRoute, systemCa: true },
    // Beside the main bundle (dist/main/). Packed in app.asar: Electron reads worker scripts from asar
    // since electron/electron#33216 (Electron 19), so nothing needs unpacking.
    startLookupWorker: (config) => new Worker(new URL('./lookup-worker.js', import.meta.url), { workerData: { config } }),
    updates: {
      updater: electronUpdaterPort(log, { trust: BUILD_TRUST, platform: process.platform, runningVersion: app.getVersion() }),
      verifiable: canVerifyOn(process.platform, BUILD_TRUST),
      log,
    },
  });
  words = () => core.translator().t;
  const fleet = followFleetSettings({ core, log });
  await followMock(core, mock);
  core.events.on('environmentsChanged', () => void followMock(core, mock));
  return { core, settings, vault, log, logsFolder, mock, stopPolicyWatch, stopFleet: () => void fleet.stop() };
}

/** Starts or stops the mock to match the active environment; new addresses (the first start) reach the core. */
async function followMock(core: AppCore, mock: EmbeddedMock): Promise<void> {
  const before = JSON.stringify(mock.urls());
  await mock.follow(core.activeEnvironment().id === MOCK_ENVIRONMENT_ID);
  if (JSON.stringify(mock.urls()) !== before) core.environmentsChanged();
}
