/**
 * Policies from the operating system — Group Policy or Intune (registry), a macOS configuration
 * profile, a root-owned JSON file on Linux — read by a `PolicyReader` of each OS (src-main/electron/
 * policy-readers.ts) and checked here as admin-file documents, so one set of checks applies to both.
 *
 * Precedence, one rule for every setting: an enforced policy > the admin file > the user's choice >
 * a recommended policy > the admin file's unlocked defaults > the built-in default. Keys are the
 * same in every format (shared/policy-keys.ts): a setting's path, "environments",
 * "defaultEnvironment" and "lockEnvironments".
 */
import { ENVIRONMENT_POLICY_KEYS, POLICY_KEYS, type PolicyKey } from '../../shared/policy-keys.ts';
import { isRecord } from '../../shared/is-record.ts';
import { deepMerge, valueAt, withValueAt } from '../../shared/setting-paths.ts';
import { previewJson } from '../util/json-text.ts';
import { emptyAdminPolicy, LOCK_ENVIRONMENTS, readAdminDocument, type AdminPolicy } from './admin-policy.ts';
import type { SparsePreferences } from './settings-document.ts';

/** What an OS gave, before any check: flat keys to values, and where they came from. */
export interface RawPolicy {
  /** For messages and the support info: "HKLM\Software\Policies\…", a profile, a file. */
  source: string;
  enforced: Record<string, unknown>;
  recommended: Record<string, unknown>;
  /** What the reader itself could not read (a file that is not JSON, a key it cannot open). */
  problems: string[];
}

export interface PolicyReader {
  /** null when this machine has no policy for the app. Must not throw. */
  read(): RawPolicy | null;
}

const byKey = new Map(POLICY_KEYS.map((entry) => [entry.key, entry]));

const BOOLEAN_WORDS: Record<string, boolean> = {
  '1': true,
  true: true,
  yes: true,
  on: true,
  '0': false,
  false: false,
  no: false,
  off: false,
};

/**
 * A value as the format delivers it, made the setting's type. The registry has no booleans and no
 * lists, and Windows tools write what they write: Group Policy a DWORD 0 or 1, an Intune custom
 * OMA-URI often a string ("0", "True", "Off"), numbers as strings ("25"), options in any letter
 * case ("Install"), times without the leading zero ("7:30"), a negative number as an unsigned DWORD.
 * Anything else goes on to the schema.
 */
export function coercePolicyValue(value: unknown, type: PolicyKey['type']): unknown {
  const text = typeof value === 'string' ? value.trim() : null;
  if (type.kind === 'boolean') {
    if (value === 0 || value === 1) return value === 1;
    if (text !== null && Object.hasOwn(BOOLEAN_WORDS, text.toLowerCase())) return BOOLEAN_WORDS[text.toLowerCase()];
  }
  if (type.kind === 'integer' && text !== null && /^-?\d+$/.test(text)) return Number(text);
  // A REG_DWORD is unsigned: a negative number written as one (-90 as 4294967206) is read back signed.
  if (type.kind === 'integer' && type.min < 0 && typeof value === 'number' && value > 0x7fffffff && value <= 0xffffffff)
    return value | 0;
  if (type.kind === 'enum' && text !== null)
    return type.options.find((option) => option.toLowerCase() === text.toLowerCase()) ?? value;
  if (type.kind === 'string' && type.format === 'clockTime' && text !== null && /^\d:[0-5]\d$/.test(text)) return `0${text}`;
  if (type.kind === 'json' && text !== null) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return Symbol.for('not-json');
    }
  }
  return value;
}

