/**
 * The Electron main process: wires the plain-Node core to the shell's adapters (tray, windows,
 * IPC, protocol). Starts in the built-in Mock environment with the embedded mock server.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { app, ipcMain, nativeImage } from 'electron';
import { createAppCore } from './core/app-core.ts';
import { createWindowHandlers } from './core/ipc/window-handlers.ts';
import { createLogger } from './core/logging/logger.ts';
import { createSecretVault } from './core/security/vault.ts';
import { adminFileLocation, loadAdminPolicy } from './core/settings/admin-policy.ts';
import { createSettingsService } from './core/settings/settings-service.ts';
import { startMockServer } from './mock/mock-server.ts';
import { registerAppScheme, serveAppScheme } from './electron/app-protocol.ts';
import { assetsDir, rendererDir } from './electron/app-paths.ts';
import { createAppTray } from './electron/app-tray.ts';
import { connectIpc } from './electron/ipc-bridge.ts';
import { safeStorageEncryptor } from './electron/safe-storage-encryptor.ts';
import { denyAllPermissions } from './electron/secure-window.ts';
import { openSettingsStore } from './electron/settings-store.ts';
import { createWindowManager } from './electron/window-manager.ts';

if (process.platform === 'linux') {
  // Newer Electron defaults to GTK 4 on GNOME, where StatusNotifier trays misbehave.
  app.commandLine.appendSwitch('gtk-version', '3');
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  registerAppScheme();
  void app.whenReady().then(start);
}

/** The admin file's text, or null when IT placed none. */
function readIfExists(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

async function start(): Promise<void> {
  app.dock?.hide();
  denyAllPermissions();
  serveAppScheme(rendererDir);

  const admin = loadAdminPolicy(adminFileLocation(process.platform, process.env), readIfExists);
  const { store, problems } = openSettingsStore();
  const settings = createSettingsService(store, admin);
  const vault = createSecretVault(safeStorageEncryptor, {
    vaultEntry: settings.vaultEntry,
    setVaultEntry: settings.setVaultEntry,
    allowWeakStorage: () => settings.preferences().security.allowWeakSecretStorage,
  });
  const log = createLogger((level, line) => console[level](line), vault.knownSecrets);
  for (const problem of [...admin.problems, ...problems, ...settings.problems]) log.warn(problem);
  const mock = await startMockServer();
  const core = createAppCore({
    productName: 'Timeclock Tray',
    version: app.getVersion(),
    settings,
    vault,
    mockUrls: { timeclockBaseUrl: mock.timeclockBaseUrl, debtorsBaseUrl: mock.debtorsBaseUrl },
  });
  const windows = createWindowManager();
  connectIpc({
    ipcMain,
    handlers: createWindowHandlers(core),
    ourContents: () => windows.contents(),
    onUnexpected: (error, request) => log.error(`Unexpected error in ${request}:`, error),
    subscribe: core.events.on,
  });

  const trayState = () => {
    const { environment } = core.info();
    return { productName: 'Timeclock Tray', environmentName: environment.name, isMock: environment.isMock };
  };
  const tray = createAppTray(
    nativeImage.createFromPath(join(assetsDir, 'tray', 'tray-out-unknown.png')),
    trayState(),
    (action) => {
      if (action === 'open-panel') windows.open('panel');
      if (action === 'quit') app.quit();
    },
  );
  core.events.on('environmentsChanged', () => tray.refresh(trayState()));

  app.on('second-instance', () => windows.open('panel'));
  // A tray app stays running with no window open; it quits only from the menu.
  app.on('window-all-closed', () => {});
  app.on('before-quit', () => {
    tray.destroy();
    windows.closeAll();
    void mock.close();
  });
}
