/**
 * What a helpdesk asks for, as one text the user copies from the About box: version and platform,
 * each effective setting with where its value comes from, the environment (never its secret: only
 * whether one is set), the last health results and the punches waiting. In English, for IT.
 */
import { SETTING_POLICY_KEYS } from '../shared/policy-keys.ts';
import { SECRET_SETTINGS } from '../shared/settings-schema.ts';
import { isLocked, valueAt } from '../shared/setting-paths.ts';
import type { AdminPolicy } from './settings/admin-policy.ts';
import type { SettingsService } from './settings/settings-service.ts';
import type { AppCore } from './app-core.ts';
import { redact } from './security/redact.ts';
import { secretsToRedact } from './security/live-secrets.ts';
import { MOCK_ENVIRONMENT_ID } from '../shared/domain/environments.ts';

export type SettingSource = 'policy' | 'admin file' | 'user' | 'recommended policy' | 'admin file default' | 'default';

/** Where the value of one setting comes from, by the precedence of os-policy.ts. */
export function settingSource(settings: SettingsService, path: string): SettingSource {
  const admin = settings.admin;
  const { enforced, file, recommended } = admin.layers ?? { enforced: null, file: admin, recommended: null };
  const has = (layer: AdminPolicy | null) => layer !== null && valueAt(layer.defaults, path) !== undefined;
  if (enforced && isLocked(enforced.locked, path)) return 'policy';
  if (isLocked(file.locked, path)) return 'admin file';
  if (valueAt(settings.userPreferences(), path) !== undefined) return 'user';
  if (has(recommended)) return 'recommended policy';
  if (has(file)) return 'admin file default';
  return 'default';
}

/** A setting's value as the support info shows it: a credential only as set or not. */
const shownValue = (key: string, value: unknown) =>
  SECRET_SETTINGS.includes(key) ? (value === '' ? '(not set)' : '(set)') : JSON.stringify(value);

export interface SupportFacts {
  version: string;
  platform: string;
  runtime: string;
  dataFolder: string;
  logsFolder: string;
}

export function supportInfo(core: AppCore, facts: SupportFacts): string {
  const environment = core.activeEnvironment();
  const secret = core.secretStatus(environment.id);
  const preferences = core.settings.preferences();
  const admin = core.settings.admin;
  const waiting = core.outbox.all();
  const oldest = waiting.map((punch) => punch.at).sort()[0];
  const text = [
    `Timeclock Tray ${facts.version} · ${facts.platform} · ${facts.runtime}`,
    `Generated: ${new Date(core.now()).toISOString()}`,
    `Data folder: ${facts.dataFolder}`,
    `Logs: ${facts.logsFolder}`,
    `Admin file: ${admin.source ?? 'none'} · OS policy: ${admin.policySource ?? 'none'}`,
    '',
    `Environment: ${environment.name} (${environment.id})`,
    `  timeclock: ${environment.timeclockBaseUrl}`,
    `  debtors: ${environment.debtorsBaseUrl}`,
    `  sign-in: ${environment.auth.kind}, client id ${environment.clientId}, secret ${secret.set ? `set (${secret.storage})` : 'not set'}`,
    `  employee id: ${environment.employeeId ? 'set' : 'not set'}`,
    '',
    'Health:',
    ...core.health.lines().map((line) => `  ${line.system}: ${line.state} since ${line.since}`),
    `Clock: ${core.clock.view().state}`,
    `Punches waiting: ${waiting.length}${oldest ? ` (oldest recorded ${oldest})` : ''}`,
    ...waiting.filter((punch) => punch.lastError).map((punch) => `  ${punch.kind} ${punch.at}: ${punch.lastError}`),
    '',
    'Settings (value · source):',
    ...SETTING_POLICY_KEYS.map(
      ({ key }) => `  ${key} = ${shownValue(key, valueAt(preferences, key))} · ${settingSource(core.settings, key)}`,
    ),
    ...(admin.problems.length > 0 ? ['', 'Policy problems:', ...admin.problems.map((problem) => `  ${problem}`)] : []),
  ].join('\n');
  // Nothing above holds a secret; a server's message quoted in a punch's error might.
  // Every secret the vault holds (also one given for other addresses), the Mock's, and the tokens held now.
  const secrets = [
    ...secretsToRedact(core.vault.knownSecrets)(),
    core.secretFor(MOCK_ENVIRONMENT_ID) ?? '',
    preferences.fleet.headerValue,
  ];
  return redact(text, secrets);
}
