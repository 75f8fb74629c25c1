/** What each tray menu item does (the menu itself is a pure function in core/tray/tray-menu.ts). */
import { app, clipboard, dialog, shell } from 'electron';
import { aboutText } from '../core/about.ts';
import { supportInfo } from '../core/support-info.ts';
import type { AppCore } from '../core/app-core.ts';
import { pauseUntil, type TrayAction } from '../core/tray/tray-menu.ts';
import type { EmbeddedMock } from '../mock/embedded-mock.ts';
import type { MockControl } from '../mock/mock-control.ts';
import type { WindowManager } from './window-manager.ts';

export interface TrayActionContext {
  core: AppCore;
  windows: WindowManager;
  mock: EmbeddedMock;
  openPanel: () => void;
  logsFolder: () => string;
  quit: () => void;
}

export function onTrayAction(action: TrayAction, context: TrayActionContext): void {
  const { core, windows } = context;
  switch (action) {
    case 'undo-punch':
      return void core.clock.undo('tray');
    case 'take-break':
      return void core.clock.takeBreak('tray');
    case 'toggle-clock':
      return void core.clock.toggle('tray');
    case 'open-panel':
      return context.openPanel();
    case 'open-status':
      return void windows.open('status');
    case 'open-settings':
      return void windows.open('settings');
    case 'open-lookup':
      return void windows.open('lookup');
    case 'open-hours':
      return void windows.open('hours');
    case 'open-logs':
      return void shell.openPath(context.logsFolder());
    case 'about':
      return void showAbout(core, context.logsFolder());
    case 'check-now':
      return void core.health.checkNow();
    case 'pause-15m':
    case 'pause-1h':
    case 'pause-tomorrow':
      return core.health.pauseNotifications(pauseUntil(action.slice('pause-'.length) as '15m' | '1h' | 'tomorrow', core.now()));
    case 'resume-notifications':
      return core.health.pauseNotifications(null);
    case 'quit':
      return context.quit();
    default:
      if (action.startsWith('switch-environment:'))
        return void switchEnvironment(core, action.slice('switch-environment:'.length));
      mockFaults(context.mock)[action]?.();
      void core.health.checkNow();
  }
}

/** The Mock server submenu: faults the demo can show. */
function mockFaults(mock: EmbeddedMock): Partial<Record<TrayAction, () => void>> {
  const bothSystems = (patch: Parameters<MockControl['setSystem']>[1]) => {
    mock.control()?.setSystem('source', patch);
    mock.control()?.setSystem('target', patch);
  };
  return {
    'mock-source-down': () => mock.control()?.setSystem('source', { status: 'down' }),
    'mock-source-up': () => mock.control()?.setSystem('source', { status: 'up' }),
    'mock-target-down': () => mock.control()?.setSystem('target', { status: 'down' }),
    'mock-target-up': () => mock.control()?.setSystem('target', { status: 'up' }),
    'mock-slow': () => bothSystems({ latencyMs: 2_500 }),
    'mock-rate-limit': () => bothSystems({ rateLimit: { retryAfterSeconds: 60, remaining: 1 } }),
    'mock-reset': () => mock.control()?.reset(),
  };
}

/** The About box, with a button that copies what a helpdesk asks for (core/support-info.ts). */
async function showAbout(core: AppCore, logsFolder: string): Promise<void> {
  const { productName, environment } = core.info();
  const { t } = core.translator();
  const versions = {
    electron: process.versions.electron ?? '',
    chrome: process.versions.chrome ?? '',
    node: process.versions.node,
  };
  const platform = `${process.platform} ${process.arch}`;
  // "Check for updates" only where IT set an update server and left updates on.
  const canCheck = core.updates.state().phase !== 'off';
  const buttons = [t('about.copySupport'), ...(canCheck ? [t('about.checkUpdates')] : []), t('about.close')];
  const closeButton = buttons.length - 1;
  const { response } = await dialog.showMessageBox({
    type: 'info',
    message: t('tray.about', { product: productName }),
    detail: aboutText({
      productName,
      version: app.getVersion(),
      versions,
      platform,
      environmentName: environment.name,
      dataFolder: app.getPath('userData'),
      logsFolder,
    }),
    buttons,
    defaultId: closeButton,
    cancelId: closeButton,
  });
  // Checked in the background; the tray menu shows what was found.
  if (canCheck && response === 1) void core.updates.checkNow();
  if (response === 0)
    clipboard.writeText(
      supportInfo(core, {
        version: app.getVersion(),
        platform,
        runtime: `Electron ${versions.electron} · Chromium ${versions.chrome} · Node ${versions.node}`,
        dataFolder: app.getPath('userData'),
        logsFolder,
      }),
    );
}

/** Switching from the tray: with punches still waiting in the current environment, ask first. */
async function switchEnvironment(core: AppCore, id: string): Promise<void> {
  const first = core.switchEnvironment(id, false);
  if (first.ok) return;
  const { t } = core.translator();
  const { response } = await dialog.showMessageBox({
    type: 'question',
    buttons: [t('settings.env.switch'), t('settings.cancel')],
    defaultId: 1,
    cancelId: 1,
    message: t('settings.env.confirm', { kind: 'switch' }),
    detail: first.warning,
  });
  if (response === 0) core.switchEnvironment(id, true);
  else core.environmentsChanged(); // puts the radio item back
}
