/**
 * Every operation of both contracts, every status each one lists: the mock produces it, and the
 * response (status, headers, body) matches the contract.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { clockOnlyCredentials, limitedCredentials } from './auth.ts';
import { contractViolation, operationsOf, type ContractName } from '../testing/contract.ts';
import { useMockServer, type MockFixture } from '../testing/mock-fixture.ts';

type Scenario = (mock: MockFixture) => Promise<Response>;
const as = (credentials: { clientId: string; clientSecret: string }) => ({
  headers: { client_id: credentials.clientId, client_secret: credentials.clientSecret },
});
const json = (method: string, body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

/** Puts a service (or, for health operations, a system) into a fault, then calls. */
const withServiceFault =
  (service: 'timeclock' | 'debtors', patch: object, path: string, init?: RequestInit): Scenario =>
  async (mock) => {
    await mock.control('PUT', `/services/${service}`, patch);
    return mock.call(path, init);
  };
const withSystemFault =
  (system: 'source' | 'target', patch: object, path: string): Scenario =>
  async (mock) => {
    await mock.control('PUT', `/systems/${system}`, patch);
    return mock.call(path);
  };
const rateLimitOnce = { rateLimit: { retryAfterSeconds: 7, remaining: 1 } };

function healthScenarios(system: 'source' | 'target', path: string): Record<string, Scenario> {
  return {
    '200': (mock) => mock.call(path),
    '503': withSystemFault(system, { status: 'down' }, path),
    '401': (mock) => mock.call(path, { headers: { client_secret: 'wrong' } }),
    '403': (mock) => mock.call(path, as(limitedCredentials)),
    '429': withSystemFault(system, rateLimitOnce, path),
    '500': withSystemFault(system, { errorRate: 1 }, path),
  };
}

function debtorsListScenarios(path: string, hasDateFilter: boolean): Record<string, Scenario> {
  return {
    '200': (mock) => mock.call(path),
    ...(hasDateFilter ? { '400': (mock: MockFixture) => mock.call(`${path}?startingDateTime=yesterday`) } : {}),
    '401': (mock) => mock.call(path, { headers: { client_id: 'nobody' } }),
    '403': (mock) => mock.call(path, as(clockOnlyCredentials)),
    '429': withServiceFault('debtors', rateLimitOnce, path),
    '500': withServiceFault('debtors', { errorRate: 1 }, path),
    '503': withServiceFault('debtors', { unavailable: 30 }, path),
  };
}

const lastEvent = (employeeId: string) => `/timeclock/employees/${employeeId}/lastClockedTimeEvent`;
// The mock's history is seeded relative to now: punches made now fit it at any time of day.
const clockInBody = (employeeId: string) => ({ employeeId, clockIn: new Date().toISOString() });
const clockOutBody = { clockOut: new Date().toISOString() };

