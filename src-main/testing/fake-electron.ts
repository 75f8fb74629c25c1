/**
 * A small fake of the `electron` module for unit tests of the shell (aliased in vite.config.ts).
 * It records what the shell asks of Electron; it implements no behaviour worth testing itself.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NotificationOptions } from './notification-options.ts';
type Listener = (...args: unknown[]) => unknown;

class Emitting {
  readonly listeners = new Map<string, Listener[]>();
  on(event: string, listener: Listener) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  once(event: string, listener: Listener) {
    return this.on(event, listener);
  }
  /** Test helper: fire an event as Electron would. */
  emit(event: string, ...args: unknown[]) {
    return (this.listeners.get(event) ?? []).map((listener) => listener(...args));
  }
}

export class FakeWebContents extends Emitting {
  openHandler: ((details: { url: string }) => { action: string }) | null = null;
  readonly sent: Array<{ channel: string; payload: unknown }> = [];
  destroyed = false;
  setWindowOpenHandler(handler: FakeWebContents['openHandler']) {
    this.openHandler = handler;
  }
  send(channel: string, payload: unknown) {
    this.sent.push({ channel, payload });
  }
  isDestroyed() {
    return this.destroyed;
  }
}

export class BrowserWindow extends Emitting {
  static readonly created: BrowserWindow[] = [];
  readonly webContents = new FakeWebContents();
  url = '';
  shown = 0;
  destroyed = false;
  constructor(readonly options: Record<string, unknown>) {
    super();
    BrowserWindow.created.push(this);
  }
  loadURL(url: string) {
    this.url = url;
    return Promise.resolve();
  }
  show() {
    this.shown++;
  }
  focus() {}
  isDestroyed() {
    return this.destroyed;
  }
  destroy() {
    this.destroyed = true;
    this.webContents.destroyed = true;
    this.emit('closed');
  }
}

export class Tray extends Emitting {
  static readonly created: Tray[] = [];
  tooltip = '';
  title = '';
  menu: { template: unknown[] } | null = null;
  menusSet = 0;
  imagesSet = 0;
  constructor(public image: unknown) {
    super();
    Tray.created.push(this);
  }
  setImage(image: unknown) {
    this.image = image;
    this.imagesSet++;
  }
  setTitle(title: string) {
    this.title = title;
  }
  getBounds() {
    return { x: 0, y: 0, width: 0, height: 0 };
  }
  setToolTip(text: string) {
    this.tooltip = text;
  }
  setContextMenu(menu: { template: unknown[] }) {
    this.menu = menu;
    this.menusSet++;
  }
  destroyed = false;
  isDestroyed() {
    return this.destroyed;
  }
  destroy() {
    this.destroyed = true;
  }
}

export const app = new (class extends Emitting {
  locked = true;
  quits = 0;
  /** What the last lock request told a running app (its session). */
  lockData: unknown = null;
  userData = mkdtempSync(join(tmpdir(), 'fake-electron-'));
  getPath() {
    return this.userData;
  }
  /** A release build (true) or development (false). */
  isPackaged = true;
  requestSingleInstanceLock(data?: unknown) {
    this.lockData = data ?? null;
    return this.locked;
  }
  quit() {
    this.quits++;
  }
  loginItem = { openAtLogin: false };
  getLoginItemSettings() {
    return this.loginItem;
  }
  setLoginItemSettings(settings: { openAtLogin: boolean }) {
    this.loginItem = settings;
  }
  systemLanguages = ['en-US'];
  getPreferredSystemLanguages() {
    return this.systemLanguages;
  }
  /** Windows identity calls, in order ("aumid:…", "clsid:…"). */
  identity: string[] = [];
  setAppUserModelId(id: string) {
    this.identity.push(`aumid:${id}`);
  }
  setToastActivatorCLSID(id: string) {
    this.identity.push(`clsid:${id}`);
  }
})();

export const nativeTheme = new (class extends Emitting {
  themeSource: 'system' | 'light' | 'dark' = 'system';
  shouldUseDarkColors = false;
  shouldUseHighContrastColors = false;
  off(event: string, listener: Listener) {
    this.listeners.set(
      event,
      (this.listeners.get(event) ?? []).filter((other) => other !== listener),
    );
    return this;
  }
})();

export const Menu = {
  buildFromTemplate: (template: unknown[]) => ({ template }),
  applicationMenu: undefined as { template: unknown[] } | null | undefined,
  setApplicationMenu(menu: { template: unknown[] } | null) {
    this.applicationMenu = menu;
  },
};

