/**
 * All environments the user can pick: the built-in Mock first, then those IT defined in the admin
 * file, then the user's own. Knows which one is active and what each origin lets a user change.
 */
import { randomBytes } from 'node:crypto';
import { LOCK_ENVIRONMENTS } from '../settings/admin-policy.ts';
import type { SettingsService } from '../settings/settings-service.ts';
import { mockEnvironment } from './environment.ts';
import { MOCK_ENVIRONMENT_ID } from '../../shared/domain/environments.ts';
import type { Environment, FieldErrors, EnvironmentOrigin } from '../../shared/domain/environments.ts';
import { validateEnvironment, type EnvironmentDraft, type Validation } from '../settings/validate-environment.ts';
import { english } from '../../shared/i18n/catalogues.ts';
import type { Translate } from '../../shared/i18n/translator.ts';

export interface EnvironmentEntry {
  environment: Environment;
  origin: EnvironmentOrigin;
}

export class EnvironmentChangeError extends Error {
  override name = 'UserFacingError';
}

export interface EnvironmentRegistry {
  list(): EnvironmentEntry[];
  get(id: string): EnvironmentEntry | undefined;
  active(): EnvironmentEntry;
  setActive(id: string): void;
  /** Users may add and edit their own environments unless IT locked that. */
  canManageOwn(): boolean;
  /** Adds or updates. For the Mock and IT's environments only the employee id may change. */
  save(draft: EnvironmentDraft): Validation<Environment>;
  /** What saving this draft would refuse, without saving. */
  validate(draft: EnvironmentDraft): FieldErrors;
  remove(id: string): void;
}

/** Where the built-in mock listens; a function, since the app starts it only while the Mock is active. */
export type MockUrls = { timeclockBaseUrl: string; debtorsBaseUrl: string };

/**
 * `t`: the user's words as they are at each call (the core's live translate; English if not
 * given), for the Mock's name and for what a draft or a change gets refused with.
 */
// Over 80 lines on purpose: the three sources of environments (Mock, IT's, the user's) read through one
// settings service by small named steps (the longest, save, 19 lines).
export function createEnvironmentRegistry(
  settings: SettingsService,
  mockUrls: MockUrls | (() => MockUrls),
  t: Translate = english.t,
): EnvironmentRegistry {
  const currentMockUrls = typeof mockUrls === 'function' ? mockUrls : () => mockUrls;
  const withOverride = (environment: Environment): Environment => {
    const employeeId = settings.environmentOverride(environment.id).employeeId;
    return employeeId ? { ...environment, employeeId } : environment;
  };
  const list = (): EnvironmentEntry[] => [
    { environment: withOverride(mockEnvironment(currentMockUrls(), t('environment.mockName'))), origin: 'builtin' },
    ...settings.admin.environments.map((environment) => ({ environment: withOverride(environment), origin: 'admin' as const })),
    ...settings.userEnvironments().map((environment) => ({ environment, origin: 'user' as const })),
  ];
  const get = (id: string) => list().find((entry) => entry.environment.id === id);
  const canManageOwn = () => !settings.isLocked(LOCK_ENVIRONMENTS);

  return {
    list,
    get,
    active() {
      const chosen = settings.activeEnvironmentId() ?? settings.admin.defaultEnvironmentId ?? MOCK_ENVIRONMENT_ID;
      return get(chosen) ?? get(MOCK_ENVIRONMENT_ID)!;
    },
    setActive(id) {
      if (!get(id)) throw new EnvironmentChangeError(t('invalid.environment.unknown', { id }));
      settings.setActiveEnvironmentId(id);
    },
    canManageOwn,
    validate(draft) {
      const result = check(draft);
      return result.ok ? {} : result.errors;
    },
    save(draft) {
      const existing = draft.id ? get(draft.id) : undefined;
      const result = check(draft);
      if (!result.ok) return result;
      if (existing && existing.origin !== 'user') {
        settings.setEnvironmentOverride(existing.environment.id, { employeeId: result.value.employeeId });
        return { ok: true, value: { ...existing.environment, employeeId: result.value.employeeId } };
      }
      const others = list().map((entry) => entry.environment);
      const environment: Environment = {
        ...result.value,
        id: existing?.environment.id ?? newEnvironmentId(result.value.name, others),
      };
      const mine = settings.userEnvironments();
      settings.saveUserEnvironments(
        existing ? mine.map((item) => (item.id === environment.id ? environment : item)) : [...mine, environment],
      );
      return { ok: true, value: environment };
    },
    remove(id) {
      const entry = get(id);
      if (!entry) throw new EnvironmentChangeError(t('invalid.environment.unknown', { id }));
      if (entry.origin !== 'user')
        throw new EnvironmentChangeError(
          t('invalid.environment.notDeletable', { name: entry.environment.name, origin: entry.origin }),
        );
      if (!canManageOwn()) throw new EnvironmentChangeError(t('invalid.environment.managed'));
      settings.saveUserEnvironments(settings.userEnvironments().filter((environment) => environment.id !== id));
      if (settings.activeEnvironmentId() === id) settings.setActiveEnvironmentId(MOCK_ENVIRONMENT_ID);
    },
  };

  /** The rules for a draft: only the employee id of the Mock's and IT's; everything of the user's own. */
  function check(draft: EnvironmentDraft): Validation<EnvironmentDraft> {
    const existing = draft.id ? get(draft.id) : undefined;
    if (existing && existing.origin !== 'user') {
      const result = validateEnvironment({ ...existing.environment, employeeId: draft.employeeId }, [], t);
      return result.ok ? result : { ok: false, errors: { employeeId: result.errors.employeeId } };
    }
    if (!canManageOwn()) return { ok: false, errors: { name: t('invalid.environment.managed') } };
    return validateEnvironment(
      draft,
      list().map((entry) => entry.environment),
      t,
    );
  }
}

function newEnvironmentId(name: string, taken: readonly Environment[]): string {
  const slug =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 30) || 'environment';
  for (;;) {
    const id = `${slug}-${randomBytes(3).toString('hex')}`;
    if (!taken.some((environment) => environment.id === id)) return id;
  }
}
