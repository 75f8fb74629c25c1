/** IT's policies from each operating system: one precedence, one set of checks, the same result from every format. */
import * as plist from 'plist';
import { build, buildBinary } from 'plist';
import * as registry from 'native-reg';
import { productionEnvironment as prod } from '../../testing/admin-fixtures.ts';
import { describe, expect, it } from 'vitest';
import { emptyAdminPolicy, loadAdminPolicy, type AdminPolicy } from './admin-policy.ts';
import { combinePolicies, type RawPolicy } from './os-policy.ts';
import {
  jsonPolicyReader,
  LINUX_POLICY_FILE,
  managedPreferencesReader,
  MACOS_BUNDLE_ID,
  REGISTRY_POLICY_KEY,
  registryPolicyReader,
  MACHINE_RUN_KEY,
} from './policy-sources.ts';
import { createSettingsService, type KeyValueStore } from './settings-service.ts';
import { POLICY_RECHECK_MS, watchPolicy } from './policy-watch.ts';
import { createFakeClock } from '../../testing/fake-clock.ts';

const memoryStore = (initial: Record<string, unknown> = {}): KeyValueStore => {
  const store: Record<string, unknown> = { ...initial };
  return { store, set: (key, value) => void (store[key] = value) };
};
const raw = (enforced: Record<string, unknown>, recommended: Record<string, unknown> = {}): RawPolicy => ({
  source: 'test policy',
  enforced,
  recommended,
  problems: [],
});
const adminFile = (document: unknown): AdminPolicy =>
  loadAdminPolicy('/etc/timeclock-tray/admin.json', () => JSON.stringify(document));

describe('precedence: enforced policy > admin file > the user > recommended policy > defaults', () => {
  const file = adminFile({
    settings: { monitoring: { pollIntervalSeconds: 60, timeoutSeconds: 20 }, general: { theme: 'dark' } },
    locked: ['monitoring.timeoutSeconds'],
  });
  const policy = raw(
    { 'monitoring.pollIntervalSeconds': 120, 'general.startAtLogin': true },
    { 'general.theme': 'light', 'monitoring.timeoutSeconds': 5, 'lookup.autoRefreshMinutes': 15 },
  );

  it('applies each layer where it ranks', () => {
    const settings = createSettingsService(
      memoryStore({ monitoring: { pollIntervalSeconds: 30 }, lookup: { autoRefreshMinutes: 2 } }),
      combinePolicies(file, policy),
    );
    const { monitoring, general, lookup } = settings.preferences();
    expect(monitoring.pollIntervalSeconds).toBe(120); // enforced beats the user's 30 and the file's 60
    expect(monitoring.timeoutSeconds).toBe(20); // locked by the file, beats the recommended 5
    expect(general.startAtLogin).toBe(true);
    expect(lookup.autoRefreshMinutes).toBe(2); // the user's choice beats the recommended 15
    expect(general.theme).toBe('light'); // recommended beats the file's unlocked default
    expect(settings.isLocked('monitoring.pollIntervalSeconds')).toBe(true);
    expect(settings.isLocked('general.theme')).toBe(false);
    expect(settings.updatePreferences({ general: { theme: 'system' } })).toEqual({ ok: true });
    expect(settings.updatePreferences({ general: { startAtLogin: false } })).toEqual({
      ok: false,
      errors: { 'general.startAtLogin': 'Set by your organisation; it cannot be changed here.' },
    });
  });

  it('applies a changed policy at once, and tells who listens', () => {
    const settings = createSettingsService(memoryStore(), combinePolicies(emptyAdminPolicy(), null));
    let changes = 0;
    settings.onChange(() => changes++);
    settings.replaceAdmin(combinePolicies(emptyAdminPolicy(), raw({ 'clock.firstDayOfWeek': 'sunday' })));
    expect([settings.preferences().clock.firstDayOfWeek, settings.isLocked('clock.firstDayOfWeek'), changes]).toEqual([
      'sunday',
      true,
      1,
    ]);
  });

  it('defines environments and the active one, and can stop users adding their own', () => {
    const combined = combinePolicies(
      adminFile({ environments: [{ ...prod, id: 'old', name: 'Old' }] }),
      raw({ environments: JSON.stringify([prod]), defaultEnvironment: 'prod', lockEnvironments: 1 }),
    );
    expect(combined.environments.map((environment) => environment.id)).toEqual(['prod']);
    expect(combined.defaultEnvironmentId).toBe('prod');
    expect(combined.locked.has('environments')).toBe(true);
  });
});

