/** The policy templates IT imports: well-formed, complete, and saying what the app accepts. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DOMParser, type Element } from '@xmldom/xmldom';
import { Ajv } from 'ajv';
import { build, parse, parseBinary } from 'plist';
import { describe, expect, it } from 'vitest';
import { POLICY_KEYS } from '../shared/policy-keys.ts';
import { emptyAdminPolicy } from '../core/settings/admin-policy.ts';
import { combinePolicies } from '../core/settings/os-policy.ts';
import { managedPreferencesReader, MACOS_BUNDLE_ID, REGISTRY_POLICY_KEY } from '../core/settings/policy-sources.ts';
import { createSettingsService } from '../core/settings/settings-service.ts';
import { adminSchema, adml, admx, mobileconfig, policySchema, writePolicyTemplates } from './policy-templates.ts';

function parseXml(text: string) {
  const errors: string[] = [];
  const document = new DOMParser({ onError: (level, message) => errors.push(`${level}: ${message}`) }).parseFromString(
    text,
    'text/xml',
  );
  return { document, errors };
}
const elements = (root: { getElementsByTagName(name: string): ArrayLike<Element> }, name: string) =>
  Array.from(root.getElementsByTagName(name));

describe('the Group Policy templates (ADMX and en-US ADML)', () => {
  const definitions = parseXml(admx());
  const resources = parseXml(adml());
  const policies = elements(definitions.document, 'policy');

  it('are well-formed XML', () => {
    expect([definitions.errors, resources.errors]).toEqual([[], []]);
  });

  it('offer every policy key twice, enforced and recommended, with its type, range and options', () => {
    expect(policies).toHaveLength(POLICY_KEYS.length * 2);
    for (const entry of POLICY_KEYS) {
      const mine = policies.filter(
        (policy) =>
          policy.getAttribute('valueName') === entry.key ||
          elements(policy, '*').some((element) => element.getAttribute('valueName') === entry.key),
      );
      expect(mine.map((policy) => policy.getAttribute('key'))).toEqual([
        REGISTRY_POLICY_KEY,
        `${REGISTRY_POLICY_KEY}\\Recommended`,
      ]);
      const [enforced] = mine;
      const type = entry.type;
      if (type.kind === 'boolean') expect(elements(enforced!, 'enabledValue')).toHaveLength(1);
      if (type.kind === 'integer' && type.min < 0) {
        // ADMX's decimal is unsigned: a number that may be negative is a text IT types ("-90").
        expect(elements(enforced!, 'text').map((element) => element.getAttribute('valueName'))).toEqual([entry.key]);
      } else if (type.kind === 'integer') {
        const decimal = elements(enforced!, 'decimal').find((element) => element.getAttribute('valueName') === entry.key)!;
        expect([decimal.getAttribute('minValue'), decimal.getAttribute('maxValue')]).toEqual([
          String(type.min),
          String(type.max),
        ]);
      }
      if (type.kind === 'enum')
        expect(elements(enforced!, 'string').map((element) => element.textContent)).toEqual([...type.options]);
      if (type.kind === 'string') {
        const text = elements(enforced!, 'text').find((element) => element.getAttribute('valueName') === entry.key)!;
        expect(text.getAttribute('maxLength'), entry.key).toBe(String(type.maxLength ?? 1023));
      }
    }
  });

  it('carry the schema’s limits of text settings, and say their format (issue 45, point 8)', () => {
    const byKey = new Map(POLICY_KEYS.map((entry) => [entry.key, entry.type]));
    expect(byKey.get('updates.serverUrl')).toEqual({ kind: 'string', maxLength: 500 });
    expect(byKey.get('updates.noInstallFrom')).toMatchObject({ kind: 'string', format: 'clockTime' });
    expect(byKey.get('fleet.headerName')).toMatchObject({ kind: 'string', maxLength: 100, pattern: expect.any(String) });
    const explain = elements(resources.document, 'string').find(
      (element) => element.getAttribute('id') === 'updates_noInstallFrom_Explain',
    );
    expect(explain?.textContent).toContain('A time of day, HH:MM (24-hour).');
  });

  it('carry the working calendar’s settings (issue 50) and the maintenance notice (issue 51)', () => {
    const byKey = new Map(POLICY_KEYS.map((entry) => [entry.key, entry.type]));
    expect(byKey.get('clock.holidays.region')).toMatchObject({ kind: 'string', pattern: expect.any(String) });
    expect(byKey.get('clock.holidays.halfDays')).toEqual({ kind: 'json' });
    expect(byKey.get('clock.workingTime.workdays')).toEqual({ kind: 'json' });
    expect(byKey.get('clock.flexitime.openingDate')).toMatchObject({ kind: 'string', pattern: expect.any(String) });
    expect(byKey.get('clock.flexitime.openingMinutes')).toEqual({ kind: 'integer', min: -60_000, max: 60_000 });
    expect(byKey.get('clock.hoursFormat')).toEqual({ kind: 'enum', options: ['words', 'clock', 'decimal'] });
    // Issue 51: maintenance windows with their title and reason (a list), and the notice ahead.
    expect(byKey.get('monitoring.maintenance')).toEqual({ kind: 'json' });
    expect(byKey.get('monitoring.maintenanceNotice')).toEqual({ kind: 'boolean' });
    expect(admx()).toContain('valueName="monitoring.maintenanceNotice"');
    for (const key of byKey.keys())
      if (key.startsWith('clock.holidays') || key.startsWith('clock.flexitime') || key === 'clock.hoursFormat')
        expect(admx()).toContain(`valueName="${key}"`);
  });

  it('name every string and presentation the ADMX refers to in the ADML', () => {
    const strings = new Set(elements(resources.document, 'string').map((element) => element.getAttribute('id')));
    const presentations = new Set(elements(resources.document, 'presentation').map((element) => element.getAttribute('id')));
    const referenced = [...admx().matchAll(/\$\((string|presentation)\.([A-Za-z0-9_]+)\)/g)];
    expect(referenced.length).toBeGreaterThan(POLICY_KEYS.length * 4);
    for (const [, table, id] of referenced) expect((table === 'string' ? strings : presentations).has(id!)).toBe(true);
  });
});

describe('the macOS configuration profile', () => {
  it('parses as a plist, holds every setting at its default, and applies as such', () => {
    const profile = parse(mobileconfig()) as { PayloadContent: Array<Record<string, unknown>> };
    const payload = profile.PayloadContent[0]!;
    expect(payload.PayloadType).toBe(MACOS_BUNDLE_ID);
    const withDefaults = POLICY_KEYS.filter((entry) => entry.defaultValue !== undefined && entry.defaultValue !== null);
    for (const entry of withDefaults) expect(payload[entry.key]).toEqual(entry.defaultValue);
    // Delivered as a managed preference, the profile's payload changes nothing but locks it all.
    const {
      PayloadType: _type,
      PayloadIdentifier: _id,
      PayloadUUID: _uuid,
      PayloadVersion: _v,
      PayloadDisplayName: _n,
      ...keys
    } = payload;
    const read = managedPreferencesReader(
      'ana',
      (path) => (path === `/Library/Managed Preferences/${MACOS_BUNDLE_ID}.plist` ? Buffer.from(build(keys as never)) : null),
      { parse, parseBinary },
    ).read();
    const settings = createSettingsService({ store: {}, set: () => {} }, combinePolicies(emptyAdminPolicy(), read));
    expect(settings.admin.problems).toEqual([]);
    expect(settings.preferences()).toEqual(createSettingsService({ store: {}, set: () => {} }, emptyAdminPolicy()).preferences());
    expect(settings.admin.locked.size).toBe(withDefaults.length - 1); // lockEnvironments: false locks nothing
  });

  it('keeps its ids from one run to the next, so a re-deployed profile replaces the old one', () => {
    expect(mobileconfig()).toBe(mobileconfig());
  });
});

describe('the JSON Schemas', () => {
  const ajv = new Ajv({ allErrors: true, strict: false });

  it('accept the Linux policy file of the IT guide and refuse a value out of range or unknown', () => {
    const valid = ajv.compile(policySchema());
    expect(
      valid({
        enforced: { 'general.startAtLogin': true, 'monitoring.pollIntervalSeconds': 60 },
        recommended: { 'general.theme': 'dark' },
      }),
    ).toBe(true);
    expect(valid({ enforced: { 'monitoring.pollIntervalSeconds': 5 } })).toBe(false);
    expect(valid({ enforced: { 'general.colour': 'red' } })).toBe(false);
    expect(valid({ enforced: { 'fleet.headerName': 'Bad Header:' } })).toBe(false);
    expect(valid({ enforced: { 'updates.serverUrl': 'x'.repeat(501) } })).toBe(false);
  });

  it('accept an admin file and refuse one with a setting of the wrong type', () => {
    const valid = ajv.compile(adminSchema());
    expect(valid({ settings: { monitoring: { pollIntervalSeconds: 60 } }, locked: ['monitoring'] })).toBe(true);
    expect(valid({ settings: { monitoring: { pollIntervalSeconds: 'often' } } })).toBe(false);
  });
});

it('npm run policy-templates writes the five files', () => {
  const folder = mkdtempSync(join(tmpdir(), 'policy-'));
  expect(writePolicyTemplates(folder).map((path) => path.slice(folder.length + 1))).toEqual([
    'windows/TimeclockTray.admx',
    'windows/en-US/TimeclockTray.adml',
    'macos/timeclock-tray.mobileconfig',
    'linux/policy.schema.json',
    'admin.schema.json',
  ]);
});
