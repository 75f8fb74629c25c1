import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Conf from 'conf';
import { describe, expect, it } from 'vitest';
import { defaultAuthScheme } from '../../shared/api/api-profile.ts';
import { emptyAdminPolicy, type AdminPolicy } from '../settings/admin-policy.ts';
import { settingsStoreSchema } from '../settings/settings-file.ts';
import { createSettingsService } from '../settings/settings-service.ts';
import { createEnvironmentRegistry } from './environment-registry.ts';

const mockUrls = { timeclockBaseUrl: 'http://127.0.0.1:4999/timeclock', debtorsBaseUrl: 'http://127.0.0.1:4999/debtors' };
const prod = {
  id: 'prod',
  name: 'Production',
  timeclockBaseUrl: 'https://api.example.com/timeclock',
  debtorsBaseUrl: 'https://api.example.com/debtors',
  clientId: 'tray',
  auth: defaultAuthScheme,
  employeeId: '',
};
const draft = {
  name: 'QA',
  timeclockBaseUrl: 'https://qa.example.com/t',
  debtorsBaseUrl: 'https://qa.example.com/d',
  clientId: 'qa',
  auth: defaultAuthScheme,
  employeeId: 'E7',
};

function registry(admin: Partial<AdminPolicy> = {}) {
  const store = new Conf<Record<string, unknown>>({
    cwd: mkdtempSync(join(tmpdir(), 'timeclock-env-')),
    schema: settingsStoreSchema(),
  });
  const settings = createSettingsService(store, { ...emptyAdminPolicy(), ...admin });
  return { settings, environments: createEnvironmentRegistry(settings, mockUrls) };
}

describe('environment registry', () => {
  it('starts in the built-in Mock environment, pointing at the embedded mock', () => {
    const { environments } = registry();
    expect(environments.active()).toEqual({
      origin: 'builtin',
      environment: expect.objectContaining({ id: 'mock', name: 'Mock (built-in)', ...mockUrls, clientId: 'demo-client' }),
    });
  });

  it('starts in IT’s default environment when the admin file names one', () => {
    const { environments } = registry({ environments: [prod], defaultEnvironmentId: 'prod' });
    expect(environments.active().environment.id).toBe('prod');
    expect(environments.list().map((entry) => entry.origin)).toEqual(['builtin', 'admin']);
  });

  it('adds, edits, switches to and deletes a user environment', () => {
    const { environments } = registry();
    const added = environments.save(draft);
    expect(added.ok).toBe(true);
    const id = added.ok ? added.value.id : '';
    expect(id).toMatch(/^qa-[0-9a-f]{6}$/);
    environments.setActive(id);
    expect(environments.active().environment.name).toBe('QA');
    expect(environments.save({ ...draft, id, name: 'QA 2' }).ok).toBe(true);
    expect(environments.get(id)?.environment.name).toBe('QA 2');
    environments.remove(id);
    expect(environments.active().environment.id).toBe('mock');
    expect(environments.list()).toHaveLength(1);
  });

  it('returns field errors and saves nothing for an invalid environment', () => {
    const { environments } = registry();
    expect(environments.save({ ...draft, name: 'mock (built-in)', debtorsBaseUrl: 'http://x' })).toEqual({
      ok: false,
      errors: {
        name: 'Another environment is already called “mock (built-in)”.',
        debtorsBaseUrl:
          'Debtors base URL must use https:// (plain http:// is allowed only for this computer: localhost or 127.0.0.1).',
      },
    });
    expect(environments.list()).toHaveLength(1);
  });

  it('lets users set only their employee id on the Mock and IT’s environments', () => {
    const { environments } = registry({ environments: [prod] });
    expect(environments.save({ ...prod, name: 'Renamed', employeeId: 'E42' })).toMatchObject({
      ok: true,
      value: { name: 'Production', employeeId: 'E42' },
    });
    expect(environments.get('prod')?.environment).toMatchObject({ name: 'Production', employeeId: 'E42' });
    expect(environments.save({ ...environments.get('mock')!.environment, employeeId: 'E1003' }).ok).toBe(true);
    expect(environments.get('mock')?.environment.employeeId).toBe('E1003');
    expect(environments.save({ ...prod, employeeId: 'E 42' })).toEqual({
      ok: false,
      errors: { employeeId: expect.stringContaining('Employee id may use only') },
    });
  });

  it('refuses to delete the Mock or IT’s environments, saying why', () => {
    const { environments } = registry({ environments: [prod] });
    expect(() => environments.remove('mock')).toThrow('Mock (built-in) cannot be deleted: it is built in.');
    expect(() => environments.remove('prod')).toThrow('Production cannot be deleted: it is set by your administrator.');
    expect(() => environments.setActive('nope')).toThrow('There is no environment with id “nope”.');
  });

  it('stops users adding their own when IT locked environments', () => {
    const { environments } = registry({ locked: new Set(['environments']) });
    expect(environments.canManageOwn()).toBe(false);
    expect(environments.save(draft)).toEqual({
      ok: false,
      errors: { name: 'Your administrator manages the environments on this computer.' },
    });
  });
});
