/**
 * Windows are created on demand and destroyed when closed: a tray app keeps no renderer alive
 * while nobody looks at it. Opening a window that is already open focuses it.
 */
import type { BrowserWindow, BrowserWindowConstructorOptions, WebContents } from 'electron';
import { createSecureWindow } from './secure-window.ts';

export type WindowName = 'panel' | 'status';

const specs: Record<WindowName, Omit<BrowserWindowConstructorOptions, 'webPreferences'>> = {
  panel: { title: 'Timeclock Tray', width: 400, height: 520, resizable: false, maximizable: false, fullscreenable: false },
  status: { title: 'Timeclock service health', width: 900, height: 760, minWidth: 480, minHeight: 420 },
};

export interface WindowManager {
  /** Opens (or shows) a window; `query` reaches a new window as URL parameters. */
  open(name: WindowName, query?: Record<string, string>): BrowserWindow;
  contents(): WebContents[];
  closeAll(): void;
}

export function createWindowManager(create: typeof createSecureWindow = createSecureWindow): WindowManager {
  const open = new Map<WindowName, BrowserWindow>();
  return {
    open(name, query) {
      const existing = open.get(name);
      if (existing && !existing.isDestroyed()) {
        existing.show();
        existing.focus();
        return existing;
      }
      const window = create(name, specs[name], query);
      open.set(name, window);
      window.on('closed', () => open.delete(name));
      return window;
    },
    contents: () => [...open.values()].filter((window) => !window.isDestroyed()).map((window) => window.webContents),
    closeAll: () => open.forEach((window) => window.destroy()),
  };
}
