/**
 * Issue 47, points 3, 4 and 5: limits and time-outs as gateways answer them — Azure's exhausted
 * quota (403 + Retry-After) waited out, not "ask for access"; MuleSoft's 429 with its reset in
 * milliseconds honoured; the connection test paced and saying a limit as a limit; a gateway's 504
 * after a long wait retried and said as the gateway's time-out, naming the list.
 */
import { describe, expect, it } from 'vitest';
import type { AuthScheme } from '../../shared/api/api-profile.ts';
import { connectThroughGateway } from '../../testing/gateway-core.ts';
import { useGateways, type GatewayEmulation } from '../../testing/gateway-emulation.ts';
import { useMockServer } from '../../testing/mock-fixture.ts';
import { GATEWAY_SIGN_IN } from '../api/gateway-recognition.ts';
import { limitResetMs } from '../api/retry-policy.ts';

const mock = useMockServer({ debtors: 20 });
const startGateway = useGateways(mock);
const connectThrough = (gateway: GatewayEmulation, auth?: AuthScheme) => connectThroughGateway(mock, gateway, { auth });

describe('a quota is not a missing grant', () => {
  it('waits out Azure’s exhausted quota (403 + Retry-After) and checks again by itself', async () => {
    const gateway = await startGateway('azure-apim', { quotaExhaustedForSeconds: 40 });
    const { core } = await connectThrough(gateway, GATEWAY_SIGN_IN['azure-apim']);
    const [source] = await core.checkHealthNow();
    expect(source!.state).toBe('rate-limited');
    expect(source!.message).toBe(
      'Timeclock service of Acme is limiting requests (403, quota used up) for the check of time recording. Try again in 40 s.',
    );
    expect(source!.nextCheckAt).not.toBeNull();
    gateway.set({ quotaExhaustedForSeconds: null });
    expect((await core.checkHealthNow()).map((line) => line.state)).toEqual(['up', 'up']);
  });
});

describe('rate limits', () => {
  it('reads MuleSoft’s X-Ratelimit-Reset in milliseconds, the IETF draft’s RateLimit-Reset in seconds', () => {
    const now = Date.parse('2026-11-26T10:00:00Z');
    expect(limitResetMs(new Headers({ 'x-ratelimit-reset': '12500' }), now)).toBe(12_500);
    expect(limitResetMs(new Headers({ 'x-ratelimit-reset': String(now / 1000 + 30) }), now)).toBe(30_000);
    expect(limitResetMs(new Headers({ 'ratelimit-reset': '7' }), now)).toBe(7_000);
    expect(limitResetMs(new Headers({ ratelimit: 'limit=100, remaining=0, reset=9' }), now)).toBe(9_000);
    expect(limitResetMs(new Headers({}), now)).toBeUndefined();
  });

  it('waits as MuleSoft’s reset says when a 429 has no Retry-After', async () => {
    const gateway = await startGateway('mulesoft', { rateLimit: { limit: 1, windowMs: 45_000, headers: 'mule' } });
    const { core } = await connectThrough(gateway);
    const lines = await core.checkHealthNow();
    const limited = lines.find((line) => line.state === 'rate-limited')!;
    expect(limited.message).toMatch(/is limiting requests \(429\) for the check of .*\. Try again in (4[0-5]) s\.$/);
  });

  it('paces the connection test, and says a limit during it as the gateway’s pace, not as a failure of the service', async () => {
    const gateway = await startGateway('kong', { rateLimit: { limit: 4, windowMs: 60_000, headers: 'ietf' } });
    const { call, draft } = await connectThrough(gateway, GATEWAY_SIGN_IN.kong);
    const result = await call('testConnection', { draft, secret: 'demo-secret' });
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    const limited = [result.report.timeclock, result.report.debtors].find((check) => !check.ok)!;
    expect(limited.message).toMatch(
      /^This gateway limits how fast requests may come \(about 4 in its window\): the test stopped here, the service itself did not fail\. Test again in \d+ s\.$/,
    );
    expect(limited.reachable).toBe(true);
    // In turn, not all at once: the first four requests were each answered before the next was sent.
    expect(gateway.requests.length).toBeGreaterThan(4);
  });
});

describe('Spike Control', () => {
  it('says a request held and then refused as a limit, not a time-out or an outage', async () => {
    const gateway = await startGateway('mulesoft', { rateLimit: { limit: 1, windowMs: 60_000, headers: 'none', holdMs: 800 } });
    const { core } = await connectThrough(gateway);
    const lines = await core.checkHealthNow();
    const held = lines.find((line) => line.state !== 'up')!;
    expect(held.state).toBe('rate-limited');
    expect(held.message).toMatch(/is limiting requests \(429\) for the check of /);
  });
});

describe('a gateway’s time-out', () => {
  it('retries a 504 within the request’s limits and says it as the gateway giving up on that list', async () => {
    const gateway = await startGateway('mulesoft', { gatewayTimeout: { status: 504, delayMs: 30 } });
    const { core } = await connectThrough(gateway);
    const status = await core.lookup.ensureLoaded();
    expect(gateway.requests.filter((request) => request === 'GET /debtors/Debtors').length).toBe(3);
    expect(status.problems.find((problem) => problem.resource === 'debtors')).toMatchObject({
      kind: 'failed',
      error: { kind: 'server', status: 504, gatewayTimeout: true, operation: 'debtors' },
    });
    const [source] = await core.checkHealthNow();
    expect(source!.message).toBe(
      'Timeclock service of Acme: the gateway in front of it gave up waiting for the service while asking for the check of time recording (504). The service behind it is slow or stuck; the app tries again shortly.',
    );
  });
});
