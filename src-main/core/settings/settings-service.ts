/**
 * Settings as the app uses them. The store holds only what the user chose (sparse); what the app
 * sees is built-in defaults, overlaid by the admin file's defaults, then the user's choices, then
 * whatever the admin locked. Updates are validated as a whole: nothing is saved half-valid.
 */
import * as v from 'valibot';
import type { FieldErrors } from '../../shared/domain/environments.ts';
import { createEmitter } from '../util/emitter.ts';
import type { AdminPolicy } from './admin-policy.ts';
import { readSettingsDocument, type SettingsDocument, type SparsePreferences, type VaultEntry } from './settings-document.ts';
import {
  isUpdateSourcePath,
  preferenceSections,
  UPDATE_SOURCE_KEYS,
  type Preferences,
  type SectionName,
  type StoredEnvironment,
  type UpdateSource,
} from '../../shared/settings-schema.ts';
import { sparseClean } from './sparse-clean.ts';
import { scrubFromBackups } from './settings-file.ts';
import { isRecord } from '../../shared/is-record.ts';
import { deepMerge, lockCovers, valueAt, withValueAt } from '../../shared/setting-paths.ts';
import type { ProblemSink } from '../../shared/domain/value-problem.ts';
import { describeValueProblem } from '../../shared/i18n/value-problem-words.ts';
import { english } from '../../shared/i18n/catalogues.ts';
import type { Translate } from '../../shared/i18n/translator.ts';

/** The part of conf / electron-store the core needs. */
export interface KeyValueStore {
  readonly store: Record<string, unknown>;
  set(key: string, value: unknown): void;
  /** The settings file, whose repair backups lose a secret's ciphertext when it is withdrawn. */
  readonly path?: string;
}

export type UpdateResult = { ok: true } | { ok: false; errors: FieldErrors };

export interface SettingsService {
  readonly admin: AdminPolicy;
  /** IT's policy changed (a Group Policy refresh, a new profile): applies at once, like a user's change. */
  replaceAdmin(next: AdminPolicy): void;
  /** What was repaired when the stored settings were read. */
  readonly problems: readonly string[];
  preferences(): Preferences;
  /** Only what the user chose themselves (for the support info's "where each value comes from"). */
  userPreferences(): SparsePreferences;
  isLocked(path: string): boolean;
  /**
   * Every problem a patch would meet, without saving anything, in the words of `t` (English if not
   * given). Where updates come from passes here when valid: saving it needs `setUpdateSource`.
   */
  validatePreferences(patch: SparsePreferences, t?: Translate): FieldErrors;
  /** Saves a patch; where updates come from is refused (`confirmNeeded`): see setUpdateSource. */
  updatePreferences(patch: SparsePreferences, t?: Translate): UpdateResult;
  /** Whether IT set where updates come from (any of mode, server, channel): then the user sets none of them. */
  updateSourceSetByIt(): boolean;
  /**
   * Where updates come from as the person confirmed it (core/updates/update-source.ts keeps it
   * sealed in the vault); in memory only, never written to the settings file.
   */
  setUpdateSource(source: UpdateSource): void;
  welcomed(): boolean;
  setWelcomed(): void;
  trayPinHintDismissed(): boolean;
  dismissTrayPinHint(): void;
  userEnvironments(): StoredEnvironment[];
  saveUserEnvironments(environments: StoredEnvironment[]): void;
  activeEnvironmentId(): string | null;
  setActiveEnvironmentId(id: string): void;
  environmentOverride(id: string): { employeeId?: string };
  setEnvironmentOverride(id: string, override: { employeeId?: string }): void;
  vaultEntry(id: string): VaultEntry | undefined;
  vaultIds(): string[];
  /** Whether unbound secrets of older versions may still be adopted (until this version's first start ends). */
  vaultAdoptionOpen(): boolean;
  closeVaultAdoption(): void;
  setVaultEntry(id: string, entry: VaultEntry | null): void;
  onChange(listener: () => void): () => void;
}

function leafPaths(value: unknown, prefix: string): string[] {
  if (!isRecord(value)) return [prefix];
  return Object.entries(value).flatMap(([key, inner]) => leafPaths(inner, `${prefix}.${key}`));
}

