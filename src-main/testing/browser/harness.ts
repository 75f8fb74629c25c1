/**
 * Real-browser harness: serves the built windows (dist/renderer) over HTTP, opens them in
 * Debian's Chromium through playwright-core, and bridges `window.api` to the real core in the
 * test process. The page gets the same `buildWindowApi` the preload uses, so it cannot tell.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import sirv from 'sirv';
import { expectAccessible } from './accessibility.ts';
import { eventNames, invokeNames, type EventName, type InvokeApi, type PushedEvents } from '../../shared/ipc/contract.ts';
import { buildWindowApi } from '../../shared/ipc/build-window-api.ts';
import { dispatchInvoke } from '../../core/ipc/dispatch.ts';

const rendererDir = fileURLToPath(new URL('../../../dist/renderer', import.meta.url));
export const screenshotDir = fileURLToPath(new URL('../../../test-results/screenshots', import.meta.url));

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface Harness {
  open(
    window: string,
    bridge: BridgeOptions,
    options?: {
      colorScheme?: 'light' | 'dark';
      size?: { width: number; height: number };
      query?: string;
      /** Page zoom as a user sets it: the window keeps its size, CSS pixels grow (2 = 200 %). */
      zoom?: number;
      /** Windows' contrast themes, as Chromium emulates them (`forced-colors: active`). */
      forcedColors?: boolean;
    },
  ): Promise<OpenedWindow>;
  close(): Promise<void>;
}

export interface BridgeOptions {
  handlers: InvokeApi;
  /** Subscribes to the core's pushed events; the harness forwards them into the page. */
  subscribe?: <K extends EventName>(event: K, listener: (payload: PushedEvents[K]) => void) => () => void;
}

export interface OpenedWindow {
  page: Page;
  /** Every console error and CSP violation the page reported. */
  problems: string[];
  /** Every request the page made through the bridge, as the main process would see it. */
  calls: Array<{ name: string; args: unknown[]; result: unknown }>;
  /** Settles when the page calls `window.close()`; the page stays open, for the test to read. */
  closeRequested: Promise<void>;
  /**
   * Saves a full-page screenshot, after checking the window as it is now with axe-core in both the
   * light and the dark theme: every screenshot is an accessibility checkpoint, and it throws on
   * any violation.
   */
  screenshot(name: string): Promise<string>;
}

/** A window of `size` device pixels at `zoom` has that many times fewer CSS pixels. */
const zoomed = (size: { width: number; height: number }, zoom: number) => ({
  width: Math.round(size.width / zoom),
  height: Math.round(size.height / zoom),
});

// Over 80 lines on purpose: test support: one browser and the window it opens; `open` (59 lines)
// sets a page up in the order Chromium needs.
export async function startHarness(): Promise<Harness> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}: install Debian's chromium package (sudo apt-get install chromium) or set CHROMIUM_PATH.`,
    );
  }
  if (!existsSync(`${rendererDir}/panel.html`)) {
    throw new Error(`No built windows in ${rendererDir}: run "npm run build" first (npm test does).`);
  }
  const serve = sirv(rendererDir, { dev: false, etag: false });
  const server: Server = createServer((req, res) => serve(req, res, () => void res.writeHead(404).end()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser: Browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
  const contexts: BrowserContext[] = [];
  mkdirSync(screenshotDir, { recursive: true });

  return {
    async open(window, bridge, options = {}) {
      const context = await browser.newContext({
        colorScheme: options.colorScheme ?? 'light',
        viewport: zoomed(options.size ?? { width: 420, height: 560 }, options.zoom ?? 1),
        deviceScaleFactor: options.zoom ?? 1,
        forcedColors: options.forcedColors ? 'active' : 'none',
        // The Copy buttons write to the clipboard, the one permission the app grants its windows.
        permissions: ['clipboard-read', 'clipboard-write'],
      });
      contexts.push(context);
      const page = await context.newPage();
      const problems: string[] = [];
      const calls: OpenedWindow['calls'] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || /Content Security Policy/i.test(message.text())) problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));

      await page.exposeFunction('__timeclockInvoke', async (name: string, args: unknown[]) => {
        const result = await dispatchInvoke(bridge.handlers, name, args, (error) => problems.push(`internal: ${String(error)}`));
        calls.push({ name, args, result });
        // As text, parsed natively in the page: Electron's IPC hands results over natively too, while
        // Playwright's own value transfer walks every field in the page's JavaScript (a page of 100
        // rows cost the list a frame while scrolling — a cost of this stand-in, not of the app).
        return result === undefined ? undefined : JSON.stringify(result);
      });
      let requestClose = () => {};
      const closeRequested = new Promise<void>((resolve) => (requestClose = resolve));
      await page.exposeFunction('__timeclockClose', () => requestClose());
      await page.addInitScript({
        content: `(() => {
          window.close = () => void window.__timeclockClose();
          const listeners = new Map();
          window.__timeclockEmit = (name, payload) => (listeners.get(name) || []).forEach((listener) => listener(payload));
          const subscribe = (name, listener) => {
            const list = listeners.get(name) || [];
            listeners.set(name, [...list, listener]);
            return () => listeners.set(name, (listeners.get(name) || []).filter((other) => other !== listener));
          };
          const build = ${buildWindowApi.toString()};
          window.api = build(${JSON.stringify(invokeNames)}, ${JSON.stringify(eventNames)}, (name, args) => window.__timeclockInvoke(name, args).then((text) => (text === undefined ? undefined : JSON.parse(text))), subscribe);
        })();`,
      });
      for (const event of eventNames) {
        bridge.subscribe?.(event, (payload) => {
          if (!page.isClosed())
            void page
              .evaluate(
                ([name, value]) =>
                  (window as unknown as { __timeclockEmit: (n: unknown, v: unknown) => void }).__timeclockEmit(name, value),
                [event, payload] as const,
              )
              .catch(() => {});
        });
      }
      await page.goto(`${origin}/${window}.html${options.query ? `?${options.query}` : ''}`);
      return {
        page,
        problems,
        calls,
        closeRequested,
        async screenshot(name) {
          await expectAccessible(page, options.colorScheme ?? 'light', name);
          const path = `${screenshotDir}/${name}.png`;
          await page.screenshot({ path, fullPage: true });
          return path;
        },
      };
    },
    async close() {
      for (const context of contexts) await context.close();
      await browser.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
