/**
 * The Electron main process: wires the plain-Node core to the shell's adapters (tray, windows,
 * IPC, protocol, notifications, power events, global shortcut). Starts in the built-in Mock
 * environment with the embedded mock server, unless the user or IT chose another environment.
 */
import { accessSync, constants } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import { join } from 'node:path';
import { app, dialog, ipcMain, nativeTheme, net, screen, shell } from 'electron';
import { aboutText } from './core/about.ts';
import { catchUncaught } from './core/logging/uncaught.ts';
import { openAppLog } from './electron/app-log.ts';
import { claimSingleInstance } from './electron/single-instance.ts';
import { createAppCore, type AppCore } from './core/app-core.ts';
import { createWindowHandlers } from './core/ipc/window-handlers.ts';
import { createSecretVault } from './core/security/vault.ts';
import { adminFileLocation, adminFileWarning, loadAdminPolicy } from './core/settings/admin-policy.ts';
import { createSettingsService } from './core/settings/settings-service.ts';
import { panelPosition } from './core/tray/panel-position.ts';
import { pauseUntil, type TrayAction } from './core/tray/tray-menu.ts';
import { readIfPresent } from './core/util/text-file.ts';
import { trayView } from './core/tray/tray-view.ts';
import { createEmbeddedMock, type EmbeddedMock } from './mock/embedded-mock.ts';
import type { MockControl } from './mock/mock-control.ts';
import { MOCK_ENVIRONMENT_ID } from './core/environments/environment.ts';
import { registerAppScheme, serveAppScheme } from './electron/app-protocol.ts';
import { assetsDir, rendererDir } from './electron/app-paths.ts';
import { createAppTray } from './electron/app-tray.ts';
import { showNotification } from './electron/desktop-notifications.ts';
import { useGlobalShortcuts } from './electron/global-shortcut.ts';
import { connectIpc } from './electron/ipc-bridge.ts';
import { createSafeStorageEncryptor } from './electron/safe-storage-encryptor.ts';
import { denyAllPermissions } from './electron/secure-window.ts';
import { openSettingsStore } from './electron/settings-store.ts';
import { useApplicationMenu } from './electron/app-menu.ts';
import { systemProxyRoute } from './electron/system-proxy.ts';
import { watchSystem } from './electron/system-watch.ts';
import { createWindowManager, PANEL_SIZE, type WindowManager } from './electron/window-manager.ts';

if (process.platform === 'linux') {
  // Newer Electron defaults to GTK 4 on GNOME, where StatusNotifier trays misbehave.
  app.commandLine.appendSwitch('gtk-version', '3');
}

