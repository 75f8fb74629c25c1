import { productionEnvironment as prod } from '../../testing/admin-fixtures.ts';
import { describe, expect, it } from 'vitest';
import { adminFileLocation, ADMIN_FILE_ENV, loadAdminPolicy } from './admin-policy.ts';
import { windowsProgramData, type RegistryValues } from './policy-sources.ts';

const PATH = '/etc/timeclock-tray/admin.json';
const load = (content: unknown) => loadAdminPolicy(PATH, () => (typeof content === 'string' ? content : JSON.stringify(content)));

describe('an admin file saved with a byte-order mark', () => {
  it('is read whole, as Windows editors write it', () => {
    const policy = load(
      `\uFEFF${JSON.stringify({ settings: { monitoring: { pollIntervalSeconds: 60 } }, locked: ['monitoring'] })}`,
    );
    expect(policy.problems).toEqual([]);
    expect(policy.locked).toContain('monitoring');
    expect(policy.defaults.monitoring).toEqual({ pollIntervalSeconds: 60 });
  });
});

describe('where the admin file is', () => {
  it('has a documented place on each OS', () => {
    expect(adminFileLocation('linux', {})).toBe('/etc/timeclock-tray/admin.json');
    expect(adminFileLocation('darwin', {})).toBe('/Library/Application Support/TimeclockTray/admin.json');
    expect(adminFileLocation('win32', {}, true, () => 'D:\\ProgramData')).toBe('D:\\ProgramData\\TimeclockTray\\admin.json');
  });

  it("on Windows takes the machine's ProgramData from the system, never from a variable the user can set", () => {
    const registry: RegistryValues = (hive, subKey) =>
      hive !== 'HKLM'
        ? null
        : subKey.endsWith('\\ProfileList')
          ? { ProgramData: '%SystemDrive%\\ProgramData' }
          : subKey.endsWith('\\CurrentVersion')
            ? { SystemRoot: 'E:\\WINDOWS' }
            : null;
    const userSet = { ProgramData: 'C:\\Users\\me\\fake', ALLUSERSPROFILE: 'C:\\Users\\me\\fake' };
    expect(adminFileLocation('win32', userSet, true, () => windowsProgramData(registry))).toBe(
      'E:\\ProgramData\\TimeclockTray\\admin.json',
    );
    // Nothing readable, a variable it cannot resolve, or a registry that throws: Windows' default, still not the user's.
    expect(adminFileLocation('win32', userSet, true)).toBe('C:\\ProgramData\\TimeclockTray\\admin.json');
    expect(windowsProgramData(() => null)).toBe('C:\\ProgramData');
    expect(windowsProgramData(() => ({ ProgramData: '%ProgramData%', SystemRoot: 'E:\\WINDOWS' }))).toBe('C:\\ProgramData');
    expect(
      windowsProgramData(() => {
        throw new Error('access denied');
      }),
    ).toBe('C:\\ProgramData');
  });

  it('can be moved with an environment variable while developing, never in a released app', () => {
    expect(adminFileLocation('linux', { [ADMIN_FILE_ENV]: '/opt/it/tray.json' })).toBe('/opt/it/tray.json');
    expect(adminFileLocation('linux', { [ADMIN_FILE_ENV]: '/home/me/mine.json' }, true)).toBe('/etc/timeclock-tray/admin.json');
  });
});

