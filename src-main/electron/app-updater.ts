/**
 * The core's Updater port on electron-builder's own updater (electron-updater): the company's
 * server as a `generic` feed, never a downgrade, staged rollout from the feed's
 * `stagingPercentage`, the checksum (and on Windows the publisher's signature) verified by it
 * before anything is installed. The core decides when to download and whether to install on quit.
 */
import electronUpdater from 'electron-updater';
import type { Updater } from '../core/updates/updater.ts';
import type { Logger } from '../core/logging/logger.ts';

export function electronUpdaterPort(log: Logger): Updater {
  // Created on first use: electron-updater picks the platform's updater (NSIS, macOS, AppImage, deb…) then.
  const updater = () => electronUpdater.autoUpdater;
  let configured = false;
  return {
    configure(feed) {
      configured = true;
      const autoUpdater = updater();
      autoUpdater.logger = {
        info: (message: unknown) => log.info(`electron-updater: ${String(message)}`),
        warn: (message: unknown) => log.warn(`electron-updater: ${String(message)}`),
        error: (message: unknown) => log.warn(`electron-updater: ${String(message)}`),
      };
      autoUpdater.setFeedURL({ provider: 'generic', url: feed.url, channel: feed.channel });
      autoUpdater.channel = feed.channel;
      autoUpdater.allowDowngrade = false;
      autoUpdater.allowPrerelease = feed.channel === 'beta';
      autoUpdater.autoDownload = false;
      // Kept on so electron-updater installs on quit at all; installOnQuit turns it off when the core says wait.
      autoUpdater.autoInstallOnAppQuit = true;
    },
    async check() {
      const result = await updater().checkForUpdates();
      return result?.isUpdateAvailable ? result.updateInfo.version : null;
    },
    async download() {
      await updater().downloadUpdate();
    },
    installOnQuit(install) {
      // Never configured: electron-updater was never started, and has nothing to install.
      if (configured) updater().autoInstallOnAppQuit = install;
    },
  };
}
