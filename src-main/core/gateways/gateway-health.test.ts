/**
 * Issue 47, point 6 (and the empty 503 of point 4): the health watch reads what the answer says,
 * through gateways that answer as their documentation says — never "up" for a sign-in page, a
 * system reporting OFFLINE with a 200, or a word the app does not know; never "reports that it is
 * down" for a gateway's empty 503.
 */
import { describe, expect, it } from 'vitest';
import { useGateways } from '../../testing/gateway-emulation.ts';
import { useMockServer } from '../../testing/mock-fixture.ts';
import { connectThroughGateway } from '../../testing/gateway-core.ts';
import type { GatewayEmulation } from '../../testing/gateway-emulation.ts';

const mock = useMockServer({ debtors: 20 });
const startGateway = useGateways(mock);
const connectThrough = (gateway: GatewayEmulation) => connectThroughGateway(mock, gateway);
const setTarget = (status: 'up' | 'down') => mock.control('PUT', '/systems/target', { status });

describe('health read from the answer, through a MuleSoft gateway', () => {
  it('takes a 200 that says OFFLINE as the system reporting down, naming the failing dependency', async () => {
    const gateway = await startGateway('mulesoft', { health: 'status-200', failingDependency: 'payroll-db' });
    const { core } = await connectThrough(gateway);
    expect((await core.checkHealthNow()).map((line) => line.state)).toEqual(['up', 'up']);
    await setTarget('down');
    const target = (await core.checkHealthNow()).find((line) => line.system === 'target')!;
    expect(target.state).not.toBe('up');
    expect(target.message).toBe('Payroll link reports that it is down: payroll-db failing.');
    expect(target.short).toMatch(/^reports that it is down · re-checking/);
  });

  it('reads plain text UP and DOWN (503)', async () => {
    const gateway = await startGateway('mulesoft', { health: 'text' });
    const { core } = await connectThrough(gateway);
    expect((await core.checkHealthNow()).map((line) => line.state)).toEqual(['up', 'up']);
    await setTarget('down');
    const target = (await core.checkHealthNow()).find((line) => line.system === 'target')!;
    expect(target.message).toBe('Payroll link reports that it is down.');
  });

  it('says a state of the system’s own word as it is, and does not take it as working', async () => {
    const gateway = await startGateway('mulesoft', { health: 'status-200', healthWord: 'MAINTENANCE' });
    const { core } = await connectThrough(gateway);
    const [source] = await core.checkHealthNow();
    expect(source!.state).toBe('suspect');
    expect(source!.message).toContain('with “MAINTENANCE”, a state the app does not know: it is not taken as working.');
  });

  it('never shows "up" for a sign-in page answering with 200, and names the host', async () => {
    const gateway = await startGateway('mulesoft', { signInPage: true });
    const { core } = await connectThrough(gateway);
    const lines = await core.checkHealthNow();
    expect(lines.map((line) => line.state)).toEqual(['suspect', 'suspect']);
    expect(lines[0]!.message).toBe(
      `Timeclock service of Acme: a sign-in page from ${new URL(gateway.url).host} answered the check of time recording ` +
        "instead of the service. The company's proxy or single sign-on probably wants a new sign-in: open an intranet page in your browser; if it keeps happening, tell your IT.",
    );
  });

  it('says a gateway’s empty 503 as no answer, not as the system reporting down', async () => {
    const gateway = await startGateway('mulesoft', { empty503: true });
    const { core } = await connectThrough(gateway);
    const [source] = await core.checkHealthNow();
    expect(source!.state).toBe('suspect');
    expect(source!.message).toBe(
      'Timeclock service of Acme gave no answer to the check of time recording: the gateway in front of it sent an empty 503. The app tries again shortly.',
    );
    expect(source!.short).not.toMatch(/reports/);
  });
});
