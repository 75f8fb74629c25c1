/**
 * The app, once Electron is ready (loaded by main.ts after the single instance is claimed and any
 * wait after login): wires the plain-Node core to the shell's adapters — windows, IPC, tray,
 * notifications, live settings, power events — each in its own module under electron/. Starts in
 * the built-in Mock environment with the embedded mock server, unless the user or IT chose another.
 */
import { join } from 'node:path';
import { app, ipcMain, screen } from 'electron';
import { createWindowHandlers } from './core/ipc/window-handlers.ts';
import { panelPosition } from './core/tray/panel-position.ts';
import { trayView } from './core/tray/tray-view.ts';
import { coalesced } from './core/util/coalesce.ts';
import { useApplicationMenu } from './electron/app-menu.ts';
import { showCoreNotifications } from './electron/app-notifications.ts';
import { assetsDir, rendererDir } from './electron/app-paths.ts';
import { serveAppScheme } from './electron/app-protocol.ts';
import { createAppTray } from './electron/app-tray.ts';
import { saveWithDialog } from './electron/export-dialog.ts';
import { pagePrinting } from './electron/page-print.ts';
import { confirmWithDialog } from './electron/confirm-dialog.ts';
import { connectIpc } from './electron/ipc-bridge.ts';
import { stayUntilQuit } from './electron/lifecycle.ts';
import { applySettingsLive } from './electron/live-settings.ts';
import { allowExternalUrls, denyAllPermissions } from './electron/secure-window.ts';
import { openApp } from './electron/startup.ts';
import { watchSystem } from './electron/system-watch.ts';
import { mendStartMenuShortcut, windowsTrayIconPlace } from './electron/windows-desktop.ts';
import { onTrayAction } from './electron/tray-actions.ts';
import { createWindowManager, PANEL_SIZE } from './electron/window-manager.ts';

/** `onSecondLaunch`: given what a second launch does once the tray exists (opens the panel). */
export async function start(onSecondLaunch: (openPanel: () => void) => void): Promise<void> {
  app.dock?.hide();
  denyAllPermissions();
  useApplicationMenu();
  serveAppScheme(rendererDir);
  const { core, settings, vault, log, logsFolder, mock, stopPolicyWatch, stopFleet } = await openApp();
  mendStartMenuShortcut(log);

  // IT's access portals (the link beside refused credentials) and IT's status page may be opened in the browser from a window.
  allowExternalUrls(() => [
    ...core.environments.list().flatMap((entry) => entry.environment.accessPortalUrl ?? []),
    ...[core.settings.preferences().monitoring.statusPage.url].filter((url) => url !== ''),
  ]);
  const windows = createWindowManager(undefined, {
    opened: (name) => name === 'lookup' && core.lookup.windowOpened(),
    closed: (name) => name === 'lookup' && core.lookup.windowClosed(),
  });
  const openPanel = () => {
    const cursor = screen.getCursorScreenPoint();
    const { workArea } = screen.getDisplayNearestPoint(cursor);
    windows.open('panel', undefined, panelPosition(tray.bounds(), PANEL_SIZE, workArea, cursor));
  };
  const live = applySettingsLive({ core, settings, windows, log }, () => refreshTray());
  connectIpc({
    ipcMain,
    handlers: createWindowHandlers(core, {
      openWindow: (name, section) => windows.open(name, section ? { section } : undefined),
      hidePanel: () => windows.close('panel'),
      shortcutProblems: live.shortcutProblems,
      saveFile: saveWithDialog,
      confirm: confirmWithDialog,
      trayIconPlace: windowsTrayIconPlace,
      ...pagePrinting(windows),
    }),
    ourContents: () => windows.contents(),
    onUnexpected: (error, request) => log.error(`Unexpected error in ${request}:`, error),
    words: () => core.translator().t,
    subscribe: core.events.on,
  });

  const tray = createAppTray(join(assetsDir, 'tray'), trayView(core), (action) =>
    onTrayAction(action, { core, windows, mock, openPanel, logsFolder, quit: () => app.quit() }),
  );
  // Asked for by every check and every change of a punch: drawn once, after the work that asked.
  const refreshTray = coalesced(() => tray.show(trayView(core)));
  core.health.onUpdate(refreshTray);
  core.clock.onChange(refreshTray);
  core.updates.onChange(refreshTray);
  core.events.on('environmentsChanged', refreshTray);
  // The worked time in the tooltip moves on by the minute, also while health checks are paused.
  const minuteTicker = setInterval(refreshTray, 60_000);
  showCoreNotifications(core, windows, openPanel);
  if (!settings.welcomed()) windows.open('welcome');
  // Windows hid the tray icon under ^ (and nobody said "Got it"): the hint alone, once per start.
  else if (windowsTrayIconPlace() === 'overflow' && !settings.trayPinHintDismissed())
    windows.open('welcome', { only: 'tray-pin' });

  const stopWatching = watchSystem({
    onStale: () => {
      core.health.reset();
      void core.clock.refresh();
      void core.clock.sync();
    },
    onStopping: (how, lastInputAt) => core.clock.computerStopping(how, lastInputAt),
    onResumed: (since, how, lastInputAt) => core.clock.resumed(since, how, lastInputAt),
  });
  core.health.start();
  core.clock.start();
  core.updates.start();
  onSecondLaunch(openPanel);
  stayUntilQuit({
    core,
    vault,
    mock,
    tray,
    windows,
    stops: [stopWatching, live.stop, stopPolicyWatch, stopFleet, () => clearInterval(minuteTicker)],
  });
}
