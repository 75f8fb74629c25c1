/**
 * The health watch beyond the status pages (issue 51), against the real mock over HTTP on a fake
 * clock: acknowledge is not mute, maintenance said ahead, slow as a trend, and the outage history
 * the helpdesk asks for.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { useMockServer } from '../../testing/mock-fixture.ts';
import { setupHealth, MIN, S, type HarnessOptions } from '../../testing/health-harness.ts';
import { memoryFile } from '../util/text-file.ts';
import { formatTimeOfDay } from '../../shared/moments.ts';
import type { Probe } from './health-types.ts';
import { monthLengthMs } from './uptime-target.ts';

const mock = useMockServer({ debtors: 5 });
const setup = (options: HarnessOptions = {}) => setupHealth(mock.server, options);
const down = (system: 'source' | 'target') => mock.control('PUT', `/systems/${system}`, { status: 'down' });
const up = (system: 'source' | 'target') => mock.control('PUT', `/systems/${system}`, { status: 'up' });
/** This computer's local "HH:MM" of a moment: maintenance windows are local time, in any zone. */
const local = (ms: number) => new Date(ms).toTimeString().slice(0, 5);
const everyDay = [0, 1, 2, 3, 4, 5, 6];
/** Hours of checks over real HTTP on the fake clock: about a second quiet, several on a busy machine. */
const HOURS_OF_CHECKS = { timeout: 30_000 };

beforeEach(async () => {
  await mock.control('POST', '/reset');
});

describe('acknowledging an outage ("I know") is not muting', HOURS_OF_CHECKS, () => {
  it('stops the reminders of that outage only; its recovery is told and clears it; the next outage reminds again', async () => {
    const h = setup({ more: { userName: () => 'jdoe' } });
    await h.at(100, () => down('target'));
    await h.runUntil(5 * MIN);
    expect(h.titles()).toEqual(['Payroll link is down']);
    expect(h.health.status().systems[1]!.outage).toMatchObject({ acknowledged: null });
    // The outage going on is acknowledged, with its note and the account that did it.
    expect(h.health.acknowledge('wrong')).toBe(true);
    expect(h.health.status().systems[0]!.outage).toBeNull();
    expect(h.health.status().systems[1]!.outage!.acknowledged).toMatch(/^acknowledged at \d\d:\d\d by jdoe: wrong$/);
    await h.runUntil(3 * 3600);
    expect(h.titles()).toEqual(['Payroll link is down']); // no "still down" for two hours
    await h.at(3 * 3600, () => up('target'));
    await h.runUntil(3 * 3600 + 5 * MIN);
    expect(h.titles()).toEqual(['Payroll link is down', 'Payroll link recovered']);
    expect(h.health.status().systems[1]!.outage).toBeNull();
    await h.at(4 * 3600, () => down('target'));
    await h.runUntil(5 * 3600 + 10 * MIN);
    expect(h.titles()).toEqual([
      'Payroll link is down',
      'Payroll link recovered',
      'Payroll link is down',
      'Payroll link is still down',
    ]);
  });

  it('acknowledges one system only when asked for it, and "Remind me again" brings its reminders back (issue 63, point 7)', async () => {
    const h = setup({ more: { userName: () => 'jdoe' } });
    await h.at(100, () => {
      down('target');
      down('source');
    });
    await h.runUntil(5 * MIN);
    expect(h.health.acknowledge('ticket', ['target'])).toBe(true);
    const outages = () => h.health.status().systems.map((system) => system.outage?.acknowledged ?? null);
    expect(outages()).toEqual([null, expect.stringMatching(/by jdoe: ticket$/)]);
    h.health.remindAgain('target');
    expect(outages()).toEqual([null, null]);
    await h.runUntil(3 * 3600);
    expect(h.titles().filter((title) => title.startsWith('Payroll link is still down')).length).toBeGreaterThan(0);
  });

  it('acknowledges nothing when nothing is down', async () => {
    const h = setup();
    await h.runUntil(2 * MIN);
    expect(h.health.acknowledge('ticket')).toBe(false);
  });
});

