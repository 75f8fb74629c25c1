/**
 * Windows are created on demand and destroyed when closed: a tray app keeps no renderer alive
 * while nobody looks at it. Opening a window that is already open focuses it.
 */
import type { BrowserWindow, BrowserWindowConstructorOptions, WebContents } from 'electron';
import { createSecureWindow } from './secure-window.ts';
import { windowSizes, type WindowName } from './window-sizes.ts';

export { PANEL_SIZE, type WindowName } from './window-sizes.ts';

const specs: Record<WindowName, Omit<BrowserWindowConstructorOptions, 'webPreferences'>> = {
  // The tray panel: small, frameless, above other windows, on the current workspace only.
  panel: {
    title: 'Timeclock Tray',
    ...windowSizes.panel,
    frame: false,
    resizable: false,
    movable: false,
    minimizable: false,
    maximizable: false,
    fullscreenable: false,
    skipTaskbar: true,
    alwaysOnTop: true,
  },
  // Sizes are of the page, not of the frame around it: the title bar's height differs by system and
  // scale, and the tests check each page at exactly these sizes.
  status: { title: 'Timeclock service health', ...windowSizes.status, useContentSize: true },
  hours: { title: 'My time — Timeclock Tray', ...windowSizes.hours, useContentSize: true },
  lookup: { title: 'Debtor lookup — Timeclock Tray', ...windowSizes.lookup, useContentSize: true },
  settings: { title: 'Settings — Timeclock Tray', ...windowSizes.settings, useContentSize: true },
  welcome: {
    title: 'Welcome to Timeclock Tray',
    ...windowSizes.welcome,
    useContentSize: true,
    maximizable: false,
    fullscreenable: false,
  },
};

export interface WindowManager {
  /** Opens (or shows) a window; `query` reaches a new window as URL parameters. */
  open(name: WindowName, query?: Record<string, string>, position?: { x: number; y: number }): BrowserWindow;
  close(name: WindowName): void;
  contents(): WebContents[];
  /** The open window's page, or null when it is not open. */
  contentsOf(name: WindowName): WebContents | null;
  closeAll(): void;
}

export function createWindowManager(
  create: typeof createSecureWindow = createSecureWindow,
  events: { opened?: (name: WindowName) => void; closed?: (name: WindowName) => void } = {},
): WindowManager {
  const open = new Map<WindowName, BrowserWindow>();
  return {
    open(name, query, position) {
      const existing = open.get(name);
      if (existing && !existing.isDestroyed()) {
        if (position) existing.setPosition(position.x, position.y);
        existing.show();
        existing.focus();
        return existing;
      }
      const window = create(name, { ...specs[name], ...position }, query);
      open.set(name, window);
      events.opened?.(name);
      window.on('closed', () => {
        open.delete(name);
        events.closed?.(name);
      });
      // The panel goes away when the user looks elsewhere; it is rebuilt in a moment when needed.
      if (name === 'panel') window.on('blur', () => window.destroy());
      return window;
    },
    close(name) {
      const window = open.get(name);
      if (window && !window.isDestroyed()) window.destroy();
    },
    contents: () => [...open.values()].filter((window) => !window.isDestroyed()).map((window) => window.webContents),
    contentsOf(name) {
      const window = open.get(name);
      return window && !window.isDestroyed() ? window.webContents : null;
    },
    closeAll: () => open.forEach((window) => window.destroy()),
  };
}
