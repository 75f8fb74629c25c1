/**
 * Issue 47, point 8: a punch answered by a company sign-in page (an SSO or proxy session that ran
 * out) is kept — the request never reached the service — and said as a sign-in page, never as a
 * wrong base URL; once the service answers again it is sent by itself, once, without waiting out
 * its backoff or a press of Retry.
 */
import { describe, expect, it } from 'vitest';
import { connectThroughGateway } from '../../testing/gateway-core.ts';
import { useGateways, type GatewayEmulation } from '../../testing/gateway-emulation.ts';
import { useMockServer } from '../../testing/mock-fixture.ts';

const mock = useMockServer({ debtors: 20 });
const startGateway = useGateways(mock);
const connectThrough = (gateway: GatewayEmulation) => connectThroughGateway(mock, gateway);
const events = () => mock.server.control.timeclock.events().filter((event) => event.employeeId === 'E1002');

describe('a punch answered by a sign-in page', () => {
  it('is kept and said as a sign-in page when only the punch met it, its read having passed', async () => {
    const gateway = await startGateway('mulesoft');
    const { core, call } = await connectThrough(gateway);
    await core.clock.refresh();
    gateway.set({ signInPage: 'writes' });
    const after = await call('toggleClock');
    expect(after.pending).toHaveLength(1);
    expect(after.pending[0]!.reason).toMatch(/a sign-in page from 127\.0\.0\.1:\d+ answered clock-in instead of the service/);
    expect(after.pending[0]!.reason).not.toMatch(/base URL/);
    expect(events()).toEqual([]);
  });

  it('is sent once by itself when the health watch sees the service answer again, without Retry or its backoff', async () => {
    const gateway = await startGateway('mulesoft');
    const { core, call } = await connectThrough(gateway);
    await core.clock.refresh();
    gateway.set({ signInPage: true });
    const after = await call('toggleClock');
    expect(after.pending[0]!.reason).toMatch(/a sign-in page from 127\.0\.0\.1:\d+ answered .* instead of the service/);
    expect((await core.checkHealthNow()).map((line) => line.state)).not.toContain('up');
    await core.clock.flush();
    expect(events()).toEqual([]);

    gateway.set({ signInPage: false });
    await core.checkHealthNow();
    await expect.poll(() => events().length).toBe(1);
    await core.clock.flush();
    expect(events()[0]!.clockIn).toBe(after.pending[0]!.at);
    expect(await call('getClock')).toMatchObject({ state: 'in', pending: [], stopped: [] });
  });
});
