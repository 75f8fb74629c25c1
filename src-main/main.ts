/**
 * The Electron main process: wires the plain-Node core to the shell's adapters (tray, windows,
 * IPC, protocol). Starts in the built-in Mock environment with the embedded mock server.
 */
import { join } from 'node:path';
import { app, ipcMain, nativeImage } from 'electron';
import { createAppCore } from './core/app-core.ts';
import { MOCK_CLIENT_SECRET, mockEnvironment } from './core/environments/environment.ts';
import { createWindowHandlers } from './core/ipc/window-handlers.ts';
import { startMockServer } from './mock/mock-server.ts';
import { registerAppScheme, serveAppScheme } from './electron/app-protocol.ts';
import { assetsDir, rendererDir } from './electron/app-paths.ts';
import { createAppTray } from './electron/app-tray.ts';
import { connectIpc } from './electron/ipc-bridge.ts';
import { denyAllPermissions } from './electron/secure-window.ts';
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

async function start(): Promise<void> {
  app.dock?.hide();
  denyAllPermissions();
  serveAppScheme(rendererDir);

  const mock = await startMockServer();
  const core = createAppCore({
    productName: 'Timeclock Tray',
    version: app.getVersion(),
    environment: mockEnvironment(mock),
    clientSecret: MOCK_CLIENT_SECRET,
  });
  const windows = createWindowManager();
  connectIpc({
    ipcMain,
    handlers: createWindowHandlers(core),
    ourContents: () => windows.contents(),
    onUnexpected: (error, request) => console.error(`Unexpected error in ${request}:`, error),
    subscribe: core.events.on,
  });

  const { environment } = core.info();
  const tray = createAppTray(
    nativeImage.createFromPath(join(assetsDir, 'tray', 'tray-out-unknown.png')),
    { productName: 'Timeclock Tray', environmentName: environment.name, isMock: environment.isMock },
    (action) => {
      if (action === 'open-panel') windows.open('panel');
      if (action === 'quit') app.quit();
    },
  );

  app.on('second-instance', () => windows.open('panel'));
  // A tray app stays running with no window open; it quits only from the menu.
  app.on('window-all-closed', () => {});
  app.on('before-quit', () => {
    tray.destroy();
    windows.closeAll();
    void mock.close();
  });
}
