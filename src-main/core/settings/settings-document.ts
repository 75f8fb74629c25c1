/**
 * Reading the persisted settings document: migrate old versions, then keep every valid value and
 * report every invalid one. Nothing here throws on bad input.
 */
import * as v from 'valibot';
import { validateEnvironment } from './validate-environment.ts';
import {
  preferenceSections,
  settingsDocumentSchema,
  SETTINGS_VERSION,
  storedEnvironmentSchema,
  UPDATE_SOURCE_KEYS,
  type SectionName,
  type StoredEnvironment,
} from '../../shared/settings-schema.ts';
import { keepUnknown, sparseClean } from './sparse-clean.ts';
import { valueProblemLine } from '../../shared/i18n/value-problem-words.ts';
import type { ProblemSink } from '../../shared/domain/value-problem.ts';
import { previewJson } from '../util/json-text.ts';
import { isRecord } from '../../shared/is-record.ts';

export type SparsePreferences = { [K in SectionName]?: Record<string, unknown> };

export interface VaultEntry {
  data: string;
  weak: boolean;
  /** An older version's: what the secret was given for, in plain text beside it (core/security/vault.ts). */
  binding?: string;
  /** The ciphertext holds the secret and its binding together. */
  sealed?: boolean;
  /** Which computer encrypted it (core/security/vault.ts): another's cannot decrypt it (DPAPI keys do not roam). */
  computer?: string;
}

export interface SettingsDocument {
  schemaVersion: number;
  /** Null until the user picks one (first run): then IT's default or the Mock environment applies. */
  activeEnvironmentId: string | null;
  welcomed: boolean;
  /** Windows: the hint that shows where to pin the tray icon was dismissed. */
  trayPinHintDismissed: boolean;
  environments: StoredEnvironment[];
  /** Per-environment values a user may set on an environment IT defined (their employee id). */
  environmentOverrides: Record<string, { employeeId?: string }>;
  preferences: SparsePreferences;
  vault: Record<string, VaultEntry>;
  /** This version started once: unbound secrets of older versions are adopted no more. */
  vaultSealed: boolean;
}

/** Migrations by the version they produce. Version 1 is the first; add steps here as the format evolves. */
export const migrations: Array<{ to: number; migrate: (raw: Record<string, unknown>) => Record<string, unknown> }> = [];

export function migrate(raw: Record<string, unknown>, steps = migrations): Record<string, unknown> {
  let document = raw;
  const from = typeof raw.schemaVersion === 'number' ? raw.schemaVersion : 1;
  for (const step of [...steps].sort((a, b) => a.to - b.to)) {
    if (step.to > from) document = { ...step.migrate(document), schemaVersion: step.to };
  }
  return document;
}

const vaultEntrySchema = v.object({
  data: v.string(),
  weak: v.boolean(),
  binding: v.optional(v.string()),
  sealed: v.optional(v.boolean()),
  computer: v.optional(v.string()),
});
const overrideSchema = v.object({ employeeId: v.optional(v.string()) });

export function readSettingsDocument(
  raw: unknown,
  steps = migrations,
): { document: SettingsDocument; problems: string[]; unknownFields: Record<string, unknown> } {
  const problems: string[] = [];
  const source =
    typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? migrate(raw as Record<string, unknown>, steps) : {};
  if (raw !== undefined && source !== raw && Object.keys(source).length === 0)
    problems.push('settings: not an object; starting from defaults.');

  reportWrongTypes(source, problems);

  const preferences: SparsePreferences = {};
  for (const [name, schema] of Object.entries(preferenceSections) as Array<[SectionName, v.GenericSchema]>) {
    if (source[name] === undefined) continue;
    const cleaned = sparseClean(schema, source[name], name, logTo(problems)) as Record<string, unknown> | undefined;
    if (cleaned) preferences[name] = cleaned;
  }
  if (preferences.updates) preferences.updates = withoutUpdateSource(preferences.updates, logTo(problems));

  const environments: StoredEnvironment[] = [];
  for (const [index, item] of (Array.isArray(source.environments) ? source.environments : []).entries()) {
    const parsed = v.safeParse(storedEnvironmentSchema, item);
    const checked = parsed.success ? validateEnvironment(parsed.output, environments) : null;
    if (parsed.success && checked?.ok) environments.push({ ...parsed.output, ...checked.value, id: parsed.output.id });
    else problems.push(`environments[${index}]${describeEnvironmentProblem(parsed, checked)}; this environment was set aside.`);
  }

  const vault: Record<string, VaultEntry> = {};
  for (const [id, entry] of Object.entries(isRecord(source.vault) ? source.vault : {})) {
    if (v.is(vaultEntrySchema, entry)) vault[id] = entry;
    else problems.push(`vault.${id}: unreadable entry; ignored.`);
  }
  const environmentOverrides = readOverrides(source.environmentOverrides, problems);
  const unknownFields = readUnknownFields(source, problems);

  return {
    document: {
      schemaVersion: Math.max(
        SETTINGS_VERSION,
        typeof source.schemaVersion === 'number' ? source.schemaVersion : SETTINGS_VERSION,
      ),
      activeEnvironmentId: typeof source.activeEnvironmentId === 'string' ? source.activeEnvironmentId : null,
      welcomed: source.welcomed === true,
      trayPinHintDismissed: source.trayPinHintDismissed === true,
      environments,
      environmentOverrides,
      preferences,
      vault,
      vaultSealed: source.vaultSealed === true,
    },
    problems,
    unknownFields,
  };
}

