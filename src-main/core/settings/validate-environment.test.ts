import { describe, expect, it } from 'vitest';
import { defaultAuthScheme, resolveProfile, type ApiProfileInput } from '../../shared/api/api-profile.ts';
import { validateEnvironment, type EnvironmentDraft } from './validate-environment.ts';

const draft = (overrides: Partial<EnvironmentDraft> = {}): EnvironmentDraft => ({
  name: 'QA',
  timeclockBaseUrl: 'https://qa.example.com/timeclock',
  debtorsBaseUrl: 'https://qa.example.com/debtors/',
  clientId: 'qa-client',
  auth: defaultAuthScheme,
  employeeId: 'E1001',
  ...overrides,
});
const errorsOf = (overrides: Partial<EnvironmentDraft>, others = [{ id: 'mock', name: 'Mock (built-in)' }]) => {
  const result = validateEnvironment(draft(overrides), others);
  return result.ok ? {} : result.errors;
};

describe('validateEnvironment', () => {
  it('accepts a good environment and trims what it keeps', () => {
    const result = validateEnvironment(draft({ name: '  QA  ', clientId: ' qa-client ', employeeId: ' E7 ' }), []);
    expect(result).toEqual({ ok: true, value: draft({ employeeId: 'E7' }) });
  });

  it.each([
    [{ name: ' ' }, 'name', 'Name is required.'],
    [{ name: 'mock (BUILT-IN)' }, 'name', 'Another environment is already called “mock (BUILT-IN)”.'],
    [
      { timeclockBaseUrl: 'qa.example.com' },
      'timeclockBaseUrl',
      'Timeclock base URL is not a valid URL; write it like https://api.example.com/timeclock.',
    ],
    [
      { timeclockBaseUrl: 'http://qa.example.com/timeclock' },
      'timeclockBaseUrl',
      'Timeclock base URL must use https:// (plain http:// is allowed only for this computer: localhost or 127.0.0.1).',
    ],
    [{ debtorsBaseUrl: 'ftp://x/debtors' }, 'debtorsBaseUrl', 'Debtors base URL must start with https://.'],
    [
      { debtorsBaseUrl: 'https://user:pw@x/debtors' },
      'debtorsBaseUrl',
      'Debtors base URL must not contain a user name or password; use the client id and secret fields.',
    ],
    [
      { debtorsBaseUrl: 'https://x/debtors?env=qa' },
      'debtorsBaseUrl',
      'Debtors base URL must not contain a query (?…) or fragment (#…).',
    ],
    [{ clientId: '  ' }, 'clientId', 'Client id is required.'],
    [
      { employeeId: 'E 1001' },
      'employeeId',
      'Employee id may use only letters, digits, dots, dashes and underscores (at most 64).',
    ],
    [
      { auth: { kind: 'headers', clientIdHeader: 'X-Id', clientSecretHeader: 'x-id' } },
      'clientSecretHeader',
      'Client secret header must differ from the client id header.',
    ],
    [
      { auth: { kind: 'headers', clientIdHeader: 'client id', clientSecretHeader: 'client_secret' } },
      'clientIdHeader',
      'Client id header must be a header name: letters, digits and - _ . only.',
    ],
  ] as const)('rejects %j with a message on its field', (overrides, field, message) => {
    expect(errorsOf(overrides as Partial<EnvironmentDraft>)).toEqual({ [field]: message });
  });

  it('allows plain http on this computer only', () => {
    expect(
      errorsOf({ timeclockBaseUrl: 'http://127.0.0.1:4010/timeclock', debtorsBaseUrl: 'http://localhost:4010/debtors' }),
    ).toEqual({});
  });

  it('lets an environment keep its own name when edited', () => {
    expect(validateEnvironment(draft({ id: 'qa' }), [{ id: 'qa', name: 'QA' }]).ok).toBe(true);
  });

  it('reports every problem at once', () => {
    expect(Object.keys(errorsOf({ name: '', clientId: '', employeeId: '' })).sort()).toEqual(['clientId', 'employeeId', 'name']);
  });
});

describe("an API profile's paging", () => {
  const withPaging = (paging: NonNullable<ApiProfileInput['paging']>) => draft({ profile: resolveProfile({ paging }) });

  it('names each wrong parameter, and the same parameter twice', () => {
    expect(validateEnvironment(withPaging({ style: 'page', pageParam: 'page no' }), [])).toEqual({
      ok: false,
      errors: {
        'profile.paging.pageParam':
          'The paging parameter pageParam must be a query parameter name (letters, digits, _ $ . [ ] -), different from the other one.',
      },
    });
    const same = validateEnvironment(withPaging({ style: 'offset', offsetParam: 'o', limitParam: ' o ' }), []);
    expect(same.ok ? [] : Object.keys(same.errors)).toEqual(['profile.paging.offsetParam', 'profile.paging.limitParam']);
  });

  it('keeps a good one trimmed, with its defaults', () => {
    const result = validateEnvironment(withPaging({ style: 'page', pageParam: ' p ', firstPage: 0 }), []);
    expect(result.ok && result.value.profile?.paging).toEqual({
      style: 'page',
      pageParam: 'p',
      sizeParam: 'pageSize',
      firstPage: 0,
      pageSize: 100,
    });
  });
});