describe('bad policy values', () => {
  it('are refused one by one, naming the key and where it came from; the rest applies', () => {
    const combined = combinePolicies(
      emptyAdminPolicy(),
      raw(
        {
          'monitoring.pollIntervalSeconds': 2,
          'monitoring.sound': 'loud',
          'general.colour': 'red',
          environments: '[not json',
          'clock.globalShortcut': 'T',
          'clock.longShiftHours': 12,
        },
        { 'general.theme': 'neon' },
      ),
    );
    expect(combined.problems).toEqual([
      'test policy (enforced): general.colour: not a policy of this app; ignored.',
      'test policy (enforced): environments: must be JSON text (got "[not json"); ignored.',
      'test policy (enforced): monitoring.pollIntervalSeconds: must be at least 10 (got 2); ignored.',
      'test policy (enforced): monitoring.sound: expected boolean (got "loud"); ignored.',
      expect.stringMatching(/^test policy \(enforced\): clock\.globalShortcut: a global shortcut needs a modifier besides Shift/),
      'test policy (enforced): monitoring.pollIntervalSeconds: stays locked at its default (25) until the policy is fixed.',
      'test policy (enforced): monitoring.sound: stays locked at its default (false) until the policy is fixed.',
      'test policy (enforced): clock.globalShortcut: stays locked at its default (null) until the policy is fixed.',
      'test policy (recommended): general.theme: must be one of system, light, dark (got "neon"); ignored.',
    ]);
    const settings = createSettingsService(memoryStore(), combined);
    expect(settings.preferences().clock.longShiftHours).toBe(12);
    expect(settings.isLocked('clock.longShiftHours')).toBe(true);
    // A refused enforced value fails closed (issue 45, point 8): still IT's, at its built-in default.
    expect(settings.isLocked('monitoring.pollIntervalSeconds')).toBe(true);
    expect(settings.preferences().monitoring.pollIntervalSeconds).toBe(25);
    expect(settings.updatePreferences({ monitoring: { pollIntervalSeconds: 60 } }).ok).toBe(false);
    // A refused recommendation is only a recommendation: the user keeps the setting.
    expect(settings.isLocked('general.theme')).toBe(false);
  });

  it('accepts the forms Windows tools really write: REG_SZ numbers and booleans, options in any case, H:MM', () => {
    const combined = combinePolicies(
      emptyAdminPolicy(),
      raw(
        {
          'security.allowWeakSecretStorage': '0',
          'monitoring.sound': 'True',
          'monitoring.notifications': 'Off',
          'monitoring.pollIntervalSeconds': '60',
          'updates.mode': 'Notify',
          'updates.noInstallFrom': '7:30',
          'general.theme': ' DARK ',
          // A negative opening balance as an unsigned REG_DWORD (-90), a list and a region as text.
          'clock.flexitime.openingMinutes': 4294967206,
          'clock.holidays.halfDays': '["12-24","12-31"]',
          'clock.holidays.region': 'de-by',
        },
        {},
      ),
    );
    expect(combined.problems).toEqual([]);
    const settings = createSettingsService(memoryStore(), combined);
    const preferences = settings.preferences();
    expect(preferences.security.allowWeakSecretStorage).toBe(false);
    expect([preferences.monitoring.sound, preferences.monitoring.notifications]).toEqual([true, false]);
    expect(preferences.monitoring.pollIntervalSeconds).toBe(60);
    expect(preferences.updates.mode).toBe('notify');
    expect(preferences.updates.noInstallFrom).toBe('07:30');
    expect(preferences.general.theme).toBe('dark');
    expect(preferences.clock.flexitime.openingMinutes).toBe(-90);
    expect(preferences.clock.holidays).toEqual({ region: 'DE-BY', halfDays: ['12-24', '12-31'] });
    expect(settings.isLocked('security.allowWeakSecretStorage')).toBe(true);
  });

  it.each([
    ['not JSON', '{ "enforced": ', /cannot be read as JSON/],
    ['a list', '[]', /must be a JSON object/],
    ['an unknown top-level key', '{ "locked": [] }', /locked: only "enforced" and "recommended"/],
  ])('in a Linux policy file that is %s are said, and nothing crashes', (_, text, message) => {
    const read = jsonPolicyReader(LINUX_POLICY_FILE, () => text).read();
    expect(read?.problems).toEqual([expect.stringMatching(message)]);
    expect(() => combinePolicies(emptyAdminPolicy(), read)).not.toThrow();
  });

  it('a reader that cannot open the registry says so instead of failing', () => {
    const read = registryPolicyReader(() => {
      throw new Error('access denied');
    }).read();
    expect(read?.problems[0]).toMatch(/cannot be read \(access denied\)/);
  });
});