/**
 * Where updates come from is never read from the settings file: a program that edits it could
 * point the app at code of its own. The person sets it in Settings, confirmed (kept sealed in the
 * vault), or IT does.
 */
function withoutUpdateSource(updates: Record<string, unknown>, report: ProblemSink): Record<string, unknown> {
  const kept = { ...updates };
  for (const key of UPDATE_SOURCE_KEYS) {
    if (!Object.hasOwn(kept, key)) continue;
    delete kept[key];
    report(`updates.${key}`, { kind: 'confirmNeeded' });
  }
  return kept;
}

/** The user's employee id on IT's environments: an entry of another shape is set aside, by name. */
function readOverrides(raw: unknown, problems: string[]): SettingsDocument['environmentOverrides'] {
  const overrides: SettingsDocument['environmentOverrides'] = {};
  for (const [id, entry] of Object.entries(isRecord(raw) ? raw : {})) {
    // Only the employee id is carried: anything else an entry holds is no setting of ours.
    if (v.is(overrideSchema, entry)) overrides[id] = entry.employeeId === undefined ? {} : { employeeId: entry.employeeId };
    else problems.push(`environmentOverrides.${id}: expected {"employeeId": text} (got ${previewJson(entry)}); set aside.`);
  }
  return overrides;
}

/** Top-level fields this version does not know (a newer one's) stay in the file, within bounds. */
function readUnknownFields(source: Record<string, unknown>, problems: string[]): Record<string, unknown> {
  const known = new Set(Object.keys(settingsDocumentSchema.entries));
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(source)) if (!known.has(key)) keepUnknown(kept, key, value, key, logTo(problems));
  return kept;
}

function describeEnvironmentProblem(
  parsed: v.SafeParseResult<typeof storedEnvironmentSchema>,
  checked: ReturnType<typeof validateEnvironment> | null,
): string {
  if (!parsed.success) {
    const issue = parsed.issues[0];
    const field = issue ? v.getDotPath(issue) : null;
    return field ? `.${field}: ${issue?.message}` : `: ${issue?.message ?? 'invalid'}`;
  }
  if (checked && !checked.ok) {
    const [field, message] = Object.entries(checked.errors)[0] ?? ['', 'invalid'];
    return `.${field}: ${(message ?? '').replace(/\.$/, '')}`;
  }
  return '';
}

/** Top-level fields of the wrong type are reported (and so repaired on disk), never coerced silently. */
function reportWrongTypes(source: Record<string, unknown>, problems: string[]): void {
  const expected: Array<[string, string, (value: unknown) => boolean]> = [
    ['schemaVersion', 'a number', (value) => typeof value === 'number'],
    ['activeEnvironmentId', 'text', (value) => typeof value === 'string'],
    ['welcomed', 'true or false', (value) => typeof value === 'boolean'],
    ['trayPinHintDismissed', 'true or false', (value) => typeof value === 'boolean'],
    ['environments', 'a list', Array.isArray],
    ['environmentOverrides', 'an object', isRecord],
    ['vault', 'an object', isRecord],
  ];
  for (const [field, what, fits] of expected) {
    const value = source[field];
    if (value !== undefined && value !== null && !fits(value))
      problems.push(`${field}: expected ${what} (got ${previewJson(value)}); ignored.`);
  }
}

/** Problems of stored settings go to the log, in English. */
const logTo =
  (lines: string[]): ProblemSink =>
  (path, problem) =>
    lines.push(valueProblemLine(path, problem));
