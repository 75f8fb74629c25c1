/**
 * A stand-in for the `electron` module, for running the built main bundle where Electron's binary
 * cannot be had: windows are pages of a real Chromium, the rest is recorded and operable by the
 * test over the forked process's channel. Test support only, never shipped; what it cannot do as
 * Electron does is listed in docs/architecture.md ("The whole app without Electron").
 */
import { isMainThread } from 'node:worker_threads';
import { app } from './app.ts';
import { listen } from './control.ts';
import { dialog, Menu, MenuItem, nativeImage, Notification, Tray } from './desktop.ts';
import { ipcMain } from './ipc.ts';
import { net, protocol } from './protocol.ts';
import { clipboard, globalShortcut, nativeTheme, powerMonitor, safeStorage, screen, session, shell } from './system.ts';
import { BrowserWindow, webContents } from './windows.ts';
import * as self from './electron.ts';

if (isMainThread) listen();

/** Undefined in a main process, as in Electron; a preload gets its own (see ipc.ts). */
export const contextBridge = undefined;
export const ipcRenderer = undefined;

export {
  app,
  BrowserWindow,
  clipboard,
  dialog,
  globalShortcut,
  ipcMain,
  Menu,
  MenuItem,
  nativeImage,
  nativeTheme,
  net,
  Notification,
  powerMonitor,
  protocol,
  safeStorage,
  screen,
  session,
  shell,
  Tray,
  webContents,
};

// `import electron from 'electron'` (electron-store) gets the same members as the named imports.
export default self;
