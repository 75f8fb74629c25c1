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
        'No client secret is set for environment Mock (built-in), so the check of time recording was not sent. Enter the secret in Settings.',
    });
  });

  it.each([
    [
      'its sign-in page on every route',
      (res: import('node:http').ServerResponse) =>
        res
          .writeHead(200, { 'content-type': 'text/html' })
          .end('<!DOCTYPE html><html><body><form><input type="password" name="pw"><button>Sign in</button></form></body></html>'),
      /^Timeclock service of .*: a sign-in page from 127\.0\.0\.1:\d+ answered .* instead of the service\. The company's proxy or single sign-on probably wants a new sign-in/,
    ],
    [
      'a redirect to the company single sign-on',
      (res: import('node:http').ServerResponse) =>
        res.writeHead(302, { location: 'https://sso.acme.example/adfs/ls/?wa=wsignin1.0' }).end(),
      /sent .* to the company's sign-in at sso\.acme\.example instead of answering\. The service was not reached/,
    ],
  ])('says that a gateway answered with %s, not that the base URL is wrong (issue 61, point 3)', async (_name, answer, said) => {
    const gateway = await startRawServer((_req, res) => answer(res));
    try {
      const report = await testConnection(
        { ...environment(), timeclockBaseUrl: `${gateway.url}/timeclock`, debtorsBaseUrl: `${gateway.url}/debtors` },
        MOCK_CLIENT_SECRET,
        network,
      );
      expect(report.timeclock.ok).toBe(false);
      expect(report.timeclock.message).toMatch(said);
      expect(`${report.timeclock.message} ${report.debtors.message}`).not.toMatch(/base URL/);
    } finally {
      await gateway.close();
    }
  });

  it('says an empty 503 (a gateway’s spike or SLA limit) as the gateway’s pace, never as a failure it retries (issue 64, point 2)', async () => {
    const limiting = await startRawServer((req, res) => {
      if (req.url?.includes('/debtors/')) res.writeHead(503).end();
      else res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"UP"}');
    });
    try {
      const report = await testConnection(
        { ...environment(), timeclockBaseUrl: `${limiting.url}/timeclock`, debtorsBaseUrl: `${limiting.url}/debtors` },
        MOCK_CLIENT_SECRET,
        network,
      );
      expect(report.debtors).toMatchObject({ ok: false, reachable: true });
      expect(report.debtors.message).toMatch(
        /^This gateway limits how fast requests may come: the test stopped here, the service itself did not fail\./,
      );
      expect(report.debtors.message).not.toMatch(/tries again/);
    } finally {
      await limiting.close();
    }
  });

  it.each([
    ['404 for every route', 404, 'application/json', '{"message":"Not Found"}', '“not found”'],
    [
      'a web page for every route (a portal or a login page)',
      200,
      'text/html',
      '<!DOCTYPE html><html><body>Welcome</body></html>',
      'with a web page',
    ],
  ])(
    'says once that a wrong address is not the service when it answers %s, naming what was tried',
    async (_name, status, type, body, said) => {
      const elsewhere = await startRawServer((_req, res) => res.writeHead(status, { 'content-type': type }).end(body));
      try {
        const report = await testConnection(
          { ...environment(), timeclockBaseUrl: `${elsewhere.url}/portal`, debtorsBaseUrl: `${elsewhere.url}/portal/` },
          MOCK_CLIENT_SECRET,
          network,
        );
        expect(report.timeclock).toMatchObject({ ok: false, reachable: true, authOk: null });
        expect(report.timeclock.message).toBe(
          `Nothing at this address looks like the timeclock service: ${elsewhere.url}/portal/health-check, ${elsewhere.url}/portal/health, ` +
            `${elsewhere.url}/portal/employees/E1001/lastClockedTimeEvent all answered ${said}. ` +
            "Check the base URL: it is the address the service's own routes start from, which your IT department or the service's owner can tell you.",
        );
        expect(report.debtors.message).toMatch(
          new RegExp(`^Nothing at this address looks like the debtors service: ${elsewhere.url}/portal/Debtors, `),
        );
      } finally {
        await elsewhere.close();
      }
    },
  );

  it('waits out a short Retry-After once and reports the service as it then is; a long one is said as a wait, not a fault', async () => {
    for (const service of ['timeclock', 'debtors'])
      await mock.control('PUT', `/services/${service}`, { rateLimit: { retryAfterSeconds: 1, remaining: 1 } });
    const report = await testConnection(environment(), MOCK_CLIENT_SECRET, network);
    expect([report.timeclock.ok, report.debtors.ok]).toEqual([true, true]);
    expect(report.timeclock.message).toBe('Connected. Employee E1001 is clocked out.');

    await mock.control('PUT', '/services/debtors', { rateLimit: { retryAfterSeconds: 120, remaining: 50 } });
    const waiting = await testConnection(environment(), MOCK_CLIENT_SECRET, network);
    expect(waiting.debtors).toMatchObject({ ok: false, reachable: true, authOk: null });
    expect(waiting.debtors.message).toMatch(
      /^This server limits how fast requests may come: the test stopped here, the service itself did not fail\. Test again in 120 s\.$/,
    );
  });

  it("proposes a gateway's own sign-in headers when its 401 names them, and a moved service's new address (never followed)", async () => {
    const gateway = await startRawServer((req, res) => {
      if (req.url?.startsWith('/tc/')) {
        const moved = `https://timeclock.new.example${req.url.slice('/tc'.length)}`;
        return void res.writeHead(308, { location: moved }).end();
      }
      res.writeHead(401, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          httpCode: '401',
          httpMessage: 'Unauthorized',
          moreInformation:
            'Cannot find valid subscription for the incoming API request. Provide X-IBM-Client-Id and X-IBM-Client-Secret.',
        }),
      );
    });
    try {
      const report = await testConnection(
        { ...environment(), timeclockBaseUrl: `${gateway.url}/tc`, debtorsBaseUrl: `${gateway.url}/debtors` },
        MOCK_CLIENT_SECRET,
        network,
      );
      expect(report.suggestions).toEqual(
        expect.arrayContaining([
          {
            text: 'The timeclock service has moved to https://timeclock.new.example (the app does not follow a move by itself).',
            addresses: { timeclockBaseUrl: 'https://timeclock.new.example' },
          },
          {
            text: 'This looks like IBM API Connect: send the client id and secret in the headers “X-IBM-Client-Id” and “X-IBM-Client-Secret”.',
            signIn: { kind: 'headers', clientIdHeader: 'X-IBM-Client-Id', clientSecretHeader: 'X-IBM-Client-Secret' },
          },
        ]),
      );
      expect(gateway.requests.filter((request) => request.headers.host?.includes('new.example'))).toEqual([]);
    } finally {
      await gateway.close();
    }
  });
});
