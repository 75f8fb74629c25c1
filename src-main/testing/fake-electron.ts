/**
 * A small fake of the `electron` module for unit tests of the shell (aliased in vite.config.ts).
 * It records what the shell asks of Electron; it implements no behaviour worth testing itself.
 */
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
  menu: { template: unknown[] } | null = null;
  constructor(readonly image: unknown) {
    super();
    Tray.created.push(this);
  }
  setToolTip(text: string) {
    this.tooltip = text;
  }
  setContextMenu(menu: { template: unknown[] }) {
    this.menu = menu;
  }
  destroy() {}
}

export const Menu = { buildFromTemplate: (template: unknown[]) => ({ template }) };

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

export const net = { fetch: async (url: string) => new Response(`fetched ${url}`) };
export const nativeImage = { createFromPath: (path: string) => ({ path }) };

/** Forget everything recorded, between tests. */
export function resetFakeElectron(): void {
  BrowserWindow.created.length = 0;
  Tray.created.length = 0;
  ipcMain.handlers.clear();
  shell.opened.length = 0;
  protocol.privileged.length = 0;
  protocol.handlers.clear();
  session.defaultSession.requestHandler = null;
  session.defaultSession.checkHandler = null;
}
