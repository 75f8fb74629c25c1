/** Settings against a real conf store in a temp folder: the library electron-store is built on. */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Conf from 'conf';
import { beforeEach, describe, expect, it } from 'vitest';
import { defaultAuthScheme } from '../../shared/api/api-profile.ts';
import { emptyAdminPolicy, type AdminPolicy } from './admin-policy.ts';
import { prepareSettingsFile, settingsStoreSchema } from './settings-file.ts';
import { createSettingsService } from './settings-service.ts';

let dir: string;
const file = () => join(dir, 'settings.json');
const openStore = () => new Conf<Record<string, unknown>>({ cwd: dir, configName: 'settings', schema: settingsStoreSchema() });
const admin = (overrides: Partial<AdminPolicy> = {}): AdminPolicy => ({ ...emptyAdminPolicy(), ...overrides });
const stored = () => JSON.parse(readFileSync(file(), 'utf8')) as Record<string, unknown>;
const qa = {
  id: 'qa',
  name: 'QA',
  timeclockBaseUrl: 'https://qa.example.com/timeclock',
  debtorsBaseUrl: 'https://qa.example.com/debtors',
  clientId: 'qa-client',
  auth: defaultAuthScheme,
  employeeId: 'E7',
};

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'timeclock-settings-'));
});

describe('defaults and persistence', () => {
  it('starts with sensible defaults and no environment chosen yet', () => {
    const settings = createSettingsService(openStore(), admin());
    expect(settings.preferences().monitoring).toMatchObject({ pollIntervalSeconds: 25, timeoutSeconds: 10, notifications: true });
    expect(settings.preferences().general).toEqual({
      startAtLogin: true,
      startDelaySeconds: 0,
      theme: 'system',
      language: 'system',
    });
    expect(settings.activeEnvironmentId()).toBeNull();
    expect(settings.problems).toEqual([]);
  });

  it('stores only what the user chose, and reads it back after a restart', () => {
    createSettingsService(openStore(), admin()).updatePreferences({ monitoring: { pollIntervalSeconds: 45 } });
    expect(stored().monitoring).toEqual({ pollIntervalSeconds: 45 });
    const reopened = createSettingsService(openStore(), admin());
    expect(reopened.preferences().monitoring.pollIntervalSeconds).toBe(45);
    expect(reopened.preferences().monitoring.timeoutSeconds).toBe(10);
  });

  it('persists environments, the active one, and vault entries', () => {
    const settings = createSettingsService(openStore(), admin());
    settings.saveUserEnvironments([qa]);
    settings.setActiveEnvironmentId('qa');
    settings.setVaultEntry('qa', { data: 'ciphertext', weak: false });
    const reopened = createSettingsService(openStore(), admin());
    expect(reopened.userEnvironments()).toEqual([qa]);
    expect(reopened.activeEnvironmentId()).toBe('qa');
    expect(reopened.vaultEntry('qa')).toEqual({ data: 'ciphertext', weak: false });
  });
});

describe('validation of updates', () => {
  it('names each bad field and saves nothing when any field is bad', () => {
    const settings = createSettingsService(openStore(), admin());
    const result = settings.updatePreferences({
      monitoring: { pollIntervalSeconds: 5, sound: true },
      general: { theme: 'neon' },
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        'monitoring.pollIntervalSeconds': 'Must be at least 10 (got 5).',
        'general.theme': 'Must be one of system, light, dark (got "neon").',
      },
    });
    expect(settings.preferences().monitoring.sound).toBe(false);
  });

  it('keeps a shortcut typed with the keyboard’s own names in Electron’s, and names what is wrong with one', () => {
    const settings = createSettingsService(openStore(), admin());
    expect(settings.updatePreferences({ clock: { globalShortcut: 'Strg+Umschalt+F1' } })).toMatchObject({ ok: true });
    expect(settings.preferences().clock.globalShortcut).toBe('Ctrl+Shift+F1');
    expect(settings.updatePreferences({ clock: { globalShortcut: 'Strg+Banane' } })).toEqual({
      ok: false,
      errors: {
        'clock.globalShortcut':
          '“Banane” is not a key Electron knows; use a letter, a digit, F1–F24 or a named key such as Space or Home.',
      },
    });
  });

  it('says how an uptime target is written when IT writes it otherwise, and takes a decimal comma', () => {
    const settings = createSettingsService(openStore(), admin());
    expect(settings.updatePreferences({ monitoring: { uptimeTarget: { target: '99.5 %' } } })).toEqual({
      ok: false,
      errors: { 'monitoring.uptimeTarget.target': 'Use a percentage such as 99.5 (got "99.5 %").' },
    });
    expect(settings.updatePreferences({ monitoring: { uptimeTarget: { target: '99,5' } } })).toMatchObject({ ok: true });
    expect(settings.preferences().monitoring.uptimeTarget).toEqual({ source: '', target: '99,5' });
  });

  it('refuses an unknown section', () => {
    expect(createSettingsService(openStore(), admin()).updatePreferences({ colours: {} } as never)).toEqual({
      ok: false,
      errors: { colours: 'Unknown section.' },
    });
  });
});

