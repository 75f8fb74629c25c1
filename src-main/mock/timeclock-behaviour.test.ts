import { beforeEach, describe, expect, it } from 'vitest';
import type { ClockedTimeEvent } from '../shared/api/types.ts';
import { useMockServer } from '../testing/mock-fixture.ts';

const mock = useMockServer({ debtors: 50 });
beforeEach(async () => {
  await mock.control('POST', '/reset');
});

const post = (body: unknown, headers: Record<string, string> = {}) =>
  mock.call('/timeclock/clockedTimeEvents', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
const last = async (employeeId: string) =>
  (await mock.call(`/timeclock/employees/${employeeId}/lastClockedTimeEvent`)).json() as Promise<ClockedTimeEvent>;

describe('clocking in and out', () => {
  it('opens an event, reports it as the last one, then closes it', async () => {
    const created = await post({ employeeId: 'E1002', clockIn: '2026-11-21T08:02:00+01:00' });
    expect(created.status).toBe(201);
    const event = (await created.json()) as ClockedTimeEvent;
    expect(event).toMatchObject({ employeeId: 'E1002', clockIn: '2026-11-21T07:02:00.000Z', clockOut: null });
    expect(await last('E1002')).toEqual(event);

    const closed = await mock.call(`/timeclock/clockedTimeEvents/${event.id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clockOut: '2026-11-21T16:30:00Z' }),
    });
    expect(closed.status).toBe(200);
    expect(await last('E1002')).toEqual({ ...event, clockOut: '2026-11-21T16:30:00.000Z' });
  });

  it('refuses a second clock-in while one is open and says which event is open', async () => {
    const response = await post({ employeeId: 'E1003', clockIn: '2026-11-21T09:00:00Z' });
    expect(response.status).toBe(409);
    const body = (await response.json()) as { message: string; details: { event: ClockedTimeEvent } };
    expect(body.details.event.clockOut).toBeNull();
    expect(body.message).toContain(body.details.event.id);
  });

  it('names the missing or malformed field', async () => {
    const missing = (await (await post({ clockIn: '2026-11-21T09:00:00Z' })).json()) as { details: { field: string } };
    expect(missing.details.field).toBe('employeeId');
    const noZone = (await (await post({ employeeId: 'E1002', clockIn: '2026-11-21T09:00:00' })).json()) as { message: string };
    expect(noZone.message).toMatch(/^clockIn must be an ISO 8601 date-time with a time zone/);
    const notJson = await mock.call('/timeclock/clockedTimeEvents', { method: 'POST', body: '{oops' });
    expect(await notJson.json()).toMatchObject({ code: 'bad_request', message: 'The request body is not valid JSON.' });
  });
});

describe('Idempotency-Key', () => {
  it('returns the same event for the same key and never creates a second one', async () => {
    const key = { 'Idempotency-Key': 'click-2026-11-21T08:02:00Z-E1002' };
    const first = await post({ employeeId: 'E1002', clockIn: '2026-11-21T08:02:00Z' }, key);
    const again = await post({ employeeId: 'E1002', clockIn: '2026-11-21T08:02:00Z' }, key);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(await first.json());
    const forEmployee = mock.server.control.timeclock.events().filter((event) => event.employeeId === 'E1002');
    expect(forEmployee).toHaveLength(1);
  });

  it('treats a new key while clocked in as a conflict, not a replay', async () => {
    await post({ employeeId: 'E1002', clockIn: '2026-11-21T08:02:00Z' }, { 'Idempotency-Key': 'a' });
    expect((await post({ employeeId: 'E1002', clockIn: '2026-11-21T08:03:00Z' }, { 'Idempotency-Key': 'b' })).status).toBe(409);
  });
});

describe('authentication', () => {
  it('accepts HTTP Basic as an alternative to the client_id / client_secret headers', async () => {
    const basic = Buffer.from('demo-client:demo-secret').toString('base64');
    const response = await fetch(`${mock.server.timeclockBaseUrl}/health`, { headers: { authorization: `Basic ${basic}` } });
    expect(response.status).toBe(200);
  });

  it('says what is missing when no credentials come', async () => {
    const response = await fetch(`${mock.server.timeclockBaseUrl}/health`);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      code: 'unauthorized',
      message: 'Missing credentials: send the client_id and client_secret headers.',
    });
  });
});

describe('health faults', () => {
  it('takes one system down and brings it back without touching the other', async () => {
    await mock.control('PUT', '/systems/target', { status: 'down' });
    expect((await mock.call('/timeclock/health')).status).toBe(503);
    expect((await mock.call('/timeclock/health-check')).status).toBe(200);
    await mock.control('PUT', '/systems/target', { status: 'up' });
    expect(await (await mock.call('/timeclock/health')).json()).toMatchObject({ status: 'UP', system: 'target' });
  });

  it('adds latency to a system', async () => {
    await mock.control('PUT', '/systems/source', { latencyMs: 300 });
    const started = performance.now();
    await mock.call('/timeclock/health-check');
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('rate-limits a counted number of requests, then recovers', async () => {
    await mock.control('PUT', '/systems/source', { rateLimit: { retryAfterSeconds: 2, remaining: 2 } });
    const statuses = [];
    for (let call = 0; call < 3; call++) statuses.push((await mock.call('/timeclock/health-check')).status);
    expect(statuses).toEqual([429, 429, 200]);
  });

  it('answers 500 at the configured error rate', async () => {
    await mock.control('PUT', '/systems/source', { errorRate: 0.5 });
    let failures = 0;
    for (let call = 0; call < 200; call++) if ((await mock.call('/timeclock/health-check')).status === 500) failures++;
    expect(failures).toBeGreaterThan(60);
    expect(failures).toBeLessThan(140);
  });
});

describe('reply delay', () => {
  it('does the work at once but holds the answer, so a client that gives up still changed the server', async () => {
    await mock.control('PUT', '/services/timeclock', { replyDelayMs: 1_000 });
    const abort = new AbortController();
    setTimeout(() => abort.abort(), 200);
    const response = await fetch(`${mock.server.url}/timeclock/clockedTimeEvents`, {
      method: 'POST',
      headers: { client_id: 'demo-client', client_secret: 'demo-secret', 'content-type': 'application/json' },
      // Now: after the mock's seeded history for E1004, whatever the time of day.
      body: JSON.stringify({ employeeId: 'E1004', clockIn: new Date().toISOString() }),
      signal: abort.signal,
    }).catch(() => 'gave up');
    expect(response).toBe('gave up');
    await mock.control('PUT', '/services/timeclock', { replyDelayMs: 0 });
    expect((await last('E1004')).clockOut).toBeNull();
  });
});
