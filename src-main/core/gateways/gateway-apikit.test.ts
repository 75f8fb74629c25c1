/**
 * Issue 47, points 9 and 7 (a wrong base path): an API scaffolded by MuleSoft's APIkit behind the
 * gateway answers errors in one field — 400 "Bad request", 404 "Resource not found", 405 "Method
 * not allowed" without Allow, 415, 501 "Not implemented" — and an unhandled error as text/plain.
 * Each is said in the app's words with the server's; a 400 on the date filter leads the connection
 * test to the form the RAML wants; a base path where every route is "not found" is said as a wrong
 * base URL in the health line and the lookup too.
 */
import { describe, expect, it } from 'vitest';
import { describeApiError } from '../../shared/i18n/api-problem-words.ts';
import { english } from '../../shared/i18n/catalogues.ts';
import { connectThroughGateway } from '../../testing/gateway-core.ts';
import { useGateways, type GatewayEmulation } from '../../testing/gateway-emulation.ts';
import { useMockServer } from '../../testing/mock-fixture.ts';
import type { LookupProblem } from '../../shared/domain/lookup.ts';
import { withWrongBaseUrl } from '../lookup/wrong-base-url.ts';

const mock = useMockServer({ debtors: 20 });
const startGateway = useGateways(mock);
const connectThrough = (gateway: GatewayEmulation, path = '') => connectThroughGateway(mock, gateway, { path });
const events = () => mock.server.control.timeclock.events().filter((event) => event.employeeId === 'E1002');

describe('APIkit’s errors', () => {
  it('sends its writes as JSON (no 415) and says a clock-out method the RAML does not declare (405 without Allow)', async () => {
    const gateway = await startGateway('mulesoft', { apikit: { clockOutMethod: 'PUT' } });
    const { call } = await connectThrough(gateway);
    expect((await call('toggleClock')).state).toBe('in');
    expect(events()).toHaveLength(1);
    const out = await call('toggleClock');
    expect(out.stopped).toHaveLength(1);
    expect(out.stopped[0]!.reason).toBe(
      "Timeclock service of Acme does not accept clock-out as this app sends it (405). The server said: “Method not allowed”. Its API differs from this app's default: IT needs to adjust the environment's API settings.",
    );
    expect(events()[0]!.clockOut).toBeNull();
  });

  it('says a route not implemented yet (501) and an unhandled error in text/plain with the server’s words', async () => {
    const gateway = await startGateway('mulesoft', { apikit: { notImplemented: ['Debtors/CreditBureau'] } });
    const { core } = await connectThrough(gateway);
    const loaded = await core.lookup.refresh(true);
    expect(loaded.counts.debtors).toBe(20);
    const bureau = loaded.problems.find((problem) => problem.resource === 'bureauScores');
    expect(bureau).toMatchObject({ kind: 'failed', error: { kind: 'not-supported', status: 501 } });
    if (bureau?.kind !== 'failed') throw new Error('no problem');
    expect(describeApiError(bureau.error, english.t)).toMatch(/\(501\).*“Not implemented”/);

    gateway.set({ apikit: { unhandledError: true } });
    await core.clock.refresh();
    expect(core.clock.view().problem).toBe(
      "Timeclock service of Acme failed on reading the last clocked time event of employee E1002 (500). The problem is on the server's side; try again later. The server said: “An error occurred while processing the request.”",
    );
  });

  it('leads the connection test from a 400 "Bad request" on the date filter to the form the RAML wants', async () => {
    const gateway = await startGateway('mulesoft', { apikit: { dateType: 'datetime-only' } });
    const { call, draft } = await connectThrough(gateway);
    const result = await call('testConnection', { draft, secret: 'demo-secret' });
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.report.debtors.message).toBe(
      'Debtors service of Acme rejected debtors as malformed (400). The server said: “Bad request”.',
    );
    expect(result.report.suggestions).toContainEqual({
      text: expect.stringMatching(
        /^The server refuses the date filter as written and takes it like \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d: /,
      ),
      change: { dateFilterFormat: 'iso-local' },
    });
  });
});

describe('a base path where nothing of the service is', () => {
  it('is said as a wrong base URL in the health line and the lookup, not as a 404 of each', async () => {
    const gateway = await startGateway('mulesoft', { apikit: {} });
    const { core } = await connectThrough(gateway, '/api/v1');
    const lines = await core.checkHealthNow();
    for (const line of lines)
      expect(line.message).toMatch(
        /^Timeclock service of Acme finds nothing at the address of the check of .* \(404\), nor at any other of its routes: the base URL of Acme is probably wrong\./,
      );
    const loaded = await core.lookup.refresh(true);
    expect(loaded.problems.length).toBeGreaterThan(1);
    for (const problem of loaded.problems) {
      if (problem.kind !== 'failed') throw new Error(problem.kind);
      expect(describeApiError(problem.error, english.t)).toMatch(/the base URL of Acme is probably wrong/);
    }
  });

  it('keeps a 404 of one list a 404 when the rest of the service answered', () => {
    const notFound = { service: 'debtors', operation: 'nicknames', environment: 'Acme', kind: 'not-found', status: 404 } as const;
    const one: LookupProblem[] = [{ resource: 'nicknames', kind: 'failed', error: notFound }];
    expect(withWrongBaseUrl(one, 5)).toEqual(one);
    const all: LookupProblem[] = [one[0]!, { resource: 'debtors', kind: 'failed', error: { ...notFound, operation: 'debtors' } }];
    expect(withWrongBaseUrl(all, 2).map((problem) => problem.kind === 'failed' && problem.error.wrongBaseUrl)).toEqual([
      true,
      true,
    ]);
  });
});