// Over 80 lines on purpose: the settings, the admin policy and the change events shared by small
// functions (the longest 21 lines).
export function createSettingsService(store: KeyValueStore, initialAdmin: AdminPolicy): SettingsService {
  let admin = initialAdmin;
  const { document: initial, problems } = readSettingsDocument(store.store);
  let document: SettingsDocument = initial;
  const changes = createEmitter<{ change: undefined }>();
  /** The effective preferences, parsed once per change (they are read on every check and request). */
  let effective: Preferences | null = null;
  changes.on('change', () => (effective = null));
  const lockedBy = (path: string) => [...admin.locked].find((locked) => lockCovers(locked, path));
  let updateSource: UpdateSource = {};
  const updateSourceSetByIt = () =>
    UPDATE_SOURCE_KEYS.some((key) => valueAt(admin.defaults.updates, [key]) !== undefined || lockedBy(`updates.${key}`));
  /** The user's own layer: the file's choices, and where updates come from as confirmed (unless IT set it). */
  const userSection = (name: SectionName) =>
    name === 'updates' && !updateSourceSetByIt()
      ? deepMerge(document.preferences.updates ?? {}, updateSource)
      : document.preferences[name];

  const persist = (key: string, value: unknown) => {
    store.set(key, value);
    changes.emit('change', undefined);
  };

  function effectiveSection(name: SectionName): Record<string, unknown> {
    let merged = deepMerge(deepMerge({}, admin.defaults[name]), userSection(name));
    for (const locked of admin.locked) {
      const [section, ...path] = locked.split('.');
      if (section !== name) continue;
      const forced = path.length === 0 ? admin.defaults[name] : valueAt(admin.defaults[name], path);
      if (path.length === 0) merged = deepMerge({}, admin.defaults[name]);
      else merged = withValueAt(merged, path, forced);
    }
    return merged;
  }

  /**
   * The problems of a patch, and the user's preferences as they would be with it applied.
   * `source`: whether where updates come from may be in it (validated only), or is refused.
   */
  function validate(
    patch: SparsePreferences,
    t: Translate,
    source: 'check' | 'refuse',
  ): { errors: FieldErrors; next: SparsePreferences } {
    const errors: FieldErrors = {};
    const report: ProblemSink = (path, problem) => (errors[path] = describeValueProblem(problem, t));
    const next: SparsePreferences = { ...document.preferences };
    for (const [name, sectionPatch] of Object.entries(patch) as Array<[SectionName, Record<string, unknown>]>) {
      const schema = Object.hasOwn(preferenceSections, name) ? preferenceSections[name] : undefined;
      if (!schema) {
        report(String(name).slice(0, 50), { kind: 'unknownSection' });
        continue;
      }
      for (const path of leafPaths(sectionPatch, name)) {
        if (lockedBy(path) || (isUpdateSourcePath(path) && updateSourceSetByIt())) report(path, { kind: 'locked' });
        else if (isUpdateSourcePath(path) && source === 'refuse') report(path, { kind: 'confirmNeeded' });
      }
      sparseClean(schema, sectionPatch, name, report, 'refuse');
      next[name] = deepMerge(document.preferences[name] ?? {}, sectionPatch);
    }
    return { errors, next };
  }

  return {
    get admin() {
      return admin;
    },
    replaceAdmin(next) {
      admin = next;
      changes.emit('change', undefined);
    },
    problems,
    preferences: () =>
      (effective ??= deepFreeze(
        Object.fromEntries(
          (Object.keys(preferenceSections) as SectionName[]).map((name) => [
            name,
            v.parse(preferenceSections[name], effectiveSection(name)),
          ]),
        ) as Preferences,
      )),
    userPreferences: () => document.preferences,
    isLocked: (path) => lockedBy(path) !== undefined,
    validatePreferences: (patch, t = english.t) => validate(patch, t, 'check').errors,
    updatePreferences(patch, t = english.t) {
      const { errors, next } = validate(patch, t, 'refuse');
      if (Object.keys(errors).length > 0) return { ok: false, errors };
      document = { ...document, preferences: next };
      for (const name of Object.keys(patch)) store.set(name, next[name as SectionName]);
      changes.emit('change', undefined);
      return { ok: true };
    },
    updateSourceSetByIt,
    setUpdateSource(source) {
      updateSource = { ...source };
      changes.emit('change', undefined);
    },
    welcomed: () => document.welcomed,
    setWelcomed() {
      document = { ...document, welcomed: true };
      persist('welcomed', true);
    },
    trayPinHintDismissed: () => document.trayPinHintDismissed,
    dismissTrayPinHint() {
      document = { ...document, trayPinHintDismissed: true };
      persist('trayPinHintDismissed', true);
    },
    userEnvironments: () => document.environments.map((environment) => ({ ...environment })),
    saveUserEnvironments(environments) {
      document = { ...document, environments };
      persist('environments', environments);
    },
    activeEnvironmentId: () => document.activeEnvironmentId,
    setActiveEnvironmentId(id) {
      document = { ...document, activeEnvironmentId: id };
      persist('activeEnvironmentId', id);
    },
    environmentOverride: (id) => ({ ...document.environmentOverrides[id] }),
    setEnvironmentOverride(id, override) {
      document = { ...document, environmentOverrides: { ...document.environmentOverrides, [id]: override } };
      persist('environmentOverrides', document.environmentOverrides);
    },
    vaultEntry: (id) => document.vault[id],
    vaultIds: () => Object.keys(document.vault),
    vaultAdoptionOpen: () => !document.vaultSealed,
    closeVaultAdoption() {
      if (document.vaultSealed) return;
      document = { ...document, vaultSealed: true };
      persist('vaultSealed', true);
    },
    setVaultEntry(id, entry) {
      const withdrawn = document.vault[id];
      const vault = { ...document.vault };
      if (entry) vault[id] = entry;
      else delete vault[id];
      document = { ...document, vault };
      persist('vault', vault);
      if (withdrawn && withdrawn.data !== entry?.data && store.path) scrubFromBackups(store.path, withdrawn.data);
    },
    onChange: (listener) => changes.on('change', listener),
  };
}

/** Shared, so read-only: a caller that changed it would change every other caller's view. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}