describe('admin precedence and locks', () => {
  const policy = () =>
    admin({
      defaults: { monitoring: { pollIntervalSeconds: 60, reminderMinutes: 0 }, general: { startAtLogin: true } },
      locked: new Set(['general.startAtLogin', 'monitoring.reminderMinutes']),
    });

  it('built-in < admin default < user choice < admin lock', () => {
    const settings = createSettingsService(openStore(), policy());
    expect(settings.preferences().monitoring.timeoutSeconds).toBe(10);
    expect(settings.preferences().monitoring.pollIntervalSeconds).toBe(60);
    expect(settings.updatePreferences({ monitoring: { pollIntervalSeconds: 20 } })).toEqual({ ok: true });
    expect(settings.preferences().monitoring.pollIntervalSeconds).toBe(20);
    expect(settings.preferences().general.startAtLogin).toBe(true);
  });

  it('refuses changes to locked fields with a clear message', () => {
    const settings = createSettingsService(openStore(), policy());
    expect(settings.updatePreferences({ general: { startAtLogin: false } })).toEqual({
      ok: false,
      errors: { 'general.startAtLogin': 'Set by your organisation; it cannot be changed here.' },
    });
    expect(settings.isLocked('monitoring.reminderMinutes')).toBe(true);
    expect(settings.isLocked('monitoring.pollIntervalSeconds')).toBe(false);
  });

  it('a lock wins even over a value the user stored before the lock existed', () => {
    createSettingsService(openStore(), admin()).updatePreferences({ general: { startAtLogin: false } });
    expect(createSettingsService(openStore(), policy()).preferences().general.startAtLogin).toBe(true);
  });

  it('a locked field without an admin value is held at the built-in default', () => {
    createSettingsService(openStore(), admin()).updatePreferences({ monitoring: { sound: true } });
    const settings = createSettingsService(openStore(), admin({ locked: new Set(['monitoring.sound']) }));
    expect(settings.preferences().monitoring.sound).toBe(false);
  });

  it('locking a whole section locks each field in it', () => {
    const settings = createSettingsService(
      openStore(),
      admin({ locked: new Set(['network']), defaults: { network: { requestTimeoutSeconds: 30 } } }),
    );
    expect(settings.preferences().network.requestTimeoutSeconds).toBe(30);
    expect(settings.updatePreferences({ network: { maxResponseMegabytes: 50 } })).toMatchObject({ ok: false });
  });
});

