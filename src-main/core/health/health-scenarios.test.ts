/**
 * The health watch against the real mock over HTTP, on a fake clock: scripted fault timelines,
 * counting exactly the notifications each should produce.
 */
import { beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { startFaultProxy } from '../../testing/fault-proxy.ts';
import { useMockServer } from '../../testing/mock-fixture.ts';
import { setupHealth, S, MIN, type HarnessOptions } from '../../testing/health-harness.ts';

const mock = useMockServer({ debtors: 50 });

const setup = (options: HarnessOptions = {}) => setupHealth(mock.server, options);
const down = (system: 'source' | 'target') => mock.control('PUT', `/systems/${system}`, { status: 'down' });
const up = (system: 'source' | 'target') => mock.control('PUT', `/systems/${system}`, { status: 'up' });

beforeEach(async () => {
  await mock.control('POST', '/reset');
});

describe('health scenarios against the real mock', () => {
  it('starts up quietly: no notification when everything is up', async () => {
    const h = setup();
    await h.runUntil(10 * MIN);
    expect(h.health.snapshot().source.state).toBe('up');
    expect(h.health.badge()).toBe('up');
    expect(h.notifications).toEqual([]);
  });

  it('notifies nothing for a 20-second blip', async () => {
    const h = setup();
    await h.at(60, () => down('target'));
    await h.at(80, () => up('target'));
    await h.runUntil(10 * MIN);
    expect(h.notifications).toEqual([]);
  });

  it('notifies a real outage within about 70 s, once, then its recovery with the duration', async () => {
    const h = setup();
    await h.at(100, () => down('target'));
    let notifiedAt: number | null = null;
    h.health.onNotification(() => (notifiedAt ??= h.clock.now()));
    await h.runUntil(100 + 70);
    expect(h.titles()).toEqual(['Payroll link is down']);
    expect(notifiedAt! - (h.clock.now() - 70 * S)).toBeLessThanOrEqual(70 * S);
    expect(h.health.badge()).toBe('down');
    expect(h.health.lines()[1]!.text).toMatch(/^Payroll link — down since \d\d:\d\d$/);
    await h.at(20 * MIN, () => up('target'));
    await h.runUntil(30 * MIN);
    expect(h.titles()).toEqual(['Payroll link is down', 'Payroll link recovered']);
    expect(h.notifications[1]!.body).toMatch(/^Back after 1[89] min/);
    // Short enough for a toast, what the app saw first, the environment last and once; nothing is
    // said of punches, since none waits (issue 46, point 1).
    const [downBody, recoveredBody] = h.notifications.map((notification) => notification.body);
    expect(downBody).toMatch(/^It has reported being down since \d\d:\d\d\. — Mock \(built-in\)$/);
    for (const body of [downBody!, recoveredBody!]) {
      expect(body.length).toBeLessThanOrEqual(120);
      expect(body.split('Mock (built-in)').length - 1).toBe(1);
    }
  });

  it('says what the app saw and what happens to a punch now: kept only when one really waits (issue 46, point 1)', async () => {
    const h = setup({
      waitingPunch: () => 'Clock-in at 08:02',
      // The source gives no answer at all; the target answers that it is down.
      probe: (system, real) =>
        system === 'source' ? Promise.resolve({ kind: 'fail', message: 'timed out', transport: true }) : real(),
    });
    await h.at(100, () => down('target'));
    await h.runUntil(100 + 70);
    expect(h.notifications.map((notification) => notification.body)).toEqual([
      'It has not answered since 08:00. Clock-in at 08:02 waits here until it can be sent. — Mock (built-in)',
      expect.stringMatching(/^It has reported being down since \d\d:\d\d\. Clock-in at 08:02 waits here/),
    ]);
    // While it is re-checked, a line says the system's own "down", never "not answering".
    const reported = setup();
    await reported.at(100, () => down('source'));
    await reported.runUntil(100 + 12);
    expect(reported.health.lines()[0]!.text).toMatch(/reports that it is down · re-checking/);
  });

  it('re-checks right before telling "down": a system back by then is told neither down nor recovered', async () => {
    // The target fails exactly the three checks that confirm an outage, and answers the next.
    let failuresLeft = 0;
    const h = setup({
      probe: (system, real) => {
        if (system !== 'target' || failuresLeft === 0) return real();
        failuresLeft--;
        return Promise.resolve({ kind: 'fail', message: 'HTTP 503' });
      },
    });
    await h.at(100, () => (failuresLeft = 3));
    await h.runUntil(100 + 10 * MIN);
    expect(failuresLeft).toBe(0);
    expect(h.health.status().log.map((entry) => entry.to)).toContain('down'); // confirmed, and shown as it was
    expect(h.notifications).toEqual([]);
    expect(h.health.badge()).toBe('up');
  });

  it('still tells an outage the re-check finds going on, with the moment it is told', async () => {
    const h = setup();
    await h.at(100, () => down('target'));
    await h.runUntil(100 + 90);
    expect(h.titles()).toEqual(['Payroll link is down']);
    expect(h.notifications[0]!.at).toBeGreaterThan(h.notifications[0]!.since!);
  });

  it('combines both systems going down together into one notification', async () => {
    const h = setup();
    await h.at(100, async () => {
      await down('source');
      await down('target');
    });
    await h.runUntil(5 * MIN);
    expect(h.titles()).toEqual(['Time recording and Payroll link are down']);
  });

  it('names one cause once: the gateway in front of both answering 503 is one notification, each recovery its own (issue 66, point 1)', async () => {
    // A gateway in front of the mock that answers 502 for everything while it fails.
    const failing = { unavailable: 0, badGateway: 1, dropAfterForwarding: 0, delayPastTimeout: 0, resetMidBody: 0, delayMs: 0 };
    const gateway = await startFaultProxy(mock.server.url, failing, 1);
    onTestFinished(() => gateway.close());
    gateway.setEnabled(false);
    const through = (url: string) => url.replace(new URL(mock.server.url).origin, gateway.url);
    const h = setupHealth({
      url: gateway.url,
      timeclockBaseUrl: through(mock.server.timeclockBaseUrl),
      debtorsBaseUrl: through(mock.server.debtorsBaseUrl),
    });
    await h.at(100, () => gateway.setEnabled(true));
    await h.at(10 * MIN, () => gateway.setEnabled(false));
    await h.runUntil(20 * MIN);
    const [down, ...recoveries] = h.notifications;
    expect(down!.title).toBe('Time recording and Payroll link are down');
    expect(down!.body).toMatch(/^The API gateway has answered HTTP 502 since \d\d:\d\d\. — Mock \(built-in\)$/);
    expect(down!.systems.sort()).toEqual(['source', 'target']);
    expect(recoveries.map((notification) => notification.title).sort()).toEqual([
      'Payroll link recovered',
      'Time recording recovered',
    ]);
  });

  it('tells two systems that each say they are down as two outages in one notification, not as one cause', async () => {
    const h = setup();
    await h.at(100, async () => {
      await down('source');
      await down('target');
    });
    await h.runUntil(5 * MIN);
    expect(h.notifications[0]!.body).toMatch(/^Both have reported being down since/);
  });

  it('holds a dependent’s outage while the system it needs is down, never its recovery (monitoring.dependsOn)', async () => {
    const h = setup({ preferences: ({ monitoring }) => void (monitoring.dependsOn = 'target-on-source') });
    await h.at(100, () => down('source'));
    await h.at(5 * MIN, () => down('target'));
    await h.runUntil(12 * MIN);
    expect(h.titles()).toEqual(['Time recording is down']);
    // The one it needs is back and the dependent is not: its own outage is told now.
    await h.at(15 * MIN, () => up('source'));
    await h.runUntil(20 * MIN);
    expect(h.titles()).toEqual(['Time recording is down', 'Time recording recovered', 'Payroll link is down']);
    await h.at(25 * MIN, () => up('target'));
    await h.runUntil(30 * MIN);
    expect(h.titles().at(-1)).toBe('Payroll link recovered');
    // Without IT's word, the same timeline tells the dependent apart at once.
    const apart = setup();
    await apart.at(100, () => down('source'));
    await apart.at(5 * MIN, () => down('target'));
    await apart.runUntil(12 * MIN);
    expect(apart.titles()).toEqual(['Time recording is down', 'Payroll link is down']);
  });

  it('tells the recovery of a dependent told under the system it needs, when both come back', async () => {
    const h = setup({ preferences: ({ monitoring }) => void (monitoring.dependsOn = 'target-on-source') });
    await h.at(100, () => down('source'));
    await h.at(5 * MIN, () => down('target'));
    await h.at(15 * MIN, async () => {
      await up('target');
      await up('source');
    });
    await h.runUntil(25 * MIN);
    expect(h.titles()[0]).toBe('Time recording is down');
    expect(h.titles().slice(1).sort()).toEqual(['Payroll link recovered', 'Time recording recovered']);
  });

  it('reminds hourly while down, and never more than once per system per 5 minutes', async () => {
    const h = setup();
    await h.at(100, () => down('source'));
    await h.runUntil(2 * 3600 + 200);
    expect(h.titles()).toEqual(['Time recording is down', 'Time recording is still down', 'Time recording is still down']);
    const times = h.notifications.map((notification) => notification.at);
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(60 * MIN * S);
  });

  it('says "unstable" once for a flapping system, and still tells every confirmed outage', async () => {
    const h = setup({ preferences: ({ monitoring }) => void (monitoring.reminderMinutes = 0) });
    for (let cycle = 0; cycle < 4; cycle++) {
      const base = 100 + cycle * 6 * 60;
      await h.at(base, () => down('target'));
      await h.at(base + 3 * 60, () => up('target'));
    }
    await h.runUntil(100 + 4 * 6 * 60);
    expect(h.titles().filter((title) => title === 'Payroll link is unstable')).toHaveLength(1);
    const toldFrom = h.notifications.at(-1)!.at;
    await h.at(40 * MIN, () => down('target'));
    await h.at(44 * MIN, () => up('target'));
    await h.runUntil(50 * MIN);
    const later = h.notifications.filter((notification) => notification.at > toldFrom).map((notification) => notification.title);
    expect(later).toEqual(['Payroll link is down', 'Payroll link recovered']);
    expect(h.titles().filter((title) => title === 'Payroll link is unstable')).toHaveLength(1);
  });

  it('waits as a 429 Retry-After says, without calling it down', async () => {
    const h = setup();
    await h.runUntil(60);
    await mock.control('PUT', '/systems/source', { rateLimit: { retryAfterSeconds: 120, remaining: 1 } });
    await h.runUntil(100);
    expect(h.health.snapshot().source.state).toBe('rate-limited');
    const next = h.health.snapshot().source.lastCheckedAt! + 120 * S;
    expect(h.clock.nextTimerAt()).not.toBeNull();
    expect(new Date(h.health.lines()[0]!.nextCheckAt!).getTime()).toBeGreaterThanOrEqual(next);
    await h.runUntil(5 * MIN);
    expect(h.health.snapshot().source.state).toBe('up');
    expect(h.notifications).toEqual([]);
  });

  it('calls it offline, not down, when both systems fail on our network in the same cycle', async () => {
    let networkDown = false;
    const h = setup({
      probe: async (_system, real) => (networkDown ? { kind: 'network', message: 'host name not found' } : real()),
    });
    await h.at(60, () => (networkDown = true));
    await h.runUntil(10 * MIN);
    expect(h.health.snapshot().source.state).toBe('offline');
    expect(h.health.badge()).toBe('unknown');
    networkDown = false;
    h.health.reset();
    await h.runUntil(11 * MIN);
    expect(h.health.snapshot().source.state).toBe('up');
    expect(h.notifications).toEqual([]);
  });

  it('believes the OS when it says there is no network', async () => {
    let online = true;
    const h = setup({ isOnline: () => online });
    await h.at(60, async () => {
      online = false;
      await down('source');
    });
    await h.runUntil(10 * MIN);
    expect(h.health.snapshot().source.state).toBe('offline');
    expect(h.notifications).toEqual([]);
  });

  it('resets after sleep (a timer hours late) and notifies nothing from the gap', async () => {
    const h = setup();
    await h.runUntil(2 * MIN);
    await down('target');
    h.clock.jump(3 * 3600 * S);
    await up('target');
    await h.runUntil(3 * 3600 + 5 * MIN);
    expect(h.health.snapshot().target.state).toBe('up');
    expect(h.notifications).toEqual([]);
  });

  it('notifies refused credentials once, pauses checks, and resumes when credentials change', async () => {
    let refuse = true;
    const h = setup({
      probe: async (_system, real) => (refuse ? { kind: 'auth', message: 'Refused the credentials (401).' } : real()),
    });
    await h.runUntil(30 * MIN);
    // Which check failed, in the title; what to do first in the body (issue 63, point 12).
    expect(h.titles()).toEqual([expect.stringMatching(/^(Time recording|Payroll link): credentials refused — checks paused$/)]);
    expect(h.notifications[0]!.body).toMatch(/^Check the client id and secret in Settings → Environments; /);
    expect(h.health.lines()[0]!.nextCheckAt).toBeNull();
    refuse = false;
    h.health.credentialsChanged();
    await h.runUntil(31 * MIN);
    expect(h.health.snapshot().source.state).toBe('up');
    expect(h.notifications).toHaveLength(1);
  });

  it('keeps quiet in quiet hours but still shows the state, and tells of an outage still going on after', async () => {
    const h = setup({
      preferences: ({ monitoring }) => {
        monitoring.quietHours = { enabled: true, start: '08:00', end: '08:30' };
        monitoring.reminderMinutes = 0;
      },
    });
    await h.at(5 * 60, () => down('source'));
    await h.runUntil(20 * MIN);
    expect(h.health.badge()).toBe('down');
    expect(h.notifications).toEqual([]);
    await h.runUntil(32 * MIN);
    expect(h.titles()).toEqual(['Time recording is down']);
  });

  it('tells nothing in a maintenance window IT set, says so in the status window, and tells an outage still going on after it', async () => {
    const local = (ms: number) => new Date(ms).toTimeString().slice(0, 5);
    const window = { from: '00:00', until: '00:00', weekdays: [0, 1, 2, 3, 4, 5, 6], title: '', reason: '' };
    const h = setup({
      preferences: ({ monitoring }) => {
        monitoring.maintenance = [window];
        monitoring.reminderMinutes = 0;
      },
    });
    // The window in this computer's local time, whatever its zone: from now for 30 minutes.
    Object.assign(window, { from: local(h.clock.now()), until: local(h.clock.now() + 30 * MIN * S) });
    expect(h.health.status().maintenanceUntil).not.toBeNull();
    await h.at(5 * 60, () => down('source'));
    await h.runUntil(20 * MIN);
    expect(h.health.badge()).toBe('down');
    expect(h.notifications).toEqual([]);
    await h.runUntil(32 * MIN);
    expect(h.health.status().maintenanceUntil).toBeNull();
    expect(h.titles()).toEqual(['Time recording is down']);
  });

  it('stays silent while notifications are paused', async () => {
    const h = setup();
    h.health.pauseNotifications(h.clock.now() + 3600 * S);
    await h.at(100, () => down('target'));
    await h.at(20 * MIN, () => up('target'));
    await h.runUntil(30 * MIN);
    expect(h.notifications).toEqual([]);
  });

  it('starts a new environment afresh', async () => {
    const h = setup();
    await h.at(100, () => down('source'));
    await h.runUntil(5 * MIN);
    h.health.environmentChanged();
    expect(h.health.snapshot().source.state).toBe('unknown');
    await h.runUntil(6 * MIN);
    expect(h.titles()).toEqual(['Time recording is down', 'Time recording is down']);
  });
});
