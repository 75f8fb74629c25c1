/**
 * Issue 66, point 2: `/health` answers 200 while a new gateway rule refuses the app's punches. The
 * app's own requests are evidence too: the time recording system is shown "up, but refusing this
 * app's requests since …" with the cause, amber in the tray, told once — and green again once a
 * request of the app's succeeds.
 */
import { describe, expect, it } from 'vitest';
import { useGateways } from '../../testing/gateway-emulation.ts';
import { useMockServer } from '../../testing/mock-fixture.ts';
import { connectThroughGateway } from '../../testing/gateway-core.ts';
import { createFakeClock } from '../../testing/fake-clock.ts';
import type { HealthNotification } from '../health/notice-writer.ts';

const mock = useMockServer({ debtors: 20 });
const startGateway = useGateways(mock);

describe('a system up by its health check while it refuses the app’s requests', () => {
  it('is shown as refusing since the first refusal, with the cause, told once, and up again after a success', async () => {
    const gateway = await startGateway('mulesoft');
    const clock = createFakeClock();
    const { core } = await connectThroughGateway(mock, gateway, {
      core: { time: clock, formatTime: (ms) => new Date(ms).toISOString().slice(11, 16) },
    });
    const told: HealthNotification[] = [];
    core.health.onNotification((notification) => told.push(notification));
    await core.clock.refresh();
    expect((await core.checkHealthNow()).map((line) => line.tone)).toEqual(['up', 'up']);

    gateway.set({ forbiddenRoutes: /\/timeclock\/(employees|clockedTimeEvents)/ });
    await core.clock.refresh();
    const [source, target] = await core.checkHealthNow();
    expect(source).toMatchObject({ state: 'up', tone: 'suspect' });
    expect(source!.text).toBe("Time recording — up, but refusing this app's requests since 08:00");
    expect(source!.cause).toMatch(
      /^Timeclock service of Acme accepted the credentials but does not allow reading the last clocked time event/,
    );
    expect(target).toMatchObject({ state: 'up', tone: 'up' });
    expect(core.health.badge()).toBe('suspect');
    expect(core.health.summary()).toContain("Time recording up, but refusing this app's requests since 08:00");
    expect(told.map((notification) => notification.title)).toEqual(["Time recording refuses this app's requests"]);
    expect(told[0]!.body).toMatch(/^Its health check says up, but the app's requests have failed since 08:00\. — Acme /);

    // Refused again: the same run, not told again.
    await core.clock.refresh();
    expect(told).toHaveLength(1);

    gateway.set({ forbiddenRoutes: null });
    await core.clock.refresh();
    expect((await core.checkHealthNow()).map((line) => line.tone)).toEqual(['up', 'up']);
    expect(core.health.badge()).toBe('up');
  });
});