describe('reading the admin file', () => {
  it('is nothing at all when there is no file', () => {
    const policy = loadAdminPolicy(PATH, () => null);
    expect(policy).toMatchObject({ source: null, environments: [], problems: [] });
  });

  it('predefines environments (employee id left to each user), a default environment, defaults and locks', () => {
    const policy = load({
      environments: [prod],
      defaultEnvironment: 'prod',
      settings: { monitoring: { pollIntervalSeconds: 60 }, general: { startAtLogin: true } },
      locked: ['general.startAtLogin', 'environments', 'monitoring'],
    });
    expect(policy.problems).toEqual([]);
    expect(policy.environments).toEqual([
      { ...prod, auth: { kind: 'headers', clientIdHeader: 'client_id', clientSecretHeader: 'client_secret' }, employeeId: '' },
    ]);
    expect(policy.defaultEnvironmentId).toBe('prod');
    expect(policy.defaults).toEqual({ monitoring: { pollIntervalSeconds: 60 }, general: { startAtLogin: true } });
    expect([...policy.locked]).toEqual(['general.startAtLogin', 'environments', 'monitoring']);
  });

  it('takes a gateway by its name for the sign-in, and the API portal where access is requested', () => {
    const policy = load({
      environments: [
        { ...prod, gateway: 'azure-apim', accessPortalUrl: 'https://api-portal.example.com/request-access' },
        { ...prod, id: 'mule3', name: 'Mule 3', gateway: 'mulesoft-query', accessPortalUrl: 'http://portal.example.com' },
        { ...prod, id: 'other', name: 'Other', gateway: 'tyk' },
      ],
    });
    expect(policy.environments.map((environment) => [environment.id, environment.auth, environment.accessPortalUrl])).toEqual([
      ['prod', { kind: 'api-key', header: 'Ocp-Apim-Subscription-Key' }, 'https://api-portal.example.com/request-access'],
      ['mule3', { kind: 'query', clientIdParam: 'client_id', clientSecretParam: 'client_secret' }, undefined],
    ]);
    expect(policy.problems).toEqual([
      `${PATH}: environments[1].accessPortalUrl: must start with https://; ignored.`,
      `${PATH}: environments[2].gateway: must be one of mulesoft, mulesoft-basic, mulesoft-query, azure-apim, kong, apigee, ibm-api-connect; this environment is ignored.`,
    ]);
  });

  it('names the file, the field and the problem, and ignores only what is wrong', () => {
    const policy = load({
      environments: [
        prod,
        { ...prod, id: 'qa', name: 'QA', timeclockBaseUrl: 'http://qa.example.com/t' },
        { ...prod, id: 'Bad Id' },
      ],
      defaultEnvironment: 'staging',
      settings: { monitoring: { pollIntervalSeconds: 5, timeoutSeconds: 20 }, colours: {} },
      locked: ['monitoring.pollIntervalSeconds', 'monitoring.nonsense', 7],
      extra: true,
    });
    expect(policy.problems).toEqual([
      `${PATH}: extra: unknown field; ignored.`,
      `${PATH}: environments[1].timeclockBaseUrl: Timeclock base URL must use https:// (plain http:// is allowed only for this computer: localhost or 127.0.0.1). This environment is ignored.`,
      `${PATH}: environments[2].id: must be 1 to 40 lower-case letters, digits or dashes; this environment is ignored.`,
      `${PATH}: defaultEnvironment: "staging" is not one of the environments defined here; ignored.`,
      `${PATH}: settings.monitoring.pollIntervalSeconds: must be at least 10 (got 5); ignored.`,
      `${PATH}: settings.colours: unknown section; ignored.`,
      `${PATH}: locked[1]: "monitoring.nonsense" is not a setting that can be locked (e.g. "monitoring.pollIntervalSeconds" or "environments"); ignored.`,
      `${PATH}: locked[2]: 7 is not a setting that can be locked (e.g. "monitoring.pollIntervalSeconds" or "environments"); ignored.`,
    ]);
    expect(policy.environments.map((environment) => environment.id)).toEqual(['prod']);
    expect(policy.defaults).toEqual({ monitoring: { timeoutSeconds: 20 } });
    expect([...policy.locked]).toEqual(['monitoring.pollIntervalSeconds']);
  });

  it('refuses an update feed in clear and credentials in IT’s addresses, saying why and never showing the password (issue 45, points 1, 5, 7)', () => {
    const policy = load({
      settings: {
        updates: { serverUrl: 'http://updates.example.com/' },
        fleet: { endpoint: 'https://otel:S3cret!@otel.example.com:4318' },
        monitoring: { witnessUrl: 'https://anna:Winter2026@intranet.example.com/' },
      },
    });
    expect(policy.problems).toEqual([
      `${PATH}: settings.updates.serverUrl: must start with https:// — an unencrypted address could be answered by anyone on the way (got "http://updates.example.com/"); ignored.`,
      `${PATH}: settings.fleet.endpoint: must not contain a user name or password; they would be copied into logs and support info (got "https://***@otel.example.com:4318"); ignored.`,
      `${PATH}: settings.monitoring.witnessUrl: must not contain a user name or password; they would be copied into logs and support info (got "https://***@intranet.example.com/"); ignored.`,
    ]);
    expect(JSON.stringify(policy)).not.toMatch(/S3cret|Winter2026/);
  });

  it('refuses secrets, which each user enters for themselves', () => {
    const policy = load({ environments: [{ ...prod, clientSecret: 'oops' }] });
    expect(policy.problems).toEqual([
      `${PATH}: environments[0].clientSecret: secrets do not belong in the admin file; each user enters their own. Ignored.`,
    ]);
    expect(JSON.stringify(policy.environments)).not.toContain('oops');
  });

  it('reserves the id of the built-in Mock environment', () => {
    expect(load({ environments: [{ ...prod, id: 'mock' }] }).problems[0]).toContain('"mock" is the built-in environment');
  });

  it('ignores a file that is not JSON, and one that cannot be read, without failing', () => {
    expect(load('{ environments: [').problems[0]).toMatch(
      new RegExp(`^${PATH}: is not valid JSON .*; the whole file is ignored\\.$`),
    );
    const unreadable = loadAdminPolicy(PATH, () => {
      throw new Error('EACCES: permission denied');
    });
    expect(unreadable.problems).toEqual([`${PATH}: cannot be read (EACCES: permission denied); ignored.`]);
  });
});