describe('planned maintenance said ahead', HOURS_OF_CHECKS, () => {
  it('shows the next window with its title and reason, tells it 15 minutes ahead when IT wants it, and says it during', async () => {
    const window = { from: '00:00', until: '00:00', weekdays: everyDay, title: 'Payroll link', reason: 'database upgrade' };
    const h = setup({
      preferences: ({ monitoring }) => {
        monitoring.maintenance = [window];
        monitoring.maintenanceNotice = true;
      },
    });
    // In 30 minutes, for an hour, in this computer's local time, whatever its zone.
    Object.assign(window, { from: local(h.clock.now() + 30 * MIN * S), until: local(h.clock.now() + 90 * MIN * S) });
    await h.runUntil(MIN);
    // When it begins, as this computer's formats write a time (12- or 24-hour), then what and why.
    const begins = new Date(h.clock.now() + 29 * MIN * S);
    begins.setSeconds(0, 0);
    expect(h.health.status().maintenanceNext).toBe(
      `${new Intl.DateTimeFormat(undefined, { weekday: 'long' }).format(begins)} ${formatTimeOfDay(begins.getTime())}–${formatTimeOfDay(begins.getTime() + 60 * MIN * S)} · Payroll link · database upgrade`,
    );
    expect(h.notifications).toEqual([]);
    await h.runUntil(16 * MIN);
    expect(h.titles()).toEqual([expect.stringMatching(/^Maintenance from /)]);
    expect(h.notifications[0]!.body).toMatch(/Payroll link · database upgrade\. No health notifications meanwhile/);
    await h.runUntil(40 * MIN);
    expect(h.titles()).toHaveLength(1); // once per window
    expect(h.health.summary()).toMatch(/ · maintenance until \d\d:\d\d$/);
    expect(h.health.lines()[0]!.maintenance).toMatch(/^maintenance until \d\d:\d\d · Payroll link · database upgrade$/);
    expect(h.health.status()).toMatchObject({ maintenanceNow: 'Payroll link · database upgrade' });
    await h.runUntil(100 * MIN);
    expect(h.health.lines()[0]!.maintenance).toBeNull();
  });

  it('says no window ahead of time unless IT asks for the notice', async () => {
    const window = { from: '00:00', until: '00:00', weekdays: everyDay, title: '', reason: '' };
    const h = setup({ preferences: ({ monitoring }) => void (monitoring.maintenance = [window]) });
    Object.assign(window, { from: local(h.clock.now() + 20 * MIN * S), until: local(h.clock.now() + 50 * MIN * S) });
    await h.runUntil(30 * MIN);
    expect(h.notifications).toEqual([]);
  });
});

describe('slow is a trend', HOURS_OF_CHECKS, () => {
  it('is never slow on one slow answer; two in the last 20 make the p95 slow, said with since when, and the chart knows the threshold', async () => {
    let slowLeft = 0;
    const h = setup({
      probe: async (system, real) => {
        const answer: Probe = await real();
        if (system !== 'source' || answer.kind !== 'ok') return answer;
        return { ...answer, latencyMs: slowLeft-- > 0 ? 3_000 : 120 };
      },
    });
    await h.runUntil(2 * MIN);
    slowLeft = 1;
    await h.runUntil(4 * MIN);
    expect(h.health.snapshot().source.state).toBe('up');
    slowLeft = 1;
    await h.runUntil(6 * MIN);
    expect(h.health.snapshot().source.state).toBe('degraded');
    const source = h.health.status().systems[0]!;
    expect(source.slowSince).toMatch(/^\d\d:\d\d$/);
    expect(source.slowMs).toBe(2_000);
    expect(h.notifications).toEqual([]);
    await h.runUntil(20 * MIN);
    expect(h.health.snapshot().source.state).toBe('up');
  });
});

