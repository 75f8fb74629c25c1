/**
 * The Windows personality's registry, in place of `native-reg` (register.mjs sends the app's import
 * here when TIMECLOCK_STANDIN_PLATFORM=win32): the keys the test wrote to the JSON file
 * TIMECLOCK_STANDIN_REGISTRY, `{ "HKLM\\Software\\…": { "value name": value } }`, read again at
 * each open (a test may change them while the app runs). Names compare without case, as Windows'.
 * Only what the app uses: open, list values and subkeys, query, close.
 */
import { existsSync, readFileSync } from 'node:fs';

export const HKLM = 'HKLM';
export const HKCU = 'HKCU';
export const Access = { READ: 0x20019 } as const;

type Key = { path: string };
type Hive = typeof HKLM | typeof HKCU;

function registry(): Map<string, Record<string, unknown>> {
  const file = process.env.TIMECLOCK_STANDIN_REGISTRY;
  const keys =
    file && existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, Record<string, unknown>>) : {};
  return new Map(Object.entries(keys).map(([path, values]) => [path.toLowerCase(), values]));
}

export function openKey(hive: Hive, subKey: string, _access: number): Key | null {
  const path = `${hive}\\${subKey}`.toLowerCase();
  const known = [...registry().keys()];
  // A key exists when it has values or a key below it does.
  return known.some((key) => key === path || key.startsWith(`${path}\\`)) ? { path } : null;
}
export const closeKey = (_key: Key) => {};
export const enumValueNames = (key: Key) => Object.keys(registry().get(key.path) ?? {});
export const queryValue = (key: Key, name: string) =>
  Object.entries(registry().get(key.path) ?? {}).find(([found]) => found.toLowerCase() === name.toLowerCase())?.[1] ?? null;
export function enumKeyNames(key: Key): string[] {
  const below = [...registry().keys()].filter((path) => path.startsWith(`${key.path}\\`));
  return [...new Set(below.map((path) => path.slice(key.path.length + 1).split('\\')[0]!))];
}
