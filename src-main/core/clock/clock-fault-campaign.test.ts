/**
 * A seeded, bounded fault campaign: several workstations (each its own core, outbox and employee)
 * clock through a fault-injecting proxy in front of the real mock — requests refused, answers lost
 * after the server acted, held past the timeout, cut mid-body — with refreshes running in the
 * background as the app runs them. After every step each workstation shows its server's state
 * (with its own unsent punches on top) or "unknown"; at the end the server holds exactly the
 * punches made: none lost, none twice, none on the wrong event.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { createRandom } from '../../mock/data/random.ts';
import { createFakeClock } from '../../testing/fake-clock.ts';
import { startFaultProxy } from '../../testing/fault-proxy.ts';
import { useMockServer } from '../../testing/mock-fixture.ts';
import { createTestCore } from '../../testing/test-core.ts';
import type { AppCore } from '../app-core.ts';

// After the mock's seeded history, in whole seconds; the mock's clock (its Date header) is the test's.
const start = Math.ceil(Date.now() / 1000) * 1000;
const clock = createFakeClock(start);
const mock = useMockServer({ debtors: 10, now: () => clock.now() });
const SEED = 20261122;
const STEPS = 260;
const EMPLOYEES = ['E1004', 'E1005', 'E1006', 'E1008'];

interface Workstation {
  employeeId: string;
  core: AppCore;
  /** Punches this workstation recorded, in order. */
  made: Array<{ kind: 'clock-in' | 'clock-out'; at: string }>;
}

it('loses no punch, sends none twice and closes no wrong shift under a seeded fault campaign', async () => {
  const random = createRandom(SEED);
  const proxy = await startFaultProxy(
    mock.server.url,
    { unavailable: 0.08, badGateway: 0.05, dropAfterForwarding: 0.1, delayPastTimeout: 0.03, resetMidBody: 0.06, delayMs: 1_300 },
    SEED,
  );
  const urls = { timeclockBaseUrl: `${proxy.url}/timeclock`, debtorsBaseUrl: `${proxy.url}/debtors` };
  const stations: Workstation[] = EMPLOYEES.map((employeeId) => {
    // With the app's undo time and breaks in the mix: a punch waits its 10 s before it is sent.
    const core = createTestCore(urls, { time: clock, dataDir: mkdtempSync(join(tmpdir(), 'campaign-')), undoSeconds: 10 });
    // Punches at random minutes across midnight: the daily rest (clock-rest.ts, tested apart) is not what this tests.
    core.settings.updatePreferences({
      network: { requestTimeoutSeconds: 1 },
      clock: { workingTime: { ...core.settings.preferences().clock.workingTime, dailyRestHours: 0 } },
    });
    core.environments.save({ ...core.environments.get('mock')!.environment, employeeId });
    return { employeeId, core, made: [] };
  });
  const background: Array<Promise<unknown>> = [];
  const serverEvents = (employeeId: string) =>
    mock.server.control.timeclock
      .events()
      .filter((event) => event.employeeId === employeeId && Date.parse(event.clockIn) >= start);
  const mismatches: string[] = [];
  const reconciled: string[] = [];

  /** What the workstation must show: its own unsent punches over the server's state, or "unknown". */
  function checkTruthful(station: Workstation, step: number): void {
    const view = station.core.clock.view();
    if (view.state === 'unknown') return;
    const unsent = station.core.outbox.all().filter((punch) => !punch.stopped);
    // Seeded history before the campaign is closed: no new event means clocked out.
    const last = serverEvents(station.employeeId).at(-1);
    const expected =
      unsent.length > 0 ? (unsent.at(-1)!.kind === 'clock-in' ? 'in' : 'out') : last && last.clockOut === null ? 'in' : 'out';
    if (view.state !== expected) mismatches.push(`step ${step}, ${station.employeeId}: shows ${view.state}, truth ${expected}`);
  }

  for (const station of stations) {
    station.core.clock.onNotification(({ title, body }) => {
      if (title.startsWith('You were already')) reconciled.push(`${station.employeeId}: ${body}`);
    });
    await station.core.clock.refresh();
  }

  for (let step = 0; step < STEPS; step++) {
    const station = random.pick(stations);
    clock.jump(random.int(1, 30) * 60_000);
    const roll = random.next();
    if (roll < 0.6) {
      const onShift = station.core.clock.view().state === 'in';
      const result = await (onShift && random.next() < 0.3
        ? station.core.clock.takeBreak('window')
        : station.core.clock.toggle('window'));
      if (result.kind === 'done') station.made.push({ kind: result.outcome.punch.kind, at: result.outcome.punch.at });
    } else if (roll < 0.8) {
      background.push(station.core.clock.refresh());
    } else {
      await station.core.clock.sync();
    }
    for (const each of stations) checkTruthful(each, step);
  }

  await Promise.all(background);
  proxy.setEnabled(false);
  clock.jump(11_000); // past the undo time of the last punches
  for (const station of stations) {
    for (let round = 0; round < 5 && station.core.outbox.all().length > 0; round++) await station.core.clock.sync();
    await station.core.clock.refresh();
    checkTruthful(station, STEPS);
  }
  await proxy.close();

  const faults = Object.entries(proxy.counts).filter(([fault]) => fault !== 'pass');
  expect(faults.every(([, count]) => count > 0)).toBe(true);
  expect(mismatches).toEqual([]);
  expect(reconciled).toEqual([]);
  for (const station of stations) {
    expect(station.core.outbox.all()).toEqual([]);
    const expectedEvents: Array<[string, string | null]> = [];
    for (const punch of station.made) {
      if (punch.kind === 'clock-in') expectedEvents.push([punch.at, null]);
      else expectedEvents.at(-1)![1] = punch.at;
    }
    expect(serverEvents(station.employeeId).map((event) => [event.clockIn, event.clockOut])).toEqual(expectedEvents);
  }
  expect(stations.reduce((sum, station) => sum + station.made.length, 0)).toBeGreaterThan(120);
}, 180_000);
