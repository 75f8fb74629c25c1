/** The API clients against the real mock over HTTP, and a raw server for what the mock never does. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clockOnlyCredentials, demoCredentials, limitedCredentials } from '../../mock/auth.ts';
import { useMockServer } from '../../testing/mock-fixture.ts';
import { failure } from '../../testing/api-failure.ts';
import { startRawServer, type RawServer } from '../../testing/raw-server.ts';
import { resolveProfile } from '../../shared/api/api-profile.ts';
import type { ApiErrorKind } from '../../shared/domain/api-problem.ts';
import { type Credentials } from './auth.ts';
import { defaultAuthScheme } from '../../shared/api/api-profile.ts';
import { createDebtorsClient } from './debtors-client.ts';
import { createHttpClient, type HttpClientOptions } from './http-client.ts';
import { createTimeclockClient } from './timeclock-client.ts';

const mock = useMockServer({ debtors: 2_000 });
beforeEach(async () => {
  await mock.control('POST', '/reset');
});

let raw: RawServer | undefined;
afterEach(async () => {
  await raw?.close();
  raw = undefined;
});

const noWait = { wait: async () => {}, random: () => 0.5 };
function http(service: 'timeclock' | 'debtors', overrides: Partial<HttpClientOptions> = {}) {
  return createHttpClient({
    service,
    environment: 'QA',
    baseUrl: service === 'timeclock' ? mock.server.timeclockBaseUrl : mock.server.debtorsBaseUrl,
    auth: defaultAuthScheme,
    credentials: demoCredentials,
    ...noWait,
    ...overrides,
  });
}
const timeclock = (overrides?: Partial<HttpClientOptions>) => createTimeclockClient(http('timeclock', overrides));
const debtors = (overrides?: Partial<HttpClientOptions>) => createDebtorsClient(http('debtors', overrides));
const as = (credentials: Credentials) => ({ credentials });

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = await startRawServer(() => {});
  await server.close();
  return Number(new URL(server.url).port);
}

describe('base URLs', () => {
  it.each(['', '/', '//'])('works with a path and trailing slashes (%j)', async (suffix) => {
    const client = timeclock({ baseUrl: mock.server.timeclockBaseUrl + suffix });
    expect((await client.health('source')).state).toBe('up');
  });
});

describe('every error kind, with a message that says what to do', () => {
  const cases: Array<[ApiErrorKind, () => Promise<unknown>, RegExp]> = [
    [
      'unreachable',
      async () => timeclock({ baseUrl: `http://127.0.0.1:${await closedPort()}/timeclock` }).health('source'),
      /Timeclock service of QA can't be reached for the check of time recording \(connection refused at http:\/\/127\.0\.0\.1:\d+\/timeclock\/health-check\)\. Check the network connection and the base URL of environment QA\./,
    ],
    [
      'unreachable',
      () => timeclock({ baseUrl: 'http://127.0.0.1:9/timeclock' }).health('source'),
      /this port is blocked for web requests/,
    ],
    [
      'bad-request',
      () => debtors().advanceTransactions({ startDate: '2026-05-02', endDate: '2026-05-01' }),
      /rejected Advance transaction history as malformed \(400\)\. The server said: “startDate \(2026-05-02\) is after endDate/,
    ],
    [
      'unauthorized',
      () => timeclock(as({ clientId: 'demo-client', clientSecret: 'wrong-secret' })).lastClockedTimeEvent('E1001'),
      /refused the credentials .* \(401\)\. The server said: “The client id or client secret is wrong\.” Check the client id and client secret for environment QA\./,
    ],
    [
      'forbidden',
      () => timeclock(as(limitedCredentials)).lastClockedTimeEvent('E1001'),
      /does not allow .* \(403\)\. Ask your administrator to grant this client id access to the timeclock service\./,
    ],
    [
      'forbidden',
      () => debtors(as(clockOnlyCredentials)).debtors(),
      /Debtors service of QA accepted the credentials but does not allow debtors/,
    ],
    [
      'not-found',
      () => timeclock().lastClockedTimeEvent('E9999'),
      /found nothing .* \(404\)\. The server said: “No employee with id E9999\.”/,
    ],
    [
      'conflict',
      () => timeclock().clockIn('E1003', '2026-11-21T09:00:00Z', 'k1'),
      /refused clock-in because its current state differs \(409\)/,
    ],
    [
      'unprocessable',
      async () => {
        const open = await timeclock().lastClockedTimeEvent('E1003');
        return timeclock().clockOut(open!.id, '2001-01-01T00:00:00Z');
      },
      /rejected clock-out as impossible \(422\)/,
    ],
  ];
  it.each(cases)('%s', async (kind, call, message) => {
    const error = await failure(call());
    expect(error.kind).toBe(kind);
    expect(error.message).toMatch(message);
  });

  it('timeout: no answer within the configured time', async () => {
    await mock.control('PUT', '/systems/target', { latencyMs: 2_000 });
    const error = await failure(timeclock({ timeoutMs: 150 }).health('target'));
    expect(error.kind).toBe('timeout');
    expect(error.message).toMatch(/did not answer the check of the payroll link in time \(no answer within 0\.15 s\)/);
  });

  it('cancelled: the caller gave up', async () => {
    await mock.control('PUT', '/services/debtors', { latencyMs: 2_000 });
    const abort = new AbortController();
    const pending = debtors().debtors({ signal: abort.signal });
    setTimeout(() => abort.abort(), 50);
    expect((await failure(pending)).kind).toBe('cancelled');
  });

  it('conflict carries the server’s current event for reconciliation', async () => {
    const error = await failure(timeclock().clockIn('E1003', '2026-11-21T09:00:00Z', 'k2'));
    expect(error.facts.serverDetails?.event).toMatchObject({ employeeId: 'E1003', clockOut: null });
  });

  it('rate-limited: a Retry-After beyond the cap is reported, not waited for', async () => {
    await mock.control('PUT', '/services/debtors', { rateLimit: { retryAfterSeconds: 120 } });
    const error = await failure(debtors().nicknames());
    expect(error.kind).toBe('rate-limited');
    expect(error.retryAfterMs).toBe(120_000);
    expect(error.message).toMatch(/is limiting requests \(429\) for nicknames\. Try again in 120 s\./);
  });

  it('server: 5xx after the retries are spent', async () => {
    await mock.control('PUT', '/services/timeclock', { errorRate: 1 });
    const error = await failure(timeclock().lastClockedTimeEvent('E1001'));
    expect(error.kind).toBe('server');
    expect(error.status).toBe(500);
    expect(error.message).toMatch(
      /failed on reading the last clocked time event of employee E1001 \(500\)\. The problem is on the server's side/,
    );
  });
});

describe('retries', () => {
  it('retries a GET after 429, waiting as Retry-After says', async () => {
    await mock.control('PUT', '/services/debtors', { rateLimit: { retryAfterSeconds: 3, remaining: 2 } });
    const waits: number[] = [];
    const list = await debtors({ wait: async (ms) => void waits.push(ms) }).advanceClients();
    expect(list.length).toBeGreaterThan(0);
    expect(waits).toEqual([3_000, 3_000]);
  });

  it('backs off exponentially with jitter on 5xx, then succeeds', async () => {
    raw = await startRawServer((_req, res, count) => {
      if (count <= 2) return void res.writeHead(502).end();
      res.writeHead(200, { 'content-type': 'application/json' }).end('[]');
    });
    const waits: number[] = [];
    const client = debtors({ baseUrl: raw.url, wait: async (ms) => void waits.push(ms), random: () => 1 });
    expect(await client.nicknames()).toEqual([]);
    expect(raw.requests).toHaveLength(3);
    expect(waits).toEqual([400, 800]);
  });

  it('never retries a POST or PATCH on its own', async () => {
    raw = await startRawServer((_req, res) => void res.writeHead(503).end());
    const error = await failure(timeclock({ baseUrl: raw.url }).clockIn('E1', '2026-11-21T08:00:00Z', 'key'));
    expect(error.kind).toBe('server');
    expect(raw.requests).toHaveLength(1);
  });
});

describe('tolerant reading', () => {
  it('unwraps lists, camel-cases keys, reads .NET dates and numeric strings, keeps unknown fields', async () => {
    raw = await startRawServer(
      (_req, res) =>
        void res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            Data: [{ DebtorKey: 77, Name: 'Acme', ModifiedAt: '/Date(1700000000000)/', CreditLimit: '25000', RiskTier: 'B' }],
            total: 1,
          }),
        ),
    );
    const [debtor] = await debtors({ baseUrl: raw.url }).debtors();
    expect(debtor).toEqual({
      debtorKey: '77',
      name: 'Acme',
      modifiedAt: '2023-11-14T22:13:20.000Z',
      creditLimit: 25_000,
      riskTier: 'B',
    });
  });

  it.each([
    ['2026-11-21T08:00:00', '2026-11-21T08:00:00.000Z'],
    ['2026-11-21 08:00:00', '2026-11-21T08:00:00.000Z'],
    ['2026-11-21T09:00:00+01:00', '2026-11-21T08:00:00.000Z'],
    [1_763_712_000, '2025-11-21T08:00:00.000Z'],
  ])('reads the clock-in %j leniently', async (clockIn, expected) => {
    raw = await startRawServer(
      (_req, res) =>
        void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ Id: 'X1', ClockIn: clockIn })),
    );
    const event = await timeclock({ baseUrl: raw.url }).lastClockedTimeEvent('E1');
    expect(event).toEqual({ id: 'X1', employeeId: 'E1', clockIn: expected, clockOut: null });
  });

  it('names the record and the field when a required field is missing', async () => {
    raw = await startRawServer(
      (_req, res) =>
        void res.writeHead(200, { 'content-type': 'application/json' }).end('[{"debtorKey":"D1"},{"name":"no key"}]'),
    );
    const error = await failure(debtors({ baseUrl: raw.url }).debtors());
    expect(error.kind).toBe('bad-response');
    expect(error.message).toMatch(/sent an answer to debtors that the app can't read: record 2 of Debtors has no debtorKey\./);
  });

  it('reports HTML where JSON was expected as a page that answered instead of the service', async () => {
    raw = await startRawServer(
      (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Login</body></html>'),
    );
    const error = await failure(debtors({ baseUrl: raw.url }).clientBanks());
    expect(error.kind).toBe('bad-response');
    expect(error.message).toContain(`a sign-in page from ${new URL(raw.url).host} answered client banks instead of the service`);
    expect(error.facts.reason).toBe('it is not JSON (text/html, starting “<html><body>Login</body></html>”)');
  });

  it('redacts a secret an answer echoes before it cuts the excerpt: no part of it is shown', async () => {
    const secret = 'S3cr3t-Echoed-Across-The-Cut';
    raw = await startRawServer(
      (_req, res) => void res.writeHead(200, { 'content-type': 'text/plain' }).end(`Access denied for ${secret} - try again`),
    );
    const error = await failure(
      debtors({ baseUrl: raw.url, credentials: { clientId: 'demo-client', clientSecret: secret } }).clientBanks(),
    );
    expect(error.message).toContain('starting “Access denied for [redacted]');
    for (let from = 0; from + 6 <= secret.length; from++) expect(error.message).not.toContain(secret.slice(from, from + 6));
  });

  it('reports a connection lost in the middle of a body as unreachable', async () => {
    raw = await startRawServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      res.write('[{"debtorKey":');
      setTimeout(() => res.socket?.destroy(), 20);
    });
    const error = await failure(
      debtors({ baseUrl: raw.url, retry: { retries: 0, baseDelayMs: 0, maxDelayMs: 0, maxRetryAfterMs: 0 } }).debtors(),
    );
    expect(error.kind).toBe('unreachable');
    expect(error.message).toContain('connection lost');
  });

  it('times out a body that trickles in slower than the timeout allows', async () => {
    raw = await startRawServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('[');
      const drip = setInterval(() => (res.writableEnded ? clearInterval(drip) : res.write(' ')), 50);
      res.on('close', () => clearInterval(drip));
    });
    const started = performance.now();
    const error = await failure(
      debtors({
        baseUrl: raw.url,
        timeoutMs: 300,
        retry: { retries: 0, baseDelayMs: 0, maxDelayMs: 0, maxRetryAfterMs: 0 },
      }).debtors(),
    );
    expect(error.kind).toBe('timeout');
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('caps the size of a response body', async () => {
    const error = await failure(debtors({ maxBodyBytes: 10_000 }).debtors());
    expect(error.kind).toBe('bad-response');
    expect(error.message).toContain('over the 10 KB limit');
  });

  it('reads health from a 200 that says down and from plain text', async () => {
    raw = await startRawServer((req, res) =>
      req.url?.endsWith('health-check')
        ? void res.writeHead(200, { 'content-type': 'application/json' }).end('{"Status":"Down"}')
        : void res.writeHead(200, { 'content-type': 'text/plain' }).end('OK'),
    );
    const client = timeclock({ baseUrl: raw.url });
    expect((await client.health('source')).state).toBe('down');
    expect((await client.health('target')).state).toBe('up');
  });
});

describe('authentication schemes', () => {
  it('sends HTTP Basic when the environment asks for it', async () => {
    expect((await timeclock({ auth: { kind: 'basic' } }).health('target')).state).toBe('up');
  });

  it('sends credentials under custom header names', async () => {
    raw = await startRawServer(
      (_req, res) => void res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"UP"}'),
    );
    await timeclock({
      baseUrl: raw.url,
      auth: { kind: 'headers', clientIdHeader: 'X-Client-Id', clientSecretHeader: 'X-Client-Secret' },
    }).health('source');
    expect(raw.requests[0]?.headers).toMatchObject({ 'x-client-id': 'demo-client', 'x-client-secret': 'demo-secret' });
  });
});

describe('secrets', () => {
  it('never appear in an error, even when the server echoes them', async () => {
    const secret = 'sup3r-s3cret-value';
    raw = await startRawServer(
      (req, res) =>
        void res.writeHead(401, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            code: 'unauthorized',
            message: `Bad secret ${String(req.headers['client_secret'])} for client`,
          }),
        ),
    );
    const error = await failure(
      timeclock({ baseUrl: raw.url, credentials: { clientId: 'me', clientSecret: secret } }).health('source'),
    );
    expect(raw.requests[0]?.headers['client_secret']).toBe(secret);
    expect(JSON.stringify({ message: error.message, facts: error.facts, stack: error.stack })).not.toContain(secret);
    expect(error.facts.serverMessage).toBe('Bad secret [redacted] for client');
  });
});

describe('the happy paths', () => {
  it('clocks in and out and reads the last event', async () => {
    const client = timeclock();
    expect(await client.lastClockedTimeEvent('E1002')).toBeNull();
    const opened = await client.clockIn('E1002', '2026-11-21T08:00:00Z', 'happy-1');
    expect(await client.lastClockedTimeEvent('E1002')).toEqual(opened);
    const closed = await client.clockOut(opened.id, '2026-11-21T16:00:00Z');
    expect(closed).toMatchObject({ id: opened.id, clockOut: '2026-11-21T16:00:00.000Z' });
  });

  it.each(['patch-json', 'json-patch', 'put'] as const)(
    'sends the reason of a clock-out set afterwards in the field the profile names (%s), and none without one',
    async (clockOutMethod) => {
      const bodies: unknown[] = [];
      raw = await startRawServer((req, res) => {
        let body = '';
        req.on('data', (chunk: Buffer) => (body += chunk.toString()));
        req.on('end', () => {
          bodies.push(JSON.parse(body));
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(
            JSON.stringify({ id: 'T1', employeeId: 'E1', clockIn: '2026-11-21T08:00:00Z', clockOut: '2026-11-21T16:00:00Z' }),
          );
        });
      });
      const shift = { employeeId: 'E1', clockIn: '2026-11-21T08:00:00Z', reason: 'forgot' };
      const named = resolveProfile({ clockOutMethod, reasonField: 'comment' });
      await createTimeclockClient(http('timeclock', { baseUrl: raw.url }), named).clockOut('T1', '2026-11-21T16:00:00Z', shift);
      await createTimeclockClient(http('timeclock', { baseUrl: raw.url }), resolveProfile({ clockOutMethod })).clockOut(
        'T1',
        '2026-11-21T16:00:00Z',
        shift,
      );
      const withReason = JSON.stringify(bodies[0]);
      expect(withReason).toContain(
        clockOutMethod === 'json-patch' ? '{"op":"add","path":"/comment","value":"forgot"}' : '"comment":"forgot"',
      );
      expect(JSON.stringify(bodies[1])).not.toContain('forgot');
    },
  );

  it('reads every debtors list, filtered by startingDateTime', async () => {
    const client = debtors();
    const since = new Date(Date.now() - 30 * 86_400_000);
    const lists = await Promise.all([
      client.debtors(),
      client.clientBanks(),
      client.clientGroups(),
      client.clientDelta(),
      client.creditScores(),
      client.creditBureauScores(),
      client.nicknames(),
      client.advanceClients(),
      client.advanceTransactions(),
      client.advanceTransactionDetails('T00000001'),
    ]);
    expect(lists.every((list) => list.length > 0)).toBe(true);
    const recent = await client.debtors({ startingDateTime: since });
    expect(recent.length).toBeLessThan(lists[0]!.length);
    expect(recent.every((debtor) => Date.parse(debtor.modifiedAt) >= since.getTime())).toBe(true);
  });
});

describe('live state through caches', () => {
  it('asks for the clock state and health from the service, not from a cache on the way', async () => {
    raw = await startRawServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"status":"UP"}');
    });
    const client = timeclock({ baseUrl: raw.url });
    await client.health('source');
    await client.lastClockedTimeEvent('E1001').catch(() => null);
    expect(raw.requests.map((req) => [req.headers['cache-control'], req.headers.pragma])).toEqual([
      ['no-cache', 'no-cache'],
      ['no-cache', 'no-cache'],
    ]);
  });
});
