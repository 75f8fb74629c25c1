/**
 * The stand-in's Windows personality (TIMECLOCK_STANDIN_PLATFORM=win32): the app's own code
 * (dist/main) reads `process.platform` as "win32" — Node and Playwright underneath still run on
 * Linux — and the stand-in enforces what Windows documents for an unpackaged desktop app:
 * - a toast is shown only when the process's AppUserModelID is the one on the Start-menu shortcut
 *   (electron #10864, electron-builder #2700); without it Windows drops it;
 * - a toast's click or button reaches the app after the toast left the screen, or after a restart,
 *   only through the activator CLSID — set before the AUMID and carried by that shortcut (Microsoft
 *   Learn, "Send a local app notification from other types of unpackaged apps"; electron PR #51286);
 * - Start-menu shortcuts: the installer's (AUMID, no CLSID), readable and writable through
 *   `shell.readShortcutLink`/`writeShortcutLink`; one under ProgramData only by an administrator;
 * - the account: `os.userInfo()` is TIMECLOCK_STANDIN_USER (SYSTEM for an Intune/SCCM install);
 * - the computer: `os.hostname()` is TIMECLOCK_STANDIN_HOST, and safeStorage's key is that
 *   computer's (DPAPI's keys do not roam to another host of a pooled desktop: Signal-Desktop #7038).
 * Test support only; what it does not emulate is listed in docs/architecture.md.
 */
import os from 'node:os';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { answer, report } from './control.ts';

export const windowsMode = process.env.TIMECLOCK_STANDIN_PLATFORM === 'win32';
/** The installer's Start-menu shortcut: its path and AUMID (electron-builder writes `appId`). */
const installerShortcut = process.env.TIMECLOCK_STANDIN_SHORTCUT ?? '';
const installerAumid = process.env.TIMECLOCK_STANDIN_SHORTCUT_AUMID ?? 'com.timeclocktray.app';
const elevated = process.env.TIMECLOCK_STANDIN_ELEVATED === '1';

/** What the process told Windows, in order. */
const identity: { aumid: string | null; clsid: string | null; clsidBeforeAumid: boolean } = {
  aumid: null,
  clsid: null,
  clsidBeforeAumid: false,
};
type Shortcut = { target?: string; appUserModelId?: string; toastActivatorClsid?: string };
/** The Start menu outlives the app: kept beside its data folder, so a restart finds what the last run wrote. */
const startMenuFile = `${process.env.TIMECLOCK_STANDIN_USER_DATA}-start-menu.json`;
const shortcuts = new Map<string, Shortcut>(
  existsSync(startMenuFile)
    ? (Object.entries(JSON.parse(readFileSync(startMenuFile, 'utf8'))) as Array<[string, Shortcut]>)
    : installerShortcut
      ? [[installerShortcut, { target: process.execPath, appUserModelId: installerAumid }]]
      : [],
);

if (windowsMode) {
  const linux = process.platform;
  // The app's code sees Windows: the reader is its bundle (dist/main), or its source where source
  // maps name it; Node's own modules, Playwright and the stand-in see the machine they run on.
  const appCode = /\/dist\/main\/|\/src-main\/(?!testing\/)/;
  Object.defineProperty(process, 'platform', {
    configurable: true,
    get: () => (appCode.test(new Error().stack?.split('\n')[2] ?? '') ? 'win32' : linux),
  });
  const user = process.env.TIMECLOCK_STANDIN_USER;
  if (user) {
    const real = os.userInfo;
    os.userInfo = ((options?: { encoding: BufferEncoding }) => ({ ...real(options), username: user })) as typeof os.userInfo;
  }
  // The computer (a pooled desktop's host of the day): its name, and the key of its DPAPI (system.ts).
  const host = process.env.TIMECLOCK_STANDIN_HOST;
  if (host) os.hostname = () => host;
  syncBuiltinESMExports();
}

export const win32App = {
  setAppUserModelId(id: string) {
    identity.aumid = id;
    identity.clsidBeforeAumid = identity.clsid !== null;
    report('app-user-model-id', id);
  },
  setToastActivatorCLSID(id: string) {
    identity.clsid = id.startsWith('{') ? id.toUpperCase() : `{${id.toUpperCase()}}`;
  },
};

/** Whether Windows shows a toast from this process: its AUMID must be the shortcut's. */
export function toastRefusal(): string | null {
  if (!windowsMode) return null;
  const shortcut = shortcuts.get(installerShortcut);
  if (identity.aumid === null) return 'the process has no AppUserModelID (Electron’s default is not the shortcut’s)';
  if (shortcut?.appUserModelId !== identity.aumid) return `no Start-menu shortcut carries the AppUserModelID ${identity.aumid}`;
  return null;
}

/** Whether an activation of a toast that left the screen (or before a restart) reaches the app. */
function activationRefusal(): string | null {
  const shortcut = shortcuts.get(installerShortcut);
  if (!identity.clsid || !identity.clsidBeforeAumid) return 'no toast activator CLSID was set before the AppUserModelID';
  const clsid = (text?: string) => (text ?? '').replace(/[{}]/g, '').toUpperCase();
  if (clsid(shortcut?.toastActivatorClsid) !== clsid(identity.clsid))
    return 'the Start-menu shortcut carries no (or another) activator CLSID';
  return null;
}

let activationHandler: ((details: { type: string; arguments: string; actionIndex?: number }) => void) | null = null;
/** A cold start from the Action Center: the activation the app was started for (TIMECLOCK_STANDIN_ACTIVATION). */
let pendingActivation: { type: string; arguments: string } | null = process.env.TIMECLOCK_STANDIN_ACTIVATION
  ? { type: 'click', arguments: process.env.TIMECLOCK_STANDIN_ACTIVATION }
  : null;

export function handleActivation(callback: NonNullable<typeof activationHandler>): void {
  activationHandler = callback;
  if (pendingActivation === null) return;
  const refused = activationRefusal();
  if (refused) report('activation-lost', refused);
  else callback(pendingActivation);
  pendingActivation = null;
}

/** A toast's click (`button` undefined) or button, from the Action Center: its arguments as its XML says. */
export function activateToast(toastXml: string, button?: number): void {
  const refused = activationRefusal();
  if (refused || !activationHandler) return report('activation-lost', refused ?? 'the app handles no activations');
  const launch = /<toast launch="([^"]*)"/.exec(toastXml)?.[1];
  const actions = [...toastXml.matchAll(/<action [^>]*arguments="([^"]*)"/g)].map((match) => match[1]);
  const args = button === undefined ? launch : actions[button];
  const unescape = (text: string) =>
    text
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  activationHandler({ type: button === undefined ? 'click' : 'action', arguments: unescape(args ?? ''), actionIndex: button });
}

export const win32Shell = {
  readShortcutLink(path: string): Shortcut {
    const found = shortcuts.get(path);
    if (!found) throw new Error(`Failed to read shortcut link: ${path}`);
    return { ...found };
  },
  writeShortcutLink(path: string, operation: string, details: Shortcut): boolean {
    if (path.toLowerCase().includes('\\programdata\\') && !elevated) return false; // needs an administrator
    shortcuts.set(path, operation === 'update' ? { ...shortcuts.get(path), ...details } : { ...details });
    writeFileSync(startMenuFile, JSON.stringify(Object.fromEntries(shortcuts)));
    report('shortcut-written', { path, ...shortcuts.get(path) });
    return true;
  },
};
answer('shortcuts-on-disk', () => Object.fromEntries(shortcuts));