describe('every format reaches the same effective settings', () => {
  const intended = {
    enforced: {
      'monitoring.pollIntervalSeconds': 60,
      'monitoring.notifications': false,
      'clock.notClockedInReminder.weekdays': [1, 2, 3, 4],
      'general.language': 'de',
    },
    recommended: { 'general.theme': 'dark' },
  };
  const effective = (policy: RawPolicy | null) => {
    const settings = createSettingsService(memoryStore(), combinePolicies(emptyAdminPolicy(), policy));
    return { preferences: settings.preferences(), locked: [...settings.admin.locked].sort() };
  };
  const expected = effective(raw(intended.enforced, intended.recommended));

  it('from the Linux JSON file', () => {
    expect(effective(jsonPolicyReader(LINUX_POLICY_FILE, () => JSON.stringify(intended)).read())).toEqual(expected);
    expect(jsonPolicyReader(LINUX_POLICY_FILE, () => null).read()).toBeNull();
  });

  it('from the Windows registry, values typed as Windows stores them (read back by native-reg)', () => {
    // DWORDs for numbers and booleans, JSON text for lists: what our ADMX makes Group Policy write.
    const dword = (value: number) =>
      registry.parseValue(Object.assign(registry.formatDWORD(value), { type: registry.ValueType.DWORD }));
    const text = (value: string) =>
      registry.parseValue(Object.assign(registry.formatString(value), { type: registry.ValueType.SZ }));
    const keys: Record<string, Record<string, unknown>> = {
      [`HKLM\\${REGISTRY_POLICY_KEY}`]: {
        'monitoring.pollIntervalSeconds': dword(60),
        'monitoring.notifications': dword(0),
        'general.language': text('de'),
      },
      [`HKCU\\${REGISTRY_POLICY_KEY}`]: {
        'clock.notClockedInReminder.weekdays': text('[1,2,3,4]'),
        'monitoring.pollIntervalSeconds': dword(15), // HKLM wins
      },
      [`HKCU\\${REGISTRY_POLICY_KEY}\\Recommended`]: { 'general.theme': text('dark') },
    };
    const read = registryPolicyReader((hive, subKey) => keys[`${hive}\\${subKey}`] ?? null).read();
    expect(effective(read)).toEqual(expected);
    expect(registryPolicyReader(() => null).read()).toBeNull();
  });

  it('takes an all-users start entry (HKLM Run) as "start at login" managed, unless a policy says otherwise', () => {
    const run = { [`HKLM\\${MACHINE_RUN_KEY}`]: { 'timeclock tray': '"C:\\Program Files\\Timeclock Tray\\Timeclock Tray.exe"' } };
    const reader = (keys: Record<string, Record<string, unknown>>) =>
      registryPolicyReader((hive, subKey) => keys[`${hive}\\${subKey}`] ?? null).read();
    const managed = effective(reader(run));
    expect(managed.preferences.general.startAtLogin).toBe(true);
    expect(managed.locked).toContain('general.startAtLogin');
    const turnedOff = effective(reader({ ...run, [`HKLM\\${REGISTRY_POLICY_KEY}`]: { 'general.startAtLogin': 0 } }));
    expect(turnedOff.preferences.general.startAtLogin).toBe(false);
    expect(effective(reader({})).locked).not.toContain('general.startAtLogin');
  });

  it('turns the app’s own updates off for a machine-wide install (an MSI cannot update itself), unless a policy decides', () => {
    const machine = (keys: Record<string, Record<string, unknown>>) =>
      effective(registryPolicyReader((hive, subKey) => keys[`${hive}\\${subKey}`] ?? null, { machineWide: true }).read());
    expect(machine({}).preferences.updates.mode).toBe('off');
    expect(machine({}).locked).toContain('updates.mode');
    const text = (value: string) =>
      registry.parseValue(Object.assign(registry.formatString(value), { type: registry.ValueType.SZ }));
    expect(machine({ [`HKLM\\${REGISTRY_POLICY_KEY}`]: { 'updates.mode': text('notify') } }).preferences.updates.mode).toBe(
      'notify',
    );
    expect(effective(registryPolicyReader(() => null).read()).locked).not.toContain('updates.mode');
  });

  it('from a macOS configuration profile (whose keys are enforced), XML or binary, machine over user', () => {
    const files: Record<string, Buffer> = {
      [`/Library/Managed Preferences/${MACOS_BUNDLE_ID}.plist`]: Buffer.from(build(intended.enforced)),
      [`/Library/Managed Preferences/ana/${MACOS_BUNDLE_ID}.plist`]: Buffer.from(
        buildBinary({ 'monitoring.pollIntervalSeconds': 15 }),
      ),
    };
    const read = managedPreferencesReader('ana', (path) => files[path] ?? null, plist).read();
    expect(effective(read)).toEqual(effective(raw(intended.enforced)));
    expect(effective(read).preferences.monitoring.pollIntervalSeconds).toBe(60);
  });
});

