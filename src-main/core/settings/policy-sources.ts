/**
 * Where each operating system keeps IT's policies for the app, read into a `RawPolicy`:
 * - Windows: the registry, `HKLM` then `HKCU` `Software\Policies\Timeclock Tray\Timeclock Tray`
 *   (enforced) and its `Recommended` subkey, as Group Policy (our ADMX) or Intune write them. HKLM
 *   wins over HKCU, as in Chrome and Edge. Read with native-reg (see docs/architecture.md).
 * - macOS: managed preferences of a configuration profile, `/Library/Managed Preferences/` (the
 *   machine's, then the user's); a profile's keys are enforced.
 * - Linux: `/etc/timeclock-tray/policy.json`, `{ "enforced": {…}, "recommended": {…} }`.
 * Keys are the same in all three (shared/policy-keys.ts). A reader never throws: what it cannot
 * read is a problem in its answer.
 */
import { UntrustedMachineFileError } from './machine-file-trust.ts';
import * as registry from 'native-reg';
import { isRecord } from '../../shared/is-record.ts';
import { withoutByteOrderMark } from '../util/json-text.ts';
import type { PolicyReader, RawPolicy } from './os-policy.ts';
import { WINDOWS_PROGRAM_DATA } from './admin-policy.ts';

export const REGISTRY_POLICY_KEY = 'Software\\Policies\\Timeclock Tray\\Timeclock Tray';
export const LINUX_POLICY_FILE = '/etc/timeclock-tray/policy.json';
export const MACOS_BUNDLE_ID = 'com.timeclocktray.app';

const hasAny = (raw: RawPolicy) =>
  Object.keys(raw.enforced).length + Object.keys(raw.recommended).length + raw.problems.length > 0;

/** The Linux file (or any file of that shape); `read` answers null when it does not exist. */
export function jsonPolicyReader(path: string, read: (path: string) => string | null): PolicyReader {
  return {
    read() {
      const raw: RawPolicy = { source: path, enforced: {}, recommended: {}, problems: [] };
      let parsed: unknown;
      try {
        const text = read(path);
        if (text === null) return null;
        parsed = JSON.parse(withoutByteOrderMark(text));
      } catch (error) {
        raw.problems.push(
          error instanceof UntrustedMachineFileError
            ? error.message
            : `cannot be read as JSON (${(error as Error).message}); no policy applies from it.`,
        );
        return raw;
      }
      if (!isRecord(parsed)) raw.problems.push('must be a JSON object with "enforced" and "recommended"; ignored.');
      for (const [key, value] of Object.entries(isRecord(parsed) ? parsed : {})) {
        if ((key === 'enforced' || key === 'recommended') && isRecord(value)) raw[key] = { ...value };
        else if (key !== '$schema') raw.problems.push(`${key}: only "enforced" and "recommended" objects belong here; ignored.`);
      }
      return raw;
    },
  };
}

/** The values of one registry key by name, or null when the key does not exist. */
export type RegistryValues = (hive: 'HKLM' | 'HKCU', subKey: string) => Record<string, unknown> | null;

/**
 * `machineWide`: the app is installed for all users (under Program Files: the MSI). electron-updater
 * cannot update an MSI, and a machine-wide NSIS install would ask every user for an administrator
 * at each update: the app's own updates are off there unless a policy says otherwise — new versions
 * come from IT's software deployment (docs/admin-file.md, "Windows in a company").
 */
export function registryPolicyReader(values: RegistryValues, { machineWide = false } = {}): PolicyReader {
  return {
    read() {
      const raw: RawPolicy = { source: `HKLM/HKCU\\${REGISTRY_POLICY_KEY}`, enforced: {}, recommended: {}, problems: [] };
      const layer = (subKey: string) => {
        try {
          return { ...values('HKCU', subKey), ...values('HKLM', subKey) };
        } catch (error) {
          raw.problems.push(`${subKey}: cannot be read (${(error as Error).message}).`);
          return {};
        }
      };
      raw.enforced = layer(REGISTRY_POLICY_KEY);
      raw.recommended = layer(`${REGISTRY_POLICY_KEY}\\Recommended`);
      // An all-users start entry (IT's, for the machine-wide install) starts the app at every login:
      // the per-user setting is then managed, unless a policy says otherwise.
      if (machineStartEntry(values) && !('general.startAtLogin' in raw.enforced)) raw.enforced['general.startAtLogin'] = 1;
      if (machineWide && !('updates.mode' in raw.enforced)) raw.enforced['updates.mode'] = 'off';
      return hasAny(raw) ? raw : null;
    },
  };
}

