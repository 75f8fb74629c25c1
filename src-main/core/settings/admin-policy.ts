/**
 * The admin (fleet) file: IT predefines environments (never secrets), sets defaults and may lock
 * settings. Every problem names the file, the field and what is wrong; a bad entry is ignored and
 * reported, and a missing or broken file never stops the app.
 */
import * as v from 'valibot';
import { UntrustedMachineFileError } from './machine-file-trust.ts';
import { previewJson, withoutByteOrderMark } from '../util/json-text.ts';
import { defaultAuthScheme } from '../../shared/api/api-profile.ts';
import { GATEWAY_PRESETS, GATEWAY_SIGN_IN } from '../api/gateway-recognition.ts';
import { itUrlProblem } from '../../shared/it-url.ts';
import { MOCK_ENVIRONMENT_ID } from '../../shared/domain/environments.ts';
import { validateEnvironment } from './validate-environment.ts';
import {
  preferenceSections,
  type SectionName,
  type StoredEnvironment,
  authSchemeSchema,
  systemNamesSchema,
} from '../../shared/settings-schema.ts';
import type { SparsePreferences } from './settings-document.ts';
import { sparseClean } from './sparse-clean.ts';
import { valueProblemLine } from '../../shared/i18n/value-problem-words.ts';

export const ADMIN_FILE_ENV = 'TIMECLOCK_TRAY_ADMIN_FILE';

/** Windows' own default for the machine-wide data folder, used when the registry cannot say. */
export const WINDOWS_PROGRAM_DATA = 'C:\\ProgramData';

/** Lock this to stop users adding, editing or deleting environments of their own. */
export const LOCK_ENVIRONMENTS = 'environments';

export interface AdminPolicy {
  /** The file read, or null when there is none. */
  source: string | null;
  /** Where the operating system's policies came from (registry key, profile, file), or null: none. */
  policySource?: string | null;
  environments: StoredEnvironment[];
  defaultEnvironmentId: string | null;
  defaults: SparsePreferences;
  locked: ReadonlySet<string>;
  /** Sentences for the log and the settings window. */
  problems: string[];
  /** With an OS policy: the three layers it was combined from (os-policy.ts), for the support info. */
  layers?: { enforced: AdminPolicy; file: AdminPolicy; recommended: AdminPolicy };
}

export const emptyAdminPolicy = (): AdminPolicy => ({
  source: null,
  environments: [],
  defaultEnvironmentId: null,
  defaults: {},
  locked: new Set(),
  problems: [],
});

/**
 * Where the admin file is read from. The environment variable override is for development and
 * testing only: a released app (`packaged`) reads only the machine-wide location, which a user
 * cannot redirect. On Windows that is under the machine's ProgramData folder as the system keeps it
 * (`programData`, from HKLM: see windowsProgramData), never `%ProgramData%`, which a user can set.
 */
/** Whether the admin file is the developer's own (the variable, honoured only unpackaged): not checked for IT's ownership. */
export function isDeveloperAdminFile(env: Record<string, string | undefined>, packaged: boolean): boolean {
  return !packaged && (env[ADMIN_FILE_ENV]?.trim() ?? '') !== '';
}

export function adminFileLocation(
  platform: NodeJS.Platform,
  env: Record<string, string | undefined>,
  packaged = false,
  programData: () => string = () => WINDOWS_PROGRAM_DATA,
): string {
  if (isDeveloperAdminFile(env, packaged)) return env[ADMIN_FILE_ENV]!;
  if (platform === 'win32') return `${programData()}\\TimeclockTray\\admin.json`;
  if (platform === 'darwin') return '/Library/Application Support/TimeclockTray/admin.json';
  return '/etc/timeclock-tray/admin.json';
}

const adminEnvironmentSchema = v.object({
  id: v.pipe(v.string(), v.regex(/^[a-z0-9-]{1,40}$/, 'must be 1 to 40 lower-case letters, digits or dashes')),
  name: v.string(),
  timeclockBaseUrl: v.string(),
  debtorsBaseUrl: v.string(),
  clientId: v.string(),
  auth: v.optional(authSchemeSchema),
  /** A gateway's usual sign-in in one word, when `auth` is not given (core/api/gateway-recognition.ts). */
  gateway: v.optional(v.picklist(GATEWAY_PRESETS, `must be one of ${GATEWAY_PRESETS.join(', ')}`)),
  employeeId: v.optional(v.string(), ''),
  systemNames: v.optional(systemNamesSchema),
  accessPortalUrl: v.optional(v.string()),
});

