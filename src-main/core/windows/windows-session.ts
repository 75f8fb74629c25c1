/**
 * Where and as whom the app runs on a Windows desktop, from facts the shell reads (the user, the
 * profile folder, the executable's path): never started as SYSTEM (an Intune or SCCM install runs
 * there, and a process started from it would live hidden in session 0), and the install kind that
 * decides updates, start at login and the Start-menu shortcut.
 */

export interface WindowsProcessFacts {
  /** os.userInfo().username */
  username: string;
  /** The profile folder (USERPROFILE, or os.homedir()). */
  profile: string;
  /** process.execPath */
  executable: string;
  /** LOCALAPPDATA, ProgramFiles, ProgramFiles(x86) as the process sees them. */
  localAppData?: string;
  programFiles?: readonly string[];
}

/**
 * The LocalSystem account: user "SYSTEM" (or the machine account, "NAME$"), whose profile is
 * `…\system32\config\systemprofile`. Services and installers run so; a desktop user never does.
 */
export function runsAsSystem({ username, profile }: Pick<WindowsProcessFacts, 'username' | 'profile'>): boolean {
  return /^system$/i.test(username) || /\$$/.test(username) || /[\\/]system32[\\/]config[\\/]systemprofile[\\/]?$/i.test(profile);
}

/**
 * How the app was installed: `machine` (under Program Files: the MSI, or NSIS for all users — IT's
 * package), `user` (NSIS in %LOCALAPPDATA%\Programs: a user's own install), else `unpacked` (a
 * developer's build, a portable copy).
 */
export type InstallKind = 'machine' | 'user' | 'unpacked';

const under = (path: string, folder: string | undefined) => {
  if (!folder) return false;
  const normal = (text: string) => text.replace(/\//g, '\\').replace(/\\+$/, '').toLowerCase();
  return normal(path).startsWith(`${normal(folder)}\\`);
};

export function installKind({
  executable,
  localAppData,
  programFiles = [],
}: Pick<WindowsProcessFacts, 'executable' | 'localAppData' | 'programFiles'>): InstallKind {
  if (programFiles.some((folder) => under(executable, folder))) return 'machine';
  if (localAppData && under(executable, `${localAppData}\\Programs`)) return 'user';
  return 'unpacked';
}

/** The Start-menu shortcut the installer made, for the install kind (none for an unpacked app). */
export function startMenuShortcut(
  kind: InstallKind,
  folders: { appData?: string; programData?: string },
  productName: string,
): string | null {
  const programs = 'Microsoft\\Windows\\Start Menu\\Programs';
  if (kind === 'user' && folders.appData) return `${folders.appData}\\${programs}\\${productName}.lnk`;
  if (kind === 'machine' && folders.programData) return `${folders.programData}\\${programs}\\${productName}.lnk`;
  return null;
}

/**
 * What the shortcut must say for toasts to arrive and their buttons to work: the app's AUMID and
 * activator CLSID (compared without braces or case). Null when it says both already.
 */
export function shortcutRepair(
  found: { appUserModelId?: string; toastActivatorClsid?: string },
  wanted: { appUserModelId: string; toastActivatorClsid: string },
): { appUserModelId: string; toastActivatorClsid: string } | null {
  const clsid = (text: string | undefined) => (text ?? '').replace(/[{}]/g, '').toLowerCase();
  const same =
    found.appUserModelId === wanted.appUserModelId && clsid(found.toastActivatorClsid) === clsid(wanted.toastActivatorClsid);
  return same ? null : wanted;
}