describe('the outage history', HOURS_OF_CHECKS, () => {
  it('lists each outage with what the app told and when, the system’s words and the acknowledgement; daily uptime; a formula-safe CSV; kept across a restart', async () => {
    const file = memoryFile();
    let failing = false;
    const h = setup({
      more: { historyFile: () => file, userName: () => 'jdoe' },
      // The system's own words, as a server might send them: text a spreadsheet would run as a formula.
      probe: (system, real) =>
        system === 'target' && failing
          ? Promise.resolve({ kind: 'fail', message: '=HYPERLINK("x") maintenance', reported: true })
          : real(),
    });
    await h.at(100, () => (failing = true));
    await h.runUntil(2 * 3600);
    h.health.acknowledge('IT ticket 4711');
    await h.at(2 * 3600 + 60, () => (failing = false));
    await h.runUntil(2 * 3600 + 10 * MIN);
    const [outage] = h.health.status().outages;
    expect(outage).toMatchObject({ system: 'target', label: 'Payroll link', words: expect.stringContaining('HYPERLINK') });
    expect(outage!.told).toMatch(/^down at \d\d?:\d\d.*; reminder at .*; back at /);
    expect(outage!.acknowledged).toMatch(/by jdoe: IT ticket 4711$/);
    expect(outage!.end).not.toBeNull();
    const target = h.health.status().systems[1]!;
    expect(target.dailyUptime.length).toBeGreaterThan(0);
    const uptime = target.dailyUptime.reduce((sum, day) => sum + (day.uptime ?? 0), 0) / target.dailyUptime.length;
    expect(uptime).toBeLessThan(1);
    const csv = h.health.outagesCsv();
    expect(csv.split('\r\n')[0]).toBe(
      "\uFEFFSystem,Began,Ended,Minutes,Notifications,The system's words,Acknowledged,Uptime this month (%),Target (%),Downtime still allowed (min)",
    );
    expect(csv).toContain(`,"'=HYPERLINK(""x"") maintenance",`);
    await h.health.flush();
    const again = setup({ more: { historyFile: () => file } });
    expect(again.health.status().outages).toHaveLength(1);
  });

  it('shows this month against IT’s uptime target with the downtime still allowed, in the status window and the CSV (issue 66, point 4)', async () => {
    const h = setup({ preferences: ({ monitoring }) => void (monitoring.uptimeTarget = { source: '', target: '99,5' }) });
    await h.at(100, () => down('target'));
    await h.at(100 + 2 * 3600, () => up('target'));
    await h.runUntil(3 * 3600);
    const [source, target] = h.health.status().systems;
    expect(source!.target).toBeNull();
    // 0.5 % of the month (3 h 36 min of a 30-day November, an hour's share more where its clocks change); about two hours were down.
    const figures = target!.target!;
    expect(figures).toMatchObject({ target: 0.995, allowedMs: Math.round(0.005 * monthLengthMs(h.clock.now())) });
    expect(figures.downMs).toBeGreaterThan(115 * MIN * S);
    expect(figures.downMs).toBeLessThan(125 * MIN * S);
    expect(figures.leftMs).toBe(figures.allowedMs - figures.downMs);
    expect(figures.uptime).toBeCloseTo(1 - figures.downMs / (3 * 3600 * S - 10 * S), 1);
    const row = h.health.outagesCsv().split('\r\n')[1]!.split(',');
    expect(row.slice(-3)).toEqual([
      String(Math.round(figures.uptime! * 10_000) / 100),
      '99.5',
      String(Math.round(figures.leftMs / 60_000)),
    ]);
    // Missed: more down than allowed is said as a negative allowance.
    await h.at(4 * 3600, () => down('target'));
    await h.runUntil(6 * 3600);
    expect(h.health.status().systems[1]!.target!.leftMs).toBeLessThan(0);
  });
});