/** Where Windows keeps what starts at every user's login. */
export const MACHINE_RUN_KEY = 'Software\\Microsoft\\Windows\\CurrentVersion\\Run';
export const RUN_VALUE_NAME = 'Timeclock Tray';

/** Whether IT made the app start at every user's login (HKLM Run, value "Timeclock Tray"); false where it cannot be read. */
export function machineStartEntry(values: RegistryValues): boolean {
  try {
    const entries = values('HKLM', MACHINE_RUN_KEY) ?? {};
    return Object.keys(entries).some((name) => name.toLowerCase() === RUN_VALUE_NAME.toLowerCase());
  } catch {
    return false;
  }
}

/** The real registry, through native-reg (Windows only; it loads its binary there alone). */
export const nativeRegistryValues: RegistryValues = (hive, subKey) =>
  readRegistryKey(hive, subKey, (key) =>
    Object.fromEntries(registry.enumValueNames(key).map((name) => [name, registry.queryValue(key, name)])),
  );

/** Opens a key for reading, reads it and closes it; null when the key does not exist. */
function readRegistryKey<T>(hive: 'HKLM' | 'HKCU', subKey: string, read: (key: registry.HKEY) => T): T | null {
  const key = registry.openKey(hive === 'HKLM' ? registry.HKLM : registry.HKCU, subKey, registry.Access.READ);
  if (!key) return null;
  try {
    return read(key);
  } finally {
    registry.closeKey(key);
  }
}

/** The names of a registry key's subkeys (empty when it does not exist). */
export const nativeRegistrySubKeys = (hive: 'HKLM' | 'HKCU', subKey: string): string[] =>
  readRegistryKey(hive, subKey, (key) => registry.enumKeyNames(key)) ?? [];

/**
 * The machine-wide data folder (FOLDERID_ProgramData) as Windows keeps it under HKLM, which only
 * administrators can change: ProfileList's `ProgramData` (`%SystemDrive%\ProgramData`), its drive
 * taken from the `SystemRoot` Windows was installed to. Never the process environment: a user can
 * start the app with `ProgramData` pointing to a folder of their own and so write its admin file.
 * Anything else it cannot resolve gives Windows' default.
 */
export function windowsProgramData(values: RegistryValues): string {
  try {
    const folder = values('HKLM', 'SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion\\ProfileList')?.ProgramData;
    const systemRoot = values('HKLM', 'SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion')?.SystemRoot;
    const systemDrive = typeof systemRoot === 'string' ? /^[A-Za-z]:/.exec(systemRoot)?.[0] : undefined;
    if (typeof folder !== 'string') return WINDOWS_PROGRAM_DATA;
    const resolved = folder.replace(/%SystemDrive%/gi, () => systemDrive ?? '%');
    return /^[A-Za-z]:\\[^%]*$/.test(resolved) ? resolved.replace(/\\+$/, '') : WINDOWS_PROGRAM_DATA;
  } catch {
    return WINDOWS_PROGRAM_DATA;
  }
}

/** The plist library's two parsers; given by the caller, so that only macOS loads it (with its XML parsers, 0.45 MB of code). */
export type PlistParsers = Pick<typeof import('plist'), 'parse' | 'parseBinary'>;

/** A plist as a configuration profile leaves it: binary (bplist00…) or XML. */
export function parsePlist(bytes: Buffer, plist: PlistParsers): unknown {
  if (bytes.subarray(0, 6).toString('latin1') === 'bplist') return plist.parseBinary(bytes);
  return plist.parse(bytes.toString('utf8'));
}

/** macOS managed preferences for the app: the machine's profile, then the user's (the machine's wins). */
export function managedPreferencesReader(user: string, read: (path: string) => Buffer | null, plist: PlistParsers): PolicyReader {
  const files = [
    `/Library/Managed Preferences/${user}/${MACOS_BUNDLE_ID}.plist`,
    `/Library/Managed Preferences/${MACOS_BUNDLE_ID}.plist`,
  ];
  return {
    read() {
      const raw: RawPolicy = {
        source: `/Library/Managed Preferences (${MACOS_BUNDLE_ID})`,
        enforced: {},
        recommended: {},
        problems: [],
      };
      for (const file of files) {
        try {
          const bytes = read(file);
          if (bytes === null) continue;
          const values = parsePlist(bytes, plist);
          if (isRecord(values)) Object.assign(raw.enforced, values);
          else raw.problems.push(`${file}: not a dictionary; ignored.`);
        } catch (error) {
          raw.problems.push(`${file}: cannot be read (${(error as Error).message}); ignored.`);
        }
      }
      return hasAny(raw) ? raw : null;
    },
  };
}