const SECRET_FIELDS = ['clientSecret', 'client_secret', 'secret', 'password'];

/** Says what is wrong with one field of the admin file, naming the file. */
type Problem = (field: string, what: string) => void;

/** Reads and validates the admin file; `read` returns null when the file does not exist. */
export function loadAdminPolicy(path: string, read: (path: string) => string | null): AdminPolicy {
  const policy = emptyAdminPolicy();
  const file = readAdminObject(path, read, policy);
  if (!file) return policy;
  readAdminDocument(file, path, policy);
  return policy;
}

/**
 * Checks a document of the admin file's shape into `policy`, each problem prefixed with `label`
 * (the file, or where an OS policy came from). `knownEnvironments`: others a default may name.
 * `settingsPrefix`: how a setting is named in problems ("settings." in the file; an OS policy's
 * keys are the bare paths).
 */
export function readAdminDocument(
  file: Record<string, unknown>,
  label: string,
  policy: AdminPolicy,
  {
    knownEnvironments = [],
    settingsPrefix = 'settings.',
  }: { knownEnvironments?: readonly StoredEnvironment[]; settingsPrefix?: string } = {},
): void {
  const problem: Problem = (field, what) => policy.problems.push(`${label}: ${field}: ${what}`);
  for (const key of Object.keys(file)) {
    if (!['$schema', 'environments', 'defaultEnvironment', 'settings', 'locked'].includes(key))
      problem(key, 'unknown field; ignored.');
  }
  readEnvironments(file.environments, policy, problem);
  if (file.defaultEnvironment !== undefined)
    readDefaultEnvironment(file.defaultEnvironment, [...policy.environments, ...knownEnvironments], policy, problem);
  if (file.settings !== undefined) readSettingDefaults(file.settings, policy, label, problem, settingsPrefix);
  readLocked(file.locked, policy, problem);
}

/** The file as a JSON object, or null (with the reason among the policy's problems). */
function readAdminObject(path: string, read: (path: string) => string | null, policy: AdminPolicy) {
  let text: string | null;
  try {
    text = read(path);
  } catch (error) {
    policy.problems.push(
      error instanceof UntrustedMachineFileError
        ? error.message
        : `${path}: cannot be read (${(error as Error).message}); ignored.`,
    );
    return null;
  }
  if (text === null) return null;
  policy.source = path;
  let raw: unknown;
  try {
    raw = JSON.parse(withoutByteOrderMark(text));
  } catch (error) {
    policy.problems.push(`${path}: is not valid JSON (${(error as Error).message}); the whole file is ignored.`);
    return null;
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    policy.problems.push(`${path}: must be a JSON object; the whole file is ignored.`);
    return null;
  }
  return raw as Record<string, unknown>;
}

/** IT's environments: each checked as the user's would be; a bad one is named and left out. */
function readEnvironments(value: unknown, policy: AdminPolicy, problem: Problem): void {
  const entries = value === undefined ? [] : Array.isArray(value) ? value : null;
  if (entries === null) problem('environments', 'must be a list; ignored.');
  for (const [index, item] of (entries ?? []).entries()) {
    const where = `environments[${index}]`;
    if (typeof item === 'object' && item !== null) {
      for (const field of SECRET_FIELDS)
        if (field in item)
          problem(`${where}.${field}`, 'secrets do not belong in the admin file; each user enters their own. Ignored.');
    }
    const parsed = v.safeParse(adminEnvironmentSchema, item);
    if (!parsed.success) {
      const issue = parsed.issues[0];
      const path = issue && v.getDotPath(issue) ? `.${v.getDotPath(issue)}` : '';
      problem(`${where}${path}`, `${issue?.message ?? 'invalid'}; this environment is ignored.`);
      continue;
    }
    if (parsed.output.id === MOCK_ENVIRONMENT_ID) {
      problem(`${where}.id`, '"mock" is the built-in environment; choose another id. Ignored.');
      continue;
    }
    const { gateway, accessPortalUrl, ...environment } = parsed.output;
    const auth = environment.auth ?? (gateway ? GATEWAY_SIGN_IN[gateway] : defaultAuthScheme);
    const portal = accessPortalUrl?.trim() ?? '';
    const portalProblem = itUrlProblem(portal, { https: 'always' });
    if (portalProblem)
      problem(
        `${where}.accessPortalUrl`,
        `${portalProblem === 'notHttps' ? 'must start with https://' : 'is not an https:// address without credentials'}; ignored.`,
      );
    // IT may leave the employee id for each user to fill in.
    const checked = validateEnvironment(
      { ...environment, auth, employeeId: environment.employeeId || 'unset' },
      policy.environments,
    );
    if (!checked.ok) {
      const [field, message] = Object.entries(checked.errors)[0] ?? ['', 'invalid'];
      problem(`${where}.${field}`, `${message} This environment is ignored.`);
      continue;
    }
    policy.environments.push({
      ...checked.value,
      id: parsed.output.id,
      employeeId: parsed.output.employeeId.trim(),
      ...(portal !== '' && !portalProblem ? { accessPortalUrl: portal } : {}),
    });
  }
}

