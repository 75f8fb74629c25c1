import { beforeEach, describe, expect, it } from 'vitest';
import { limitedCredentials } from '../../mock/auth.ts';
import { startRawServer } from '../../testing/raw-server.ts';
import { useMockServer } from '../../testing/mock-fixture.ts';
import { defaultPreferences } from '../../shared/settings-schema.ts';
import { testConnection } from './connection-test.ts';
import { MOCK_CLIENT_SECRET, mockEnvironment } from './environment.ts';

const mock = useMockServer({ debtors: 300 });
beforeEach(async () => {
  await mock.control('POST', '/reset');
});
const network = defaultPreferences().network;
const environment = () => mockEnvironment(mock.server);

describe('test connection', () => {
  it('reports both services reachable, authorised, with latency and the employee state', async () => {
    const report = await testConnection(environment(), MOCK_CLIENT_SECRET, network);
    expect(report.timeclock).toMatchObject({
      ok: true,
      reachable: true,
      authOk: true,
      message: 'Connected. Employee E1001 is clocked out.',
    });
    expect(report.debtors).toMatchObject({
      ok: true,
      reachable: true,
      authOk: true,
      message: expect.stringMatching(/^Connected\. \d+ debtors? changed in the last 24 hours\.$/),
    });
    expect(report.timeclock.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it('reports refused credentials per service', async () => {
    const report = await testConnection(environment(), 'wrong', network);
    expect(report.timeclock).toMatchObject({
      ok: false,
      reachable: true,
      authOk: false,
      message: expect.stringContaining('Check the client id and client secret'),
    });
    expect(report.debtors).toMatchObject({ ok: false, reachable: true, authOk: false });
  });

  it('tells apart a forbidden service from a working one', async () => {
    const report = await testConnection(
      { ...environment(), clientId: limitedCredentials.clientId },
      limitedCredentials.clientSecret,
      network,
    );
    expect(report.timeclock).toMatchObject({ ok: false, authOk: false, message: expect.stringContaining('(403)') });
    expect(report.debtors.ok).toBe(true);
  });

  it('names an unknown employee', async () => {
    const report = await testConnection({ ...environment(), employeeId: 'E9999' }, MOCK_CLIENT_SECRET, network);
    expect(report.timeclock).toMatchObject({
      ok: false,
      reachable: true,
      authOk: true,
      message: expect.stringContaining('No employee with id E9999.'),
    });
  });

  it('reports an unreachable server without waiting for retries', async () => {
    const closed = await startRawServer(() => {});
    await closed.close();
    const report = await testConnection(
      { ...environment(), timeclockBaseUrl: `${closed.url}/t`, debtorsBaseUrl: `${closed.url}/d` },
      MOCK_CLIENT_SECRET,
      network,
    );
    expect(report.timeclock).toMatchObject({
      ok: false,
      reachable: false,
      authOk: null,
      latencyMs: null,
      message: expect.stringContaining('connection refused'),
    });
    expect(report.debtors.reachable).toBe(false);
  });

  it('says so when no secret is set, without sending anything', async () => {
    const report = await testConnection(environment(), null, network);
    expect(report.timeclock).toMatchObject({
      ok: false,
      reachable: false,
      authOk: null,
      message:
        'No client secret is set for environment Mock (built-in), so the source system health check was not sent. Enter the secret in Settings.',
    });
  });
});