describe('a damaged settings file', () => {
  it('keeps every valid value, drops the invalid ones with a reason, and keeps a backup', () => {
    writeFileSync(
      file(),
      JSON.stringify({
        activeEnvironmentId: 'qa',
        monitoring: { pollIntervalSeconds: 2, timeoutSeconds: 15 },
        general: { theme: 'dark' },
        environments: [qa, { ...qa, id: 'bad', name: 'Bad', timeclockBaseUrl: 'http://qa.example.com' }],
      }),
    );
    const prepared = prepareSettingsFile(file(), () => new Date('2026-11-21T10:00:00Z'));
    expect(prepared.problems).toEqual([
      'monitoring.pollIntervalSeconds: must be at least 10 (got 2); ignored.',
      'environments[1].timeclockBaseUrl: Timeclock base URL must use https:// (plain http:// is allowed only for this computer: localhost or 127.0.0.1); this environment was set aside.',
    ]);
    expect(readdirSync(dir)).toContain('settings.json.backup-2026-11-21T10-00-00-000Z');
    const settings = createSettingsService(openStore(), admin());
    expect(settings.preferences().monitoring).toMatchObject({ pollIntervalSeconds: 25, timeoutSeconds: 15 });
    expect(settings.preferences().general.theme).toBe('dark');
    expect(settings.userEnvironments().map((environment) => environment.id)).toEqual(['qa']);
  });

  it('starts from defaults when the file is not JSON, keeping the original as a backup', () => {
    writeFileSync(file(), '{ "monitoring": ');
    const prepared = prepareSettingsFile(file());
    expect(prepared.problems[0]).toMatch(/settings\.json is not valid JSON .*; starting from defaults\.$/);
    expect(readFileSync(prepared.backupPath!, 'utf8')).toBe('{ "monitoring": ');
    expect(createSettingsService(openStore(), admin()).preferences().monitoring.pollIntervalSeconds).toBe(25);
  });

  it('reports values of the wrong type instead of coercing them silently, so the store opens', () => {
    writeFileSync(file(), JSON.stringify({ welcomed: 'yes', activeEnvironmentId: 5, vault: [], environments: 'qa' }));
    const prepared = prepareSettingsFile(file());
    expect(prepared.problems).toEqual([
      'activeEnvironmentId: expected text (got 5); ignored.',
      'welcomed: expected true or false (got "yes"); ignored.',
      'environments: expected a list (got "qa"); ignored.',
      'vault: expected an object (got []); ignored.',
    ]);
    const settings = createSettingsService(openStore(), admin());
    expect(settings.welcomed()).toBe(false);
  });

  it('moves a folder standing where the file belongs aside, and starts', () => {
    mkdirSync(file());
    const prepared = prepareSettingsFile(file(), () => new Date(1_000));
    expect(prepared.problems).toEqual([
      `${file()} was a folder, not a file; it was moved to ${file()}.folder-set-aside-1000 and a new file started.`,
    ]);
    expect(createSettingsService(openStore(), admin()).preferences().monitoring.pollIntervalSeconds).toBe(25);
  });

  it('sets aside an override of the wrong type by name, keeps the rest, and repairs the file so the store opens', () => {
    writeFileSync(
      file(),
      JSON.stringify({
        environmentOverrides: { acme: { employeeId: 1002 }, qa: { employeeId: 'E7' } },
        general: { theme: 'dark' },
      }),
    );
    const prepared = prepareSettingsFile(file());
    expect(prepared.problems).toEqual([
      'environmentOverrides.acme: expected {"employeeId": text} (got {"employeeId":1002}); set aside.',
    ]);
    expect(stored().environmentOverrides).toEqual({ qa: { employeeId: 'E7' } });
    const settings = createSettingsService(openStore(), admin());
    expect(settings.preferences().general.theme).toBe('dark');
    expect(prepareSettingsFile(file()).problems).toEqual([]);
  });

  it('keeps an unknown field a newer version wrote, but sets aside one nested too deep or too large to carry', () => {
    const deep = `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`;
    const big = JSON.stringify('x'.repeat(20_000));
    writeFileSync(
      file(),
      `{"fromNewerVersion":{"flag":true},"nested":${deep},"huge":${big},"general":{"theme":"dark","later":${deep}},` +
        `"environmentOverrides":{"acme":${deep}},"welcomed":${deep},"vault":{"x":${deep}}}`,
    );
    const prepared = prepareSettingsFile(file());
    // A known field holding a deep value is named too, without writing the value out (that overflows).
    expect(prepared.problems).toEqual(
      expect.arrayContaining([
        'welcomed: expected true or false (got a value nested too deep to show); ignored.',
        'vault.x: unreadable entry; ignored.',
        'general.later: unknown field nested deeper than 16 levels; set aside.',
        'nested: unknown field nested deeper than 16 levels; set aside.',
        'huge: unknown field larger than 16 KiB; set aside.',
      ]),
    );
    expect(prepared.problems).toHaveLength(5);
    expect(stored().environmentOverrides).toEqual({ acme: {} });
    expect(stored().fromNewerVersion).toEqual({ flag: true });
    const settings = createSettingsService(openStore(), admin());
    // Every change saves again (it once overflowed the stack writing the deep field back).
    expect(settings.updatePreferences({ lookup: { autoRefreshMinutes: 10 } })).toMatchObject({ ok: true });
    expect(stored()).toMatchObject({ fromNewerVersion: { flag: true }, lookup: { autoRefreshMinutes: 10 } });
  });

  it('reads a file a Windows editor saved with a byte-order mark, keeping every setting', () => {
    writeFileSync(file(), `\uFEFF${JSON.stringify({ general: { theme: 'dark' }, monitoring: { pollIntervalSeconds: 40 } })}`);
    expect(prepareSettingsFile(file())).toEqual({ problems: [], backupPath: null });
    const settings = createSettingsService(openStore(), admin());
    expect(settings.preferences().general.theme).toBe('dark');
    expect(settings.preferences().monitoring.pollIntervalSeconds).toBe(40);
  });

  it('leaves a healthy file alone', () => {
    createSettingsService(openStore(), admin()).updatePreferences({ lookup: { autoRefreshMinutes: 10 } });
    expect(prepareSettingsFile(file())).toEqual({ problems: [], backupPath: null });
  });
});
