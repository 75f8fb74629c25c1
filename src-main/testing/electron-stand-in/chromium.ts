/**
 * The one Chromium every stand-in window is a page of: Debian's, headless, launched on first use
 * with a DevTools port the test connects to (so the test drives the very pages the app opened).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { onShutdown, shuttingDown } from './app.ts';
import { answer, report } from './control.ts';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
let launched: Promise<BrowserContext> | null = null;

/**
 * A test connects over DevTools before any window's page exists: a connection made while a page is
 * being created can leave that page waiting on it. The driver says when it is connected.
 */
let markConnected: () => void = () => {};
const devtoolsConnected = new Promise<void>((resolve) => (markConnected = resolve));
answer('devtools-connected', () => markConnected());
const DEVTOOLS_WAIT_MS = 20_000;

let blankTabs: Page[] = [];

export function browser(): Promise<BrowserContext> {
  // Once the stand-in is shutting down nothing starts Chromium again (it would outlive the app).
  if (!launched && shuttingDown()) return Promise.reject(new Error('The stand-in is shutting down'));
  return (launched ??= launch());
}

const headless = () => process.env.TIMECLOCK_STANDIN_HEADLESS !== '0';

/**
 * A new page for a window (or for `npm run try`'s tray). Headless (tests) it is a tab whose viewport
 * the window sets; on a desktop (`npm run try`) it is an OS window of the window's size, as the
 * app's windows are, not a tab of one browser window.
 */
export async function newPage(size?: { width: number; height: number }): Promise<Page> {
  const context = await browser();
  if (headless() || !size) return context.newPage();
  const page = await newWindow(context, size);
  // Only a page in a window of its own may outlive the blank tab: closing a tab closes the tabs
  // still being made beside it in its window (two windows opened at once both lost their pages).
  await Promise.all(blankTabs.splice(0).map((blank) => blank.close()));
  return page;
}

let windowsMade = 0;

async function newWindow(context: BrowserContext, size: { width: number; height: number }): Promise<Page> {
  const anyPage = context.pages()[0] ?? (await context.newPage());
  const session = await context.newCDPSession(anyPage);
  // Each window's page is known by a mark of its own: two windows opened at once (the Welcome and
  // `npm run try`'s tray page on a first start) once took each other's page, leaving one blank.
  const mark = `#stand-in-window-${++windowsMade}`;
  const opened = context.waitForEvent('page', { predicate: (page) => page.url().endsWith(mark) });
  await session.send('Target.createTarget', { url: `about:blank${mark}`, newWindow: true, ...size });
  await session.detach();
  return opened;
}

async function launch(): Promise<BrowserContext> {
  const profile = mkdtempSync(join(tmpdir(), 'timeclock-standin-chromium-'));
  const launching = chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    // `npm run try` shows the windows on the desktop; tests keep them headless.
    headless: headless(),
    // On a desktop a page fills its OS window (the tray page scrolls no sooner than the window
    // ends); headless, each window sets its page's size.
    viewport: headless() ? undefined : null,
    colorScheme: 'light',
    args: [
      '--remote-debugging-port=0',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-sync',
      // Every origin here is a loopback port; Chromium would otherwise block one framing another
      // (Electron's app:// pages are not subject to this), and a test needs a foreign frame.
      '--disable-features=LocalNetworkAccessChecks',
    ],
  });
  // Registered before Chromium is up: a quit while it starts must still close it.
  onShutdown(async () => {
    await (await launching.catch(() => null))?.close();
    rmSync(profile, { recursive: true, force: true });
  });
  const context = await launching;
  // The persistent context opens with one blank tab, standing for no window at all. On a desktop it
  // is closed once a real window exists (a visible Chromium would quit with its last tab);
  // headless it stays, unseen.
  blankTabs = context.pages();
  const port = readFileSync(join(profile, 'DevToolsActivePort'), 'utf8').split('\n')[0];
  report('chromium', { cdp: `http://127.0.0.1:${port}`, profile });
  if (process.send) {
    // Unref'd: a quit before the connection must not wait for this timer.
    await Promise.race([devtoolsConnected, new Promise((resolve) => setTimeout(resolve, DEVTOOLS_WAIT_MS).unref())]);
  }
  return context;
}

/** `npm run try`'s tray page: a window of its own, like the app's, never a tab another window takes. */
answer('open-page', async (url: string) => {
  await (await newPage({ width: 560, height: 760 })).goto(url);
});
