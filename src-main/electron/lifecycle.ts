/**
 * Staying and going: a tray app keeps running with no window open and quits only from its menu.
 * Quitting waits for secrets typed just now to be encrypted onto disk, then stops every timer,
 * shortcut, window, worker and server, so nothing is cut off half-way.
 */
import { app } from 'electron';
import type { AppCore } from '../core/app-core.ts';
import type { SecretVault } from '../core/security/vault.ts';
import type { EmbeddedMock } from '../mock/embedded-mock.ts';
import type { AppTray } from './app-tray.ts';
import type { WindowManager } from './window-manager.ts';

export interface Running {
  core: AppCore;
  vault: SecretVault;
  mock: EmbeddedMock;
  tray: AppTray;
  windows: WindowManager;
  /** Everything else started (system watch, shortcuts), stopped first. */
  stops: Array<() => void>;
}

export function stayUntilQuit(running: Running): void {
  app.on('window-all-closed', () => {});
  let secretsSaved = false;
  app.on('before-quit', (event) => {
    if (!secretsSaved) {
      event.preventDefault();
      void running.vault.flush().finally(() => {
        secretsSaved = true;
        app.quit();
      });
      return;
    }
    stopEverything(running);
  });
}

function stopEverything({ core, mock, tray, windows, stops }: Running): void {
  // Before the app goes: a downloaded update installs now only with no punch waiting and outside IT's no-install window.
  core.updates.beforeQuit();
  core.updates.stop();
  for (const stop of stops) stop();
  core.health.stop();
  core.clock.stop();
  void core.health.flush();
  tray.destroy();
  windows.closeAll();
  void core.lookup.stop();
  void mock.close();
}