describe('a policy that changes while the app runs', () => {
  it('is re-read every ten minutes and on request, applied at once, and nothing happens when it is the same', () => {
    const clock = createFakeClock();
    let current: RawPolicy | null = null;
    const settings = createSettingsService(memoryStore(), combinePolicies(emptyAdminPolicy(), current));
    let changes = 0;
    settings.onChange(() => changes++);
    const logged: string[] = [];
    const watch = watchPolicy({
      reader: { read: () => current },
      initial: current,
      file: emptyAdminPolicy(),
      settings,
      time: clock,
      onProblems: (problems) => logged.push(...problems),
    });
    clock.fireNext();
    expect(changes).toBe(0);
    current = raw({ 'general.startAtLogin': true, 'general.colour': 'red' });
    expect(clock.nextTimerAt()).toBe(clock.now() + POLICY_RECHECK_MS);
    clock.fireNext();
    expect([settings.preferences().general.startAtLogin, settings.isLocked('general.startAtLogin'), changes]).toEqual([
      true,
      true,
      1,
    ]);
    expect(logged).toEqual(['test policy (enforced): general.colour: not a policy of this app; ignored.']);
    current = null;
    watch.recheck();
    expect([settings.isLocked('general.startAtLogin'), changes]).toEqual([false, 2]);
    watch.recheck();
    expect(changes).toBe(2);
    watch.stop();
    expect(clock.nextTimerAt()).toBeNull();
  });
});