/** Whether this user could change a file that exists (false when it does not exist). */
function isWritable(path: string): boolean {
  try {
    accessSync(path, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/** Set once the tray exists: a second launch opens the panel of this one. */
let onSecondLaunch = () => {};
if (claimSingleInstance(app, () => onSecondLaunch())) {
  registerAppScheme();
  void app.whenReady().then(start);
}

async function start(): Promise<void> {
  app.dock?.hide();
  denyAllPermissions();
  useApplicationMenu();
  serveAppScheme(rendererDir);

  const adminFile = adminFileLocation(process.platform, process.env, app.isPackaged);
  const admin = loadAdminPolicy(adminFile, readIfPresent);
  const { store, problems } = openSettingsStore();
  const settings = createSettingsService(store, admin);
  const vault = createSecretVault(await createSafeStorageEncryptor(), {
    vaultEntry: settings.vaultEntry,
    setVaultEntry: settings.setVaultEntry,
    allowWeakStorage: () => settings.preferences().security.allowWeakSecretStorage,
    weakStorageAllowedBy: () => (settings.isLocked('security.allowWeakSecretStorage') ? 'admin' : 'user'),
    vaultIds: settings.vaultIds,
  });
  await vault.unlock(); // the stored secrets, decrypted once before anything needs them
  const { logger: log, folder: logsFolder } = openAppLog(vault.knownSecrets);
  catchUncaught(
    process,
    log,
    (summary) => void dialog.showMessageBox({ type: 'error', message: 'Timeclock Tray', detail: summary }),
    vault.knownSecrets,
  );
  log.info(`Starting ${app.getName()} ${app.getVersion()}`);
  for (const problem of [...admin.problems, ...problems, ...settings.problems]) log.warn(problem);
  const adminWarning = adminFileWarning(adminFile, isWritable(adminFile));
  if (adminWarning) log.warn(adminWarning);

  // The built-in mock runs only while the Mock environment is active.
  const mock = createEmbeddedMock();
  const core = createAppCore({
    productName: 'Timeclock Tray',
    version: app.getVersion(),
    settings,
    vault,
    mockUrls: () => mock.urls(),
    dataDir: app.getPath('userData'),
    isOnline: () => net.isOnline(),
    // Requests follow the system's proxy settings and trust the operating system's certificates.
    network: { route: systemProxyRoute, systemCa: true },
    startLookupWorker: (config) => new Worker(new URL('./lookup-worker.js', import.meta.url), { workerData: { config } }),
  });

  /** Starts or stops the mock to match the active environment; new addresses (the first start) reach the core. */
  const followMock = async () => {
    const before = JSON.stringify(mock.urls());
    await mock.follow(core.activeEnvironment().id === MOCK_ENVIRONMENT_ID);
    if (JSON.stringify(mock.urls()) !== before) core.environmentsChanged();
  };
  await followMock();
  core.events.on('environmentsChanged', () => void followMock());

  const windows = createWindowManager(undefined, {
    opened: (name) => name === 'lookup' && core.lookup.windowOpened(),
    closed: (name) => name === 'lookup' && core.lookup.windowClosed(),
  });
  const openPanel = () => {
    const cursor = screen.getCursorScreenPoint();
    const { workArea } = screen.getDisplayNearestPoint(cursor);
    windows.open('panel', undefined, panelPosition(tray.bounds(), PANEL_SIZE, workArea, cursor));
  };
  let shortcutProblems: ReturnType<typeof useGlobalShortcuts> = {};
  connectIpc({
    ipcMain,
    handlers: createWindowHandlers(core, {
      openWindow: (name, section) => windows.open(name, section ? { section } : undefined),
      hidePanel: () => windows.close('panel'),
      shortcutProblems: () => shortcutProblems,
      saveFile: (suggestedName, content) => saveWithDialog(suggestedName, content),
    }),
    ourContents: () => windows.contents(),
    onUnexpected: (error, request) => log.error(`Unexpected error in ${request}:`, error),
    subscribe: core.events.on,
  });

  const tray = createAppTray(join(assetsDir, 'tray'), trayView(core), (action) =>
    onTrayAction(action, { core, windows, mock, openPanel, logsFolder, quit: () => app.quit() }),
  );
  const refreshTray = () => tray.show(trayView(core));
  core.health.onUpdate(refreshTray);
  core.clock.onChange(refreshTray);
  core.events.on('environmentsChanged', refreshTray);

  core.health.onNotification((notification) =>
    showNotification(notification, () => {
      const system = notification.systems[0] ?? 'source';
      windows.open('status', { system });
      core.events.emit('focusSystem', system);
    }),
  );
  core.clock.onNotification((notification) =>
    showNotification(
      {
        ...notification,
        ...(notification.action === 'clock-out' ? { button: { label: 'Clock out', run: () => void core.clock.clockOut() } } : {}),
      },
      openPanel,
    ),
  );
  for (const problem of core.problems)
    showNotification({ title: 'Timeclock Tray needs your attention', body: problem }, openPanel);

  // Settings that reach outside the app apply live: shortcuts, theme, start at login.
  const shortcutsOf = () => [settings.preferences().clock.globalShortcut, settings.preferences().lookup.globalShortcut];
  const applyShortcuts = () => {
    const { clock, lookup } = settings.preferences();
    shortcutProblems = useGlobalShortcuts({
      'clock.globalShortcut': {
        accelerator: clock.globalShortcut,
        purpose: 'clocks in or out',
        onPress: () => void core.clock.toggle(),
      },
      'lookup.globalShortcut': {
        accelerator: lookup.globalShortcut,
        purpose: 'opens the debtor lookup',
        onPress: () => windows.open('lookup'),
      },
    });
    for (const [path, problem] of Object.entries(shortcutProblems)) {
      log.warn(problem);
      showNotification({ title: 'Global shortcut not set', body: problem }, () =>
        windows.open('settings', { section: path.startsWith('lookup') ? 'lookup' : 'clock' }),
      );
    }
  };
  const applyGeneral = () => {
    const { theme, startAtLogin } = settings.preferences().general;
    nativeTheme.themeSource = theme;
    if (app.getLoginItemSettings().openAtLogin !== startAtLogin) app.setLoginItemSettings({ openAtLogin: startAtLogin });
  };
  let shortcuts = shortcutsOf().join('\n');
  applyShortcuts();
  applyGeneral();
  settings.onChange(() => {
    applyGeneral();
    refreshTray();
    if (shortcutsOf().join('\n') === shortcuts) return;
    shortcuts = shortcutsOf().join('\n');
    applyShortcuts();
  });
  if (!settings.welcomed()) windows.open('welcome');

  const stopWatching = watchSystem({
    onStale: () => {
      core.health.reset();
      void core.clock.refresh();
      void core.clock.sync();
    },
    onResumed: (since, how) => core.clock.resumed(since, how),
  });
  core.health.start();
  core.clock.start();

  onSecondLaunch = openPanel;
  // A tray app stays running with no window open; it quits only from the menu.
  app.on('window-all-closed', () => {});
  let secretsSaved = false;
  app.on('before-quit', (event) => {
    // A secret typed just now is encrypted asynchronously: quit once it is on disk.
    if (!secretsSaved) {
      event.preventDefault();
      void vault.flush().finally(() => {
        secretsSaved = true;
        app.quit();
      });
      return;
    }
    stopWatching();
    useGlobalShortcuts({});
    core.health.stop();
    core.clock.stop();
    void core.health.flush();
    tray.destroy();
    windows.closeAll();
    void core.lookup.stop();
    void mock.close();
  });
}

interface TrayActionContext {
  core: AppCore;
  windows: WindowManager;
  mock: EmbeddedMock;
  openPanel: () => void;
  logsFolder: () => string;
  quit: () => void;
}

function onTrayAction(action: TrayAction, { core, windows, mock, openPanel, logsFolder, quit }: TrayActionContext): void {
  const bothSystems = (patch: Parameters<MockControl['setSystem']>[1]) => {
    mock.control()?.setSystem('source', patch);
    mock.control()?.setSystem('target', patch);
  };
  const mockFaults: Partial<Record<TrayAction, () => void>> = {
    'mock-source-down': () => mock.control()?.setSystem('source', { status: 'down' }),
    'mock-source-up': () => mock.control()?.setSystem('source', { status: 'up' }),
    'mock-target-down': () => mock.control()?.setSystem('target', { status: 'down' }),
    'mock-target-up': () => mock.control()?.setSystem('target', { status: 'up' }),
    'mock-slow': () => bothSystems({ latencyMs: 2_500 }),
    'mock-rate-limit': () => bothSystems({ rateLimit: { retryAfterSeconds: 60, remaining: 1 } }),
    'mock-reset': () => mock.control()?.reset(),
  };
  const now = Date.now();
  switch (action) {
    case 'toggle-clock':
      return void core.clock.toggle();
    case 'open-panel':
      return openPanel();
    case 'open-status':
      return void windows.open('status');
    case 'open-settings':
      return void windows.open('settings');
    case 'open-lookup':
      return void windows.open('lookup');
    case 'open-logs':
      return void shell.openPath(logsFolder());
    case 'about':
      return void dialog.showMessageBox({
        type: 'info',
        message: `About ${core.info().productName}`,
        detail: aboutText({
          productName: core.info().productName,
          version: app.getVersion(),
          versions: {
            electron: process.versions.electron ?? '',
            chrome: process.versions.chrome ?? '',
            node: process.versions.node,
          },
          platform: `${process.platform} ${process.arch}`,
          environmentName: core.info().environment.name,
          dataFolder: app.getPath('userData'),
          logsFolder: logsFolder(),
        }),
      });
    case 'check-now':
      return void core.health.checkNow();
    case 'pause-15m':
    case 'pause-1h':
    case 'pause-tomorrow':
      return core.health.pauseNotifications(pauseUntil(action.slice('pause-'.length) as '15m' | '1h' | 'tomorrow', now));
    case 'resume-notifications':
      return core.health.pauseNotifications(null);
    case 'quit':
      return quit();
    default:
      if (action.startsWith('switch-environment:'))
        return void switchEnvironment(core, action.slice('switch-environment:'.length));
      mockFaults[action]?.();
      void core.health.checkNow();
  }
}

/** Export: the user picks where; the file is written only there. */
async function saveWithDialog(suggestedName: string, content: string): Promise<string | null> {
  const { canceled, filePath } = await dialog.showSaveDialog({
    defaultPath: join(app.getPath('downloads'), suggestedName),
    filters: [{ name: 'CSV (spreadsheet)', extensions: ['csv'] }],
  });
  if (canceled || !filePath) return null;
  await writeFile(filePath, content, 'utf8');
  return filePath;
}

/** Switching from the tray: with punches still waiting in the current environment, ask first. */
async function switchEnvironment(core: AppCore, id: string): Promise<void> {
  const warning = core.switchWarning(id);
  if (warning) {
    const { response } = await dialog.showMessageBox({
      type: 'question',
      buttons: ['Switch', 'Cancel'],
      defaultId: 1,
      cancelId: 1,
      message: 'Switch environment?',
      detail: warning,
    });
    if (response !== 0) return core.environmentsChanged(); // puts the radio item back
  }
  core.environments.setActive(id);
  core.environmentsChanged();
}
