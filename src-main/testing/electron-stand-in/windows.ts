/**
 * `BrowserWindow` and its `webContents` as pages of one real Chromium: loadURL opens the page
 * (app:// through the handler main registered), the preload runs before the page's scripts, and
 * ipcRenderer.invoke reaches ipcMain's handler with a sender whose frame URL is the real one of
 * the frame that called. Navigation asks 'will-navigate' listeners first; window.open asks the
 * window-open handler. Windows are pages of one browser context, so they share a colour scheme.
 */
import { readFileSync } from 'node:fs';
import { EventEmitter } from 'node:events';
import type { Page } from 'playwright-core';
import { newPage } from './chromium.ts';
import { report } from './control.ts';
import { DELIVER, INVOKE_BINDING, ipcMain, preloadScript } from './ipc.ts';

const CLOSE_BINDING = '__standInCloseWindow';
import { electronUrl, loadableUrl } from './protocol.ts';

interface WindowOptions {
  title?: string;
  width?: number;
  height?: number;
  x?: number;
  y?: number;
  show?: boolean;
  webPreferences?: { preload?: string; contextIsolation?: boolean; sandbox?: boolean; nodeIntegration?: boolean };
}

let nextId = 1;
const allWindows = new Set<BrowserWindow>();

export class WebContents extends EventEmitter {
  readonly id = nextId++;
  page: Page | null = null;
  private destroyed = false;
  private openHandler: (details: { url: string }) => { action: 'allow' | 'deny' } = () => ({ action: 'allow' });
  constructor(readonly window: BrowserWindow) {
    super();
  }
  isDestroyed = () => this.destroyed;
  markDestroyed() {
    this.destroyed = true;
    this.emit('destroyed');
  }
  getURL = () => (this.page ? electronUrl(this.page.url()) : '');
  setWindowOpenHandler(handler: typeof this.openHandler) {
    this.openHandler = handler;
  }
  /** Asked by a page's window.open (a popup): a denied one is closed before it shows anything. */
  allowsPopup = (url: string) => this.openHandler({ url }).action === 'allow';
  send(channel: string, ...args: unknown[]): void {
    if (this.destroyed || !this.page || this.page.isClosed()) return;
    void this.page
      .evaluate(
        ([name, channelName, payload]) =>
          (globalThis as unknown as Record<string, (c: unknown, p: unknown) => void>)[name]?.(channelName, payload),
        [DELIVER, channel, args[0]] as const,
      )
      .catch(() => {});
  }
  /** Electron's printToPDF: the page as its print styles show it, by the same Chromium (headless) that shows it. */
  async printToPDF(options: { pageSize?: string; printBackground?: boolean } = {}): Promise<Buffer> {
    if (!this.page) throw new Error('No page to print.');
    return this.page.pdf({ format: options.pageSize ?? 'A4', printBackground: options.printBackground ?? false });
  }
  /** The system's print dialog, which a desktop without a printer cannot show: the request is kept for the test. */
  readonly printed: unknown[] = [];
  print(options: unknown = {}): void {
    this.printed.push(options);
  }
  /** Whether 'will-navigate' listeners let the page go to `url`. */
  navigationAllowed(url: string): boolean {
    let prevented = false;
    this.emit('will-navigate', { preventDefault: () => (prevented = true), url }, url);
    return !prevented;
  }
}

export class BrowserWindow extends EventEmitter {
  static getAllWindows = () => [...allWindows];
  static getFocusedWindow = () => null;
  readonly webContents: WebContents;
  readonly id: number;
  title: string;
  private visible: boolean;
  private destroyed = false;
  private position: [number, number];

  constructor(readonly options: WindowOptions = {}) {
    super();
    this.webContents = new WebContents(this);
    this.id = this.webContents.id;
    this.title = options.title ?? '';
    this.visible = options.show ?? true;
    this.position = [options.x ?? 0, options.y ?? 0];
    allWindows.add(this);
  }