/** Flat policy keys as an admin-file document; `enforced` locks every setting it sets. */
export function policyDocument(
  flat: Record<string, unknown>,
  enforced: boolean,
  problem: (key: string, what: string) => void,
): Record<string, unknown> {
  let settings: Record<string, unknown> = {};
  const locked: string[] = [];
  const document: Record<string, unknown> = { locked };
  for (const [key, given] of Object.entries(flat)) {
    const entry = byKey.get(key);
    if (!entry) {
      problem(key, 'not a policy of this app; ignored.');
      continue;
    }
    const value = coercePolicyValue(given, entry.type);
    if (value === Symbol.for('not-json')) {
      problem(key, `must be JSON text (got ${previewJson(given)}); ignored.`);
      continue;
    }
    if (key === 'lockEnvironments') {
      if (value === true) locked.push(LOCK_ENVIRONMENTS);
      else if (value !== false) problem(key, `must be true or false (got ${previewJson(given)}); ignored.`);
    } else if (ENVIRONMENT_POLICY_KEYS.some((other) => other.key === key)) document[key] = value;
    else {
      settings = withValueAt(settings, key, value);
      if (enforced) locked.push(key);
    }
  }
  return { ...document, settings };
}

/** One layer (enforced or recommended) of the OS policy, checked; a setting refused is not locked either. */
function readLayer(raw: RawPolicy, layer: 'enforced' | 'recommended', known: AdminPolicy): AdminPolicy {
  const policy = emptyAdminPolicy();
  const label = `${raw.source} (${layer})`;
  const problem = (key: string, what: string) => policy.problems.push(`${label}: ${key}: ${what}`);
  const document = policyDocument(raw[layer], layer === 'enforced', problem);
  readAdminDocument(document, label, policy, { knownEnvironments: known.environments, settingsPrefix: '' });
  for (const path of [...policy.locked]) {
    if (path === LOCK_ENVIRONMENTS || valueAt(policy.defaults, path) !== undefined) continue;
    // Refused (told above): an enforced setting stays IT's, at its built-in default, never the user's to choose.
    const fallback = byKey.get(path)?.defaultValue;
    if (fallback === undefined) (policy.locked as Set<string>).delete(path);
    else {
      policy.defaults = withValueAt(policy.defaults as Record<string, unknown>, path, fallback) as SparsePreferences;
      policy.problems.push(
        `${label}: ${path}: stays locked at its default (${JSON.stringify(fallback)}) until the policy is fixed.`,
      );
    }
  }
  return policy;
}

/** `defaults` without the leaves that any of `locked` covers. */
function withoutLocked(defaults: SparsePreferences, locked: ReadonlySet<string>): SparsePreferences {
  const strip = (node: Record<string, unknown>, prefix: string): Record<string, unknown> =>
    Object.fromEntries(
      Object.entries(node)
        .filter(([key]) => ![...locked].some((path) => `${prefix}${key}` === path))
        .map(([key, value]) => [key, isRecord(value) ? strip(value, `${prefix}${key}.`) : value]),
    );
  return strip(defaults as Record<string, unknown>, '') as SparsePreferences;
}

/** The admin file and the OS policy as the one policy the settings follow (precedence above). */
export function combinePolicies(file: AdminPolicy, raw: RawPolicy | null): AdminPolicy {
  if (!raw) return file;
  const enforced = readLayer(raw, 'enforced', file);
  const recommended = readLayer(raw, 'recommended', file);
  const defaults = deepMerge(
    deepMerge(file.defaults as Record<string, unknown>, withoutLocked(recommended.defaults, file.locked)),
    enforced.defaults as Record<string, unknown>,
  ) as SparsePreferences;
  return {
    source: file.source,
    policySource: raw.source,
    environments: [enforced, file, recommended].find((layer) => layer.environments.length > 0)?.environments ?? [],
    defaultEnvironmentId: enforced.defaultEnvironmentId ?? file.defaultEnvironmentId ?? recommended.defaultEnvironmentId,
    defaults,
    locked: new Set([...file.locked, ...enforced.locked]),
    problems: [
      ...file.problems,
      ...raw.problems.map((text) => `${raw.source}: ${text}`),
      ...enforced.problems,
      ...recommended.problems,
    ],
    layers: { enforced, file, recommended },
  };
}
