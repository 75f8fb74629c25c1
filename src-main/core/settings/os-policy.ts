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

/**
 * A value as the format delivers it, made the setting's type: the registry has no booleans (DWORD
 * 0 or 1) and no lists (JSON text). Anything else is passed on to be checked by the schema.
 */
function coerce(value: unknown, entry: PolicyKey): unknown {
  if (entry.type.kind === 'boolean' && (value === 0 || value === 1)) return value === 1;
  if (entry.type.kind === 'json' && typeof value === 'string') {
    try {
      return JSON.parse(value) as unknown;
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
    const value = coerce(given, entry);
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
  for (const path of [...policy.locked])
    if (path !== LOCK_ENVIRONMENTS && valueAt(policy.defaults, path) === undefined) (policy.locked as Set<string>).delete(path);
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
