/**
 * Issue 66, point 5: the status page IT runs, read at a polite interval apart from the checks —
 * against a server that answers as each API's documentation says, or is down, slow, huge or
 * malformed. The watch never waits on it, and a page that fails is read less often, not in a loop.
 */
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createFakeClock } from '../../testing/fake-clock.ts';
import { setupHealth, MIN, S } from '../../testing/health-harness.ts';
import { useMockServer } from '../../testing/mock-fixture.ts';
import {
  startStatusPageServer,
  statuspageSummary,
  uptimeKumaStatusPage,
  type StatusPageServer,
} from '../../testing/status-pages.ts';
import { createStatusPageWatch, type StatusPageWatchOptions } from './status-page-watch.ts';

const mock = useMockServer({ debtors: 5 });
const servers: StatusPageServer[] = [];
beforeEach(async () => {
  await mock.control('POST', '/reset');
});
afterAll(() => Promise.all(servers.map((server) => server.close())));
const serve = async (...args: Parameters<typeof startStatusPageServer>) => {
  const server = await startStatusPageServer(...args);
  servers.push(server);
  return server;
};
const watchOf = (server: StatusPageServer, more: Partial<StatusPageWatchOptions> = {}) => {
  const clock = createFakeClock();
  const watch = createStatusPageWatch({
    time: clock,
    url: () => server.url,
    minutes: () => 5,
    fetch,
    random: () => 0.5,
    ...more,
  });
  return { clock, watch };
};

describe('reading the status page', () => {
  it('keeps what was read when a later read fails, says why, and reads less often each time, up to an hour', async () => {
    const server = await serve({ kind: 'json', body: statuspageSummary('127.0.0.1') });
    const { clock, watch } = watchOf(server);
    watch.start();
    await watch.readNow();
    expect(watch.state()).toMatchObject({ problem: null, readAt: clock.now(), published: { name: 'Acme Services' } });
    expect(clock.nextTimerAt()! - clock.now()).toBe(5 * MIN * S);
    const readAt = clock.now();
    server.set({ kind: 'status', status: 502 });
    const waits: number[] = [];
    for (let failure = 1; failure <= 6; failure++) {
      clock.jump(60 * S);
      await watch.readNow();
      waits.push((clock.nextTimerAt()! - clock.now()) / (MIN * S));
    }
    expect(watch.state()).toMatchObject({ problem: 'status', status: 502, readAt, published: { name: 'Acme Services' } });
    expect(waits).toEqual([10, 20, 40, 60, 60, 60]);
    server.set({ kind: 'json', body: statuspageSummary('127.0.0.1') });
    await watch.readNow();
    expect(watch.state()?.problem).toBeNull();
    expect(clock.nextTimerAt()! - clock.now()).toBe(5 * MIN * S);
    watch.stop();
  });

  it('says a page that is slow, huge, not JSON, not a status page or gone, each as it is', async () => {
    // Slow is slower than its timeout by far: on a busy machine the others get all the time they need.
    const cases = [
      [{ kind: 'slow', ms: 60_000 }, 'timeout'],
      [{ kind: 'huge', bytes: 200_000 }, 'too-large'],
      [{ kind: 'text', body: '<html>Sign in</html>' }, 'not-json'],
      [{ kind: 'json', body: { status: 'UP' } }, 'unknown-shape'],
    ] as const;
    for (const [behaviour, problem] of cases) {
      const server = await serve(behaviour);
      const { watch } = watchOf(server, { timeoutMs: behaviour.kind === 'slow' ? 500 : 20_000, maxBytes: 64 * 1024 });
      await watch.readNow();
      expect(watch.state()).toMatchObject({ problem, published: null, readAt: null });
    }
    const gone = await serve({ kind: 'json', body: {} });
    await gone.close();
    const { watch } = watchOf(gone, { timeoutMs: 20_000 });
    await watch.readNow();
    expect(watch.state()?.problem).toBe('unreachable');
  });

  it('reads nothing while IT names no page', async () => {
    const server = await serve({ kind: 'json', body: statuspageSummary('127.0.0.1') });
    const { watch } = watchOf(server, { url: () => '' });
    await watch.readNow();
    expect(watch.state()).toBeNull();
    expect(server.requests).toBe(0);
  });
});

describe('the status page in the health watch', () => {
  it('tells each published incident once, and shows the page in the status window', async () => {
    const server = await serve({ kind: 'json', body: statuspageSummary('127.0.0.1') });
    const { watch } = watchOf(server);
    const h = setupHealth(mock.server, { more: { statusPage: watch } });
    await watch.readNow();
    await watch.readNow();
    expect(h.notifications.map((notification) => [notification.title, notification.body])).toEqual([
      [
        'Published: Clock-ins delayed',
        'The database failover is running; punches are queued and will be recorded. — Acme Services',
      ],
    ]);
    const published = h.health.status().published!;
    expect(published).toMatchObject({ name: 'Acme Services', summary: 'Partial System Outage', problem: null });
    expect(published.incidents[0]).toMatchObject({ title: 'Clock-ins delayed', status: 'identified', updated: '08:30' });
    expect(published.maintenances[0]).toMatchObject({ title: 'Payroll database upgrade', now: false });
  });

  it('takes a maintenance it publishes as under way as a maintenance window: no alarm inside, an outage going on after it told then', async () => {
    const server = await serve({ kind: 'json', body: uptimeKumaStatusPage() });
    const { watch } = watchOf(server);
    const h = setupHealth(mock.server, { more: { statusPage: watch } });
    await watch.readNow();
    h.notifications.length = 0; // its incident, told
    await h.at(100, () => mock.control('PUT', '/systems/target', { status: 'down' }));
    await h.runUntil(10 * MIN);
    expect(h.titles()).toEqual([]);
    expect(h.health.lines()[1]!.maintenance).toBe('maintenance until 09:00 · Network maintenance');
    server.set({ kind: 'json', body: { ...uptimeKumaStatusPage(), maintenanceList: [] } });
    await watch.readNow();
    await h.runUntil(12 * MIN);
    expect(h.titles()).toEqual(['Payroll link is down']);
  });

  it('never waits on the page: checks and views answer while a read hangs', async () => {
    const server = await serve({ kind: 'slow', ms: 30_000 });
    const { watch } = watchOf(server, { timeoutMs: 30_000 });
    const h = setupHealth(mock.server, { more: { statusPage: watch } });
    const reading = watch.readNow();
    const lines = await h.health.checkNow();
    expect(lines.map((line) => line.state)).toEqual(['up', 'up']);
    expect(h.health.status().published).toBeNull();
    await server.close();
    await reading;
  });
});
