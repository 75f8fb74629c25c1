/**
 * The app on a Windows company desktop, before and just after it is ready: it never runs as SYSTEM
 * (an Intune or SCCM install runs there; a process started from it would live hidden in session 0
 * — each user's own start comes at their next login), it takes its identity (the toast activator
 * CLSID first, then the AppUserModelID, before anything is shown), and it mends the installer's
 * Start-menu shortcut so that toasts' buttons reach it after the toast left or the app restarted.
 */
import { homedir, userInfo } from 'node:os';
import { app, shell } from 'electron';
import type { Logger } from '../core/logging/logger.ts';
import { APP_USER_MODEL_ID, TOAST_ACTIVATOR_CLSID } from '../core/windows/windows-identity.ts';
import {
  installKind,
  runsAsSystem,
  shortcutRepair,
  startMenuShortcut,
  type InstallKind,
} from '../core/windows/windows-session.ts';
import { NOTIFY_ICON_SETTINGS, trayIconPlace } from '../core/windows/tray-icon-place.ts';
import { nativeRegistrySubKeys, nativeRegistryValues, REGISTRY_POLICY_KEY } from '../core/settings/policy-sources.ts';

/** True when this process must not run (SYSTEM); it has quit then. Elsewhere than Windows: false. */
export function refuseSystemAccount(): boolean {
  if (process.platform !== 'win32') return false;
  const system = runsAsSystem({ username: userInfo().username, profile: process.env.USERPROFILE ?? homedir() });
  if (system) app.quit();
  return system;
}

/** Before anything is shown: the CLSID first (it is written into the registration), then the AUMID. */
export function takeWindowsIdentity(): void {
  if (process.platform !== 'win32') return;
  app.setToastActivatorCLSID(TOAST_ACTIVATOR_CLSID);
  app.setAppUserModelId(APP_USER_MODEL_ID);
}

/** How this copy was installed (Windows only; elsewhere null). */
export function windowsInstallKind(): InstallKind | null {
  if (process.platform !== 'win32') return null;
  const { LOCALAPPDATA, ProgramFiles, ProgramW6432 } = process.env;
  const programFiles = [ProgramFiles, ProgramW6432, process.env['ProgramFiles(x86)']].filter((folder) => folder !== undefined);
  return installKind({ executable: process.execPath, localAppData: LOCALAPPDATA, programFiles });
}

/**
 * The installer's shortcut carries the AUMID but no activator CLSID (electron-builder's NSIS and
 * MSI options have no field for it): written here. A machine-wide shortcut needs an administrator:
 * when it cannot be written, buttons still work while the toast is on screen, and a click opens the
 * panel with the same choice (the IT guide, "Toasts").
 */
export function mendStartMenuShortcut(log: Logger): void {
  const kind = windowsInstallKind();
  const path =
    kind && startMenuShortcut(kind, { appData: process.env.APPDATA, programData: process.env.ProgramData }, app.getName());
  if (!path) return;
  try {
    const found = shell.readShortcutLink(path);
    const repair = shortcutRepair(found, { appUserModelId: APP_USER_MODEL_ID, toastActivatorClsid: TOAST_ACTIVATOR_CLSID });
    if (repair && !shell.writeShortcutLink(path, 'update', { ...found, ...repair }))
      log.warn(
        `The Start-menu shortcut ${path} could not be given the app's toast activator: toast buttons work only while shown.`,
      );
  } catch (error) {
    log.warn(`The Start-menu shortcut ${path} could not be read (${(error as Error).message}).`);
  }
}

/** Windows: whether the tray icon is in the taskbar corner or the overflow (^); elsewhere `not-windows`. */
export function windowsTrayIconPlace(): 'shown' | 'overflow' | 'not-windows' {
  if (process.platform !== 'win32') return 'not-windows';
  try {
    const icons = nativeRegistrySubKeys('HKCU', NOTIFY_ICON_SETTINGS).map(
      (name) => nativeRegistryValues('HKCU', `${NOTIFY_ICON_SETTINGS}\\${name}`) ?? {},
    );
    return trayIconPlace(icons, process.execPath);
  } catch {
    return 'not-windows'; // the registry cannot be read: no hint rather than a wrong one
  }
}

/**
 * IT's client secrets for IT's environments, by environment id, from the machine's policy
 * (HKLM\Software\Policies\Timeclock Tray\Timeclock Tray\Secrets, string values): for pooled
 * desktops, where nobody should type one. Only HKLM (HKCU is the user's); every user of the computer
 * can read it — Windows grants Users read access to HKLM\Software\Policies — so it is a secret
 * for the computer, of a client id made for that (docs/admin-file.md). Elsewhere: none.
 */
export function windowsPolicySecrets(): Record<string, string> {
  if (process.platform !== 'win32') return {};
  try {
    const values = nativeRegistryValues('HKLM', `${REGISTRY_POLICY_KEY}\\Secrets`) ?? {};
    return Object.fromEntries(
      Object.entries(values).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''),
    );
  } catch {
    return {};
  }
}