  async loadURL(url: string): Promise<void> {
    report('window-loading', { id: this.id, url });
    const page = await this.preparedPage(url);
    this.webContents.page = page;
    page.on('close', () => this.destroy());
    report('window-opened', { id: this.id, url, title: this.title });
    await page.goto(loadableUrl(url));
    this.emit('ready-to-show');
    this.webContents.emit('did-finish-load');
  }

  /** A page made ready for this window, unless the window was closed meanwhile. */
  private async preparedPage(url: string): Promise<Page> {
    const size = { width: this.options.width ?? 800, height: this.options.height ?? 600 };
    const page = await newPage(size);
    if (this.destroyed) {
      // Closed while its page was being made: Electron aborts the load the same way.
      await page.close().catch(() => {});
      throw new Error(`ERR_ABORTED (-3) loading '${url}'`);
    }
    await this.prepare(page, url, size);
    return page;
  }

  /** The preload before the page's scripts, IPC and window.close() bindings, the navigation guard. */
  private async prepare(page: Page, url: string, size: { width: number; height: number }): Promise<void> {
    if (page.viewportSize()) await page.setViewportSize(size);
    await page.exposeBinding(INVOKE_BINDING, (source, channel: string, args: unknown[]) =>
      this.invoke(source.frame.url(), channel, args),
    );
    // A page's own window.close() closes its window, as in Electron (Chromium ignores it for a
    // window no script opened).
    await page.exposeBinding(CLOSE_BINDING, () => this.close());
    await page.addInitScript(`window.close = () => void window.${CLOSE_BINDING}();`);
    const preload = this.options.webPreferences?.preload;
    if (preload) await page.addInitScript({ content: preloadScript(readFileSync(preload, 'utf8')) });
    await this.guardNavigation(page, loadableUrl(url));
    page.on('popup', (popup) => {
      if (!this.webContents.allowsPopup(popup.url())) void popup.close();
    });
  }

  /** Every top-level navigation after the first load asks will-navigate, as Electron does. */
  private async guardNavigation(page: Page, first: string): Promise<void> {
    let loaded = false;
    await page.route('**/*', (route) => {
      const request = route.request();
      if (!request.isNavigationRequest() || request.frame() !== page.mainFrame()) return void route.continue();
      // The first load, and reloads, are not navigations away (Electron emits no will-navigate).
      if ((!loaded && request.url() === first) || request.url() === page.url()) {
        loaded = true;
        return void route.continue();
      }
      return void (this.webContents.navigationAllowed(electronUrl(request.url())) ? route.continue() : route.abort('aborted'));
    });
  }

  private async invoke(frameUrl: string, channel: string, args: unknown[]): Promise<unknown> {
    const handler = ipcMain.handlers.get(channel);
    if (!handler) throw new Error(`No handler registered for '${channel}'`);
    const event = { sender: this.webContents, senderFrame: { url: electronUrl(frameUrl) }, frameId: 0, processId: 0 };
    // Electron passes arguments and results by structured clone; JSON is what the binding carries.
    return JSON.parse(JSON.stringify((await handler(event, ...args)) ?? null)) as unknown;
  }

  show() {
    this.visible = true;
    this.emit('show');
  }
  hide() {
    this.visible = false;
  }
  focus() {
    void this.webContents.page?.bringToFront().catch(() => {});
    this.emit('focus');
  }
  blur() {
    this.emit('blur');
  }
  isVisible = () => this.visible;
  isDestroyed = () => this.destroyed;
  setPosition(x: number, y: number) {
    this.position = [x, y];
  }
  getPosition = () => [...this.position];
  setTitle(title: string) {
    this.title = title;
  }
  close() {
    let prevented = false;
    this.emit('close', { preventDefault: () => (prevented = true) });
    if (!prevented) this.destroy();
  }
  destroy() {
    if (this.destroyed) return;
    this.destroyed = true;
    allWindows.delete(this);
    const page = this.webContents.page;
    if (page && !page.isClosed()) void page.close().catch(() => {});
    this.webContents.markDestroyed();
    report('window-closed', { id: this.id });
    this.emit('closed');
  }
}

export const webContents = {
  getAllWebContents: () => [...allWindows].map((window) => window.webContents),
  fromId: (id: number) => [...allWindows].find((window) => window.id === id)?.webContents,
};