export const ipcMain = {
  handlers: new Map<string, Listener>(),
  handle(channel: string, handler: Listener) {
    this.handlers.set(channel, handler);
  },
};

export const shell = {
  opened: [] as string[],
  async openExternal(url: string) {
    this.opened.push(url);
  },
};

export const session = {
  defaultSession: {
    requestHandler: null as Listener | null,
    checkHandler: null as Listener | null,
    setPermissionRequestHandler(handler: Listener) {
      this.requestHandler = handler;
    },
    setPermissionCheckHandler(handler: Listener) {
      this.checkHandler = handler;
    },
    /** Chromium's proxy resolution: the rule it answers, or its failure. */
    proxyRule: 'DIRECT' as string | Error,
    async resolveProxy(_url: string): Promise<string> {
      if (this.proxyRule instanceof Error) throw this.proxyRule;
      return this.proxyRule;
    },
  },
};

export const protocol = {
  privileged: [] as unknown[],
  handlers: new Map<string, Listener>(),
  registerSchemesAsPrivileged(schemes: unknown[]) {
    this.privileged.push(...schemes);
  },
  handle(scheme: string, handler: Listener) {
    this.handlers.set(scheme, handler);
  },
};

export const net = { online: true, fetch: async (url: string) => new Response(`fetched ${url}`), isOnline: () => net.online };
// The same image stand-in as the whole-app tests' (it only records the file and the template flag).
export { nativeImage } from './electron-stand-in/desktop.ts';

export class Notification extends Emitting {
  static readonly shown: Notification[] = [];
  static isSupported = () => true;
  constructor(readonly options: NotificationOptions) {
    super();
  }
  show() {
    Notification.shown.push(this);
  }
  /** Windows' activation router, as the shell registered it. */
  static activate: ((details: { type: string; arguments: string }) => void) | null = null;
  static handleActivation(callback: (details: { type: string; arguments: string }) => void) {
    Notification.activate = callback;
  }
}

export const globalShortcut = {
  registered: new Map<string, Listener>(),
  taken: new Set<string>(),
  register(accelerator: string, callback: Listener) {
    if (accelerator.includes('Bogus')) throw new Error(`Failed to parse accelerator: ${accelerator}`);
    if (this.taken.has(accelerator)) return false;
    this.registered.set(accelerator, callback);
    return true;
  },
  unregisterAll() {
    this.registered.clear();
  },
};

export const powerMonitor = new (class extends Emitting {
  /** Seconds since the last keyboard or mouse input, as the system says. */
  idleSeconds = 0;
  getSystemIdleTime() {
    return this.idleSeconds;
  }
  off(event: string, listener: Listener) {
    this.listeners.set(
      event,
      (this.listeners.get(event) ?? []).filter((other) => other !== listener),
    );
    return this;
  }
})();

/** The OS's encryption as Chromium reports it: a backend the test chooses (Linux's names). */
export const safeStorage = {
  backend: 'gnome_libsecret',
  isAsyncEncryptionAvailable: async () => true,
  getSelectedStorageBackend() {
    return this.backend;
  },
  encryptStringAsync: async (plain: string) => Buffer.from(plain, 'utf8'),
  decryptStringAsync: async (data: Buffer) => ({ shouldReEncrypt: false, result: data.toString('utf8') }),
};

/** Forget everything recorded, between tests. */
export function resetFakeElectron(): void {
  BrowserWindow.created.length = 0;
  Tray.created.length = 0;
  Object.assign(nativeTheme, { themeSource: 'system', shouldUseDarkColors: false, shouldUseHighContrastColors: false });
  nativeTheme.listeners.clear();
  ipcMain.handlers.clear();
  shell.opened.length = 0;
  protocol.privileged.length = 0;
  protocol.handlers.clear();
  session.defaultSession.requestHandler = null;
  session.defaultSession.checkHandler = null;
  Notification.shown.length = 0;
  safeStorage.backend = 'gnome_libsecret';
  powerMonitor.listeners.clear();
  powerMonitor.idleSeconds = 0;
  net.online = true;
  globalShortcut.registered.clear();
  app.locked = true;
  app.quits = 0;
  app.isPackaged = true;
  Menu.applicationMenu = undefined;
  app.listeners.clear();
  globalShortcut.taken.clear();
}
