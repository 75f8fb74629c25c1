/**
 * The core's Updater port on electron-builder's own updater (electron-updater): the company's
 * server as a `generic` feed, never a downgrade, staged rollout from the feed's
 * `stagingPercentage`, the checksum verified by it. What it downloads is then judged against the
 * publisher or key pinned into this build (core/updates/update-trust.ts): on Windows the
 * installer's Authenticode signature and version resource (through PowerShell; no PowerShell, no
 * install), on Linux the feed's Ed25519 signature of the file. Anything refused is never installed.
 * electron-updater (with its YAML, XML and semver libraries, about 0.7 MB) is loaded at the first
 * check, two minutes after start, not while the app starts at login.
 */
import type { AppUpdater, UpdateInfo } from 'electron-updater';
import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { UNTRUSTED_CODE, type Updater } from '../core/updates/updater.ts';
import type { Logger } from '../core/logging/logger.ts';
import {
  expiredFeed,
  fileSha512,
  judgeAuthenticode,
  judgeSignedFile,
  notNewer,
  trustRefusalLine,
  type FeedFile,
  type TrustRefusal,
  type UpdateTrust,
} from '../core/updates/update-trust.ts';
import { readAuthenticode } from './authenticode.ts';

export interface UpdaterTrust {
  trust: UpdateTrust;
  platform: NodeJS.Platform;
  runningVersion: string;
}

// Over 80 lines on purpose: the port's four methods over one electron-updater and what the last check found.
export function electronUpdaterPort(log: Logger, { trust, platform, runningVersion }: UpdaterTrust): Updater {
  // Loaded and created on first use: electron-updater picks the platform's updater (NSIS, macOS, AppImage, deb…) then.
  let loading: Promise<AppUpdater> | null = null;
  let loaded: AppUpdater | null = null;
  let feed: Parameters<Updater['configure']>[0] | null = null;
  const updater = () =>
    (loading ??= import('electron-updater').then(
      (module: { autoUpdater?: AppUpdater; default?: { autoUpdater: AppUpdater } }) => {
        // A CommonJS package: its exports are the default in Electron, named where a loader interposes (the stand-in's tsx).
        const autoUpdater = (module.default?.autoUpdater ?? module.autoUpdater)!;
        if (feed) applyFeed(autoUpdater, feed);
        return (loaded = autoUpdater);
      },
    ));
  let offered: UpdateInfo | null = null;
  let channel = 'latest';

  /** Our verdict on a downloaded file; null: it may be installed. */
  async function judge(file: string, info: UpdateInfo): Promise<TrustRefusal | null> {
    if (platform === 'win32') {
      const report = await readAuthenticode(file);
      return 'failed' in report
        ? { kind: 'verifierFailed', detail: report.failed }
        : judgeAuthenticode(report, trust, info.version, runningVersion);
    }
    if (platform === 'linux')
      return judgeSignedFile(await fileSha512(file), info.files as FeedFile[], trust, {
        version: info.version,
        running: runningVersion,
        target: { kind: installedKind(), arch: process.arch, channel },
        now: Date.now(),
      });
    return notNewer(info.version, runningVersion);
  }

  async function refuse(files: string[], refusal: TrustRefusal): Promise<never> {
    (await updater()).autoInstallOnAppQuit = false;
    // The refused file leaves the disk: nothing can install it later, and the next check downloads afresh.
    await Promise.all(files.map((file) => rm(file, { force: true }).catch(() => {})));
    throw Object.assign(new Error(`Refused: ${trustRefusalLine(refusal)}.`), { code: UNTRUSTED_CODE });
  }

  return {
    configure(wanted) {
      feed = wanted;
      if (loaded) applyFeed(loaded, wanted);
    },
    async check() {
      const result = await (await updater()).checkForUpdates();
      // A Linux feed whose signatures all ran out is said, not taken as "nothing new" for ever.
      const expired = platform === 'linux' && result ? expiredFeed(result.updateInfo.files as FeedFile[], Date.now()) : null;
      if (expired) throw Object.assign(new Error(`Refused: ${trustRefusalLine(expired)}.`), { code: UNTRUSTED_CODE });
      offered = result?.isUpdateAvailable ? result.updateInfo : null;
      return offered?.version ?? null;
    },
    async download() {
      const info = offered;
      const files = await (await updater()).downloadUpdate();
      if (!info || files.length === 0) return refuse(files, { kind: 'verifierFailed', detail: 'nothing was downloaded' });
      for (const file of files) {
        const refusal = await judge(file, info).catch((error: unknown): TrustRefusal => ({
          kind: 'verifierFailed',
          detail: String(error),
        }));
        if (refusal) return refuse(files, refusal);
      }
      log.info(`Updates: version ${info.version} is signed by the publisher this build trusts.`);
    },
    installOnQuit(install) {
      // Never loaded: electron-updater never checked, and has nothing to install.
      if (loaded) loaded.autoInstallOnAppQuit = install;
    },
  };

  /** The feed, and our rules, on electron-updater's updater. */
  function applyFeed(autoUpdater: AppUpdater, wanted: Parameters<Updater['configure']>[0]): void {
    autoUpdater.logger = {
      info: (message: unknown) => log.info(`electron-updater: ${String(message)}`),
      warn: (message: unknown) => log.warn(`electron-updater: ${String(message)}`),
      error: (message: unknown) => log.warn(`electron-updater: ${String(message)}`),
    };
    autoUpdater.setFeedURL({ provider: 'generic', url: wanted.url, channel: wanted.channel });
    channel = wanted.channel;
    autoUpdater.channel = wanted.channel;
    autoUpdater.allowDowngrade = false;
    autoUpdater.allowPrerelease = wanted.channel === 'beta';
    autoUpdater.autoDownload = false;
    // Kept on so electron-updater installs on quit at all; installOnQuit turns it off when the core says wait.
    autoUpdater.autoInstallOnAppQuit = true;
    if (platform === 'win32') failClosedOnWindows(autoUpdater);
  }

  /**
   * electron-updater checks an installer's signature only where app-update.yml names a publisher,
   * compares names only, and lets it pass when PowerShell cannot run: ours replaces it, so its own
   * step already refuses what ours would.
   */
  function failClosedOnWindows(autoUpdater: object): void {
    Object.assign(autoUpdater, {
      verifySignature: async (file: string) => {
        if (!offered) return 'no version was offered';
        const refusal = await judge(file, offered).catch((error: unknown): TrustRefusal => ({
          kind: 'verifierFailed',
          detail: String(error),
        }));
        return refusal ? trustRefusalLine(refusal) : null;
      },
    });
  }
}

/**
 * How this copy was installed on Linux, as electron-updater itself tells it: an AppImage runs with
 * APPIMAGE set; a package writes its type beside the app's resources. Unknown: no signature matches.
 */
function installedKind(): string {
  if (process.env.APPIMAGE) return 'appimage';
  try {
    return readFileSync(join(process.resourcesPath, 'package-type'), 'utf8').trim() || 'unknown';
  } catch {
    return 'unknown';
  }
}