function readDefaultEnvironment(
  id: unknown,
  environments: readonly StoredEnvironment[],
  policy: AdminPolicy,
  problem: Problem,
): void {
  const known = id === MOCK_ENVIRONMENT_ID || environments.some((environment) => environment.id === id);
  if (typeof id === 'string' && known) policy.defaultEnvironmentId = id;
  else problem('defaultEnvironment', `${previewJson(id)} is not one of the environments defined here; ignored.`);
}

/** Defaults for the user's settings, per section, cleaned as stored settings are. */
function readSettingDefaults(settings: unknown, policy: AdminPolicy, path: string, problem: Problem, prefix: string): void {
  if (typeof settings !== 'object' || settings === null || Array.isArray(settings)) {
    problem('settings', 'must be an object; ignored.');
    return;
  }
  const sectionProblems: string[] = [];
  for (const [name, value] of Object.entries(settings)) {
    const schema = Object.hasOwn(preferenceSections, name) ? preferenceSections[name as SectionName] : undefined;
    if (!schema) {
      sectionProblems.push(valueProblemLine(`${prefix}${name}`, { kind: 'unknownSection' }));
      continue;
    }
    const cleaned = sparseClean(schema, value, `${prefix}${name}`, (where, found) =>
      sectionProblems.push(valueProblemLine(where, found)),
    );
    if (cleaned) policy.defaults[name as SectionName] = { ...(cleaned as Record<string, unknown>) };
  }
  policy.problems.push(...sectionProblems.map((text) => `${path}: ${text}`));
}

function readLocked(value: unknown, policy: AdminPolicy, problem: Problem): void {
  const locked = value === undefined ? [] : Array.isArray(value) ? value : null;
  if (locked === null) problem('locked', 'must be a list of setting paths; ignored.');
  for (const [index, entry] of (locked ?? []).entries()) {
    if (typeof entry === 'string' && isLockablePath(entry)) (policy.locked as Set<string>).add(entry);
    else
      problem(
        `locked[${index}]`,
        `${previewJson(entry)} is not a setting that can be locked (e.g. "monitoring.pollIntervalSeconds" or "environments"); ignored.`,
      );
  }
}

/** "environments", a section ("monitoring") or a field path in one ("monitoring.quietHours.start"). */
export function isLockablePath(path: string): boolean {
  if (path === LOCK_ENVIRONMENTS) return true;
  const [section = '', ...rest] = path.split('.');
  type Node = { type: string; wrapped?: unknown; entries?: Record<string, unknown> } | undefined;
  // Own properties only: "constructor" or "__proto__" is no setting.
  let schema = (Object.hasOwn(preferenceSections, section)
    ? preferenceSections[section as SectionName]
    : undefined) as unknown as Node;
  for (const key of rest) {
    while (schema && (schema.type === 'optional' || schema.type === 'nullable') && schema.wrapped)
      schema = schema.wrapped as Node;
    schema = schema?.entries && Object.hasOwn(schema.entries, key) ? (schema.entries[key] as Node) : undefined;
  }
  return schema !== undefined;
}