const scenarios: Record<ContractName, Record<string, Record<string, Scenario>>> = {
  timeclock: {
    getSourceHealth: healthScenarios('source', '/timeclock/health-check'),
    getTargetHealth: healthScenarios('target', '/timeclock/health'),
    getLastClockedTimeEvent: {
      '200': (mock) => mock.call(lastEvent('E1001')),
      '204': (mock) => mock.call(lastEvent('E1002')),
      '400': (mock) => mock.call(lastEvent('E%20100%2F1')),
      '401': (mock) => mock.call(lastEvent('E1001'), { headers: { client_id: '', client_secret: '' } }),
      '403': (mock) => mock.call(lastEvent('E1001'), as(limitedCredentials)),
      '404': (mock) => mock.call(lastEvent('E9999')),
      '429': withServiceFault('timeclock', rateLimitOnce, lastEvent('E1001')),
      '500': withServiceFault('timeclock', { errorRate: 1 }, lastEvent('E1001')),
      '503': withServiceFault('timeclock', { unavailable: true }, lastEvent('E1001')),
    },
    clockIn: {
      '201': (mock) => mock.call('/timeclock/clockedTimeEvents', json('POST', clockInBody('E1002'))),
      '400': (mock) => mock.call('/timeclock/clockedTimeEvents', json('POST', { employeeId: 'E1002' })),
      '401': (mock) => mock.call('/timeclock/clockedTimeEvents', { method: 'POST', headers: { client_secret: 'x' } }),
      '403': (mock) =>
        mock.call('/timeclock/clockedTimeEvents', { ...json('POST', clockInBody('E1002')), ...as(limitedCredentials) }),
      '404': (mock) => mock.call('/timeclock/clockedTimeEvents', json('POST', clockInBody('E9999'))),
      '409': (mock) => mock.call('/timeclock/clockedTimeEvents', json('POST', clockInBody('E1003'))),
      '429': withServiceFault('timeclock', rateLimitOnce, '/timeclock/clockedTimeEvents', json('POST', clockInBody('E1002'))),
      '500': withServiceFault('timeclock', { errorRate: 1 }, '/timeclock/clockedTimeEvents', json('POST', clockInBody('E1002'))),
      '503': withServiceFault(
        'timeclock',
        { unavailable: 5 },
        '/timeclock/clockedTimeEvents',
        json('POST', clockInBody('E1002')),
      ),
    },
    clockOut: {
      '200': async (mock) => {
        const open = (await (await mock.call(lastEvent('E1003'))).json()) as { id: string };
        return mock.call(`/timeclock/clockedTimeEvents/${open.id}`, json('PATCH', clockOutBody));
      },
      '400': (mock) => mock.call('/timeclock/clockedTimeEvents/TE000001', json('PATCH', { clockOut: '5pm' })),
      '401': (mock) =>
        mock.call('/timeclock/clockedTimeEvents/TE000001', { method: 'PATCH', headers: { client_id: 'x', client_secret: 'y' } }),
      '403': (mock) =>
        mock.call('/timeclock/clockedTimeEvents/TE000001', { ...json('PATCH', clockOutBody), ...as(limitedCredentials) }),
      '404': (mock) => mock.call('/timeclock/clockedTimeEvents/TE999999', json('PATCH', clockOutBody)),
      '409': (mock) => mock.call('/timeclock/clockedTimeEvents/TE000001', json('PATCH', clockOutBody)),
      '422': async (mock) => {
        const open = (await (await mock.call(lastEvent('E1003'))).json()) as { id: string };
        return mock.call(`/timeclock/clockedTimeEvents/${open.id}`, json('PATCH', { clockOut: '2000-01-01T00:00:00Z' }));
      },
      '429': withServiceFault('timeclock', rateLimitOnce, '/timeclock/clockedTimeEvents/TE000001', json('PATCH', clockOutBody)),
      '500': withServiceFault(
        'timeclock',
        { errorRate: 1 },
        '/timeclock/clockedTimeEvents/TE000001',
        json('PATCH', clockOutBody),
      ),
      '503': withServiceFault(
        'timeclock',
        { unavailable: true },
        '/timeclock/clockedTimeEvents/TE000001',
        json('PATCH', clockOutBody),
      ),
    },
  },
  debtors: {
    listDebtors: debtorsListScenarios('/debtors/Debtors', true),
    listClientBanks: debtorsListScenarios('/debtors/Debtors/ClientBanks', true),
    listClientGroups: debtorsListScenarios('/debtors/Debtors/ClientGroups', true),
    listClientDelta: debtorsListScenarios('/debtors/Debtors/ClientDelta', true),
    listCreditScores: debtorsListScenarios('/debtors/Debtors/CreditScore', true),
    listCreditBureauScores: debtorsListScenarios('/debtors/Debtors/CreditBureau', true),
    listNicknames: {
      ...debtorsListScenarios('/debtors/Debtors/Nicknames', false),
      // Asked again with the ETag it gave: not modified, no body.
      '304': async (mock) => {
        const etag = (await mock.call('/debtors/Debtors/Nicknames')).headers.get('etag') ?? '';
        return mock.call('/debtors/Debtors/Nicknames', { headers: { 'if-none-match': etag } });
      },
    },
    listAdvanceTransactions: {
      ...debtorsListScenarios('/debtors/Advance/TxHistory', false),
      '400': (mock) => mock.call('/debtors/Advance/TxHistory?startDate=2026-03-01&endDate=2026-02-01'),
    },
    listAdvanceTransactionDetails: debtorsListScenarios('/debtors/Advance/TxHistoryDetails?transKey=T00000001', false),
    listAdvanceClients: debtorsListScenarios('/debtors/Advance/Clients', true),
  },
};

const mock = useMockServer({ debtors: 300 });
beforeEach(async () => {
  await mock.control('POST', '/reset');
});

describe.each(['timeclock', 'debtors'] as const)('the %s contract', (contract) => {
  it('has a scenario for every operation and every status it lists, and no others', () => {
    const listed = operationsOf(contract).map((operation) => [operation.operationId, operation.statuses.sort()]);
    const covered = Object.entries(scenarios[contract]).map(([operationId, byStatus]) => [
      operationId,
      Object.keys(byStatus).sort(),
    ]);
    expect(Object.fromEntries(covered)).toEqual(Object.fromEntries(listed));
  });

  const cases = Object.entries(scenarios[contract]).flatMap(([operationId, byStatus]) =>
    Object.entries(byStatus).map(([status, scenario]) => ({ operationId, status, scenario })),
  );
  it.each(cases)('$operationId answers $status as the contract says', async ({ operationId, status, scenario }) => {
    const response = await scenario(mock);
    expect(response.status).toBe(Number(status));
    expect(await contractViolation(contract, operationId, response)).toBeNull();
    if (status === '429') expect(response.headers.get('retry-after')).toBe('7');
  });
});
