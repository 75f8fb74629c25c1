/**
 * Every window is made here, with Electron's security checklist applied: isolated, sandboxed, no
 * Node, no navigation, no new windows (external https links go to the browser), no permissions.
 */
import { BrowserWindow, session, shell, type BrowserWindowConstructorOptions } from 'electron';
import { devToolsAllowed } from './app-menu.ts';
import { APP_ORIGIN, preloadPath } from './app-paths.ts';

export const secureWebPreferences = {
  preload: preloadPath,
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  webviewTag: false,
  spellcheck: false,
  navigateOnDragDrop: false,
} as const satisfies BrowserWindowConstructorOptions['webPreferences'];

/** Only these addresses may be opened in the user's browser from a window: IT's API portals. */
let externalUrlsAllowed: () => readonly string[] = () => [];

/** Says which addresses a window may open in the browser (IT's access portals, read when a link is clicked). */
export function allowExternalUrls(urls: () => readonly string[]): void {
  externalUrlsAllowed = urls;
}

/** The hosts of those addresses. */
const allowedHosts = () =>
  externalUrlsAllowed().flatMap((url) => {
    try {
      return [new URL(url).hostname];
    } catch {
      return [];
    }
  });

export function isAllowedExternalUrl(url: string, hosts: readonly string[] = allowedHosts()): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' && hosts.includes(parsed.hostname);
  } catch {
    return false;
  }
}

/** A window with the checklist applied and no page yet, hidden. */
function hardenedWindow(options: Omit<BrowserWindowConstructorOptions, 'webPreferences'>): BrowserWindow {
  // Developer Tools only while developing: a release cannot open them (nor be asked to by a keystroke).
  const window = new BrowserWindow({
    show: false,
    ...options,
    webPreferences: { ...secureWebPreferences, devTools: devToolsAllowed() },
  });
  const contents = window.webContents;
  contents.on('will-navigate', (event) => event.preventDefault());
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    if (isAllowedExternalUrl(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
  return window;
}

/**
 * A window that is never shown and loads no page: Windows tells only windows that the session
 * ends (shutdown, logoff), and a tray app may have none open.
 */
export function createListeningWindow(): BrowserWindow {
  return hardenedWindow({ width: 1, height: 1, skipTaskbar: true, focusable: false });
}

export function createSecureWindow(
  page: string,
  options: Omit<BrowserWindowConstructorOptions, 'webPreferences'>,
  query: Record<string, string> = {},
): BrowserWindow {
  const window = hardenedWindow(options);
  window.once('ready-to-show', () => window.show());
  const search = new URLSearchParams(query).toString();
  // A load that fails in a window still open is a fault and reaches the uncaught-error handler.
  void loadPage(window, `${APP_ORIGIN}/${page}.html${search ? `?${search}` : ''}`);
  return window;
}

/**
 * Loads a window's page. A window closed while its page loads (the panel, gone on a quick click
 * elsewhere) aborts the load: that is no fault, and must not reach the user as an error dialog.
 */
export async function loadPage(window: BrowserWindow, url: string): Promise<void> {
  try {
    await window.loadURL(url);
  } catch (error) {
    if (!window.isDestroyed()) throw error;
  }
}

/** Writing to the clipboard (Copy buttons) is the one permission windows get; reading it is not. */
const ALLOWED_PERMISSIONS: ReadonlySet<string> = new Set(['clipboard-sanitized-write']);

/** Deny every permission request (camera, notifications from pages, …) but clipboard writes, for all windows. */
export function denyAllPermissions(): void {
  session.defaultSession.setPermissionRequestHandler((_contents, permission, callback) =>
    callback(ALLOWED_PERMISSIONS.has(permission)),
  );
  session.defaultSession.setPermissionCheckHandler((_contents, permission) => ALLOWED_PERMISSIONS.has(permission));
}
