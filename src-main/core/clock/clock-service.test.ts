/** Clocking in and out against the real mock, with its faults, on a fake clock. */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { localDayKey } from '../../shared/moments.ts';
import type { ClockedTimeEvent } from '../../shared/api/types.ts';
import { createFakeClock, runClockUntil, type FakeClock } from '../../testing/fake-clock.ts';
import { demoHeaders, useMockServer } from '../../testing/mock-fixture.ts';
import { createTestCore } from '../../testing/test-core.ts';
import type { AppCore } from '../app-core.ts';

/** The moment every test starts at; the mock and the core share one fake clock from it. */
const START = Date.parse('2026-11-23T08:02:00Z');
let clock: FakeClock = createFakeClock(START);
/** How far the service's clock (its Date header, its seeded history) stands from this computer's. */
let serviceSkewMs = 0;
const mock = useMockServer({ debtors: 10, now: () => clock.now() + serviceSkewMs });
const hhmm = (ms: number) => new Date(ms).toISOString().slice(11, 16);

interface Setup {
  core: AppCore;
  clock: FakeClock;
  notifications: string[];
  /** Events the mock holds for the employee. */
  events(): ClockedTimeEvent[];
  runFor(seconds: number): Promise<void>;
}

async function setup(
  employeeId = 'E1002',
  dataDir = mkdtempSync(join(tmpdir(), 'timeclock-clock-')),
  undoSeconds = 0,
): Promise<Setup> {
  const core = createTestCore(mock.server, { time: clock, formatTime: hhmm, dataDir, undoSeconds });
  core.environments.save({ ...core.environments.get('mock')!.environment, employeeId });
  const notifications: string[] = [];
  core.clock.onNotification((notification) => notifications.push(`${notification.title} | ${notification.body}`));
  core.clock.start();
  await core.clock.refresh();
  return {
    core,
    clock,
    notifications,
    events: () => mock.server.control.timeclock.events().filter((event) => event.employeeId === employeeId),
    runFor: (seconds) => runClockUntil(clock, clock.now() + seconds * 1000, () => core.clock.flush()),
  };
}
const serviceDown = () => mock.control('PUT', '/services/timeclock', { unavailable: true });
const serviceUp = () => mock.control('PUT', '/services/timeclock', { unavailable: false, replyDelayMs: 0, latencyMs: 0 });

/** A fresh clock at `start`, and the mock's data seeded afresh relative to it. */
async function startAt(start: number): Promise<void> {
  clock = createFakeClock(start);
  serviceSkewMs = 0;
  await mock.control('POST', '/reset');
}

beforeEach(() => startAt(START));

describe('clocking in and out', () => {
  it('clocks in with one click, says so with the time, and shows the time since', async () => {
    const { core, notifications, events, clock } = await setup();
    expect(core.clock.view()).toMatchObject({ state: 'out', action: 'clock-in', headline: 'Clocked out' });
    await core.clock.toggle('window');
    expect(events()).toEqual([expect.objectContaining({ clockIn: '2026-11-23T08:02:00.000Z', clockOut: null })]);
    expect(notifications).toEqual(['Clocked in at 08:02 | Recorded by the timeclock service of Mock (built-in).']);
    clock.jump((3 * 60 + 12) * 60_000);
    expect(core.clock.view()).toMatchObject({
      state: 'in',
      action: 'clock-out',
      headline: 'Clocked in since 08:02 · 3 h 12 min',
      pending: [],
    });
  });

  it('clocks out and says how long was worked', async () => {
    const { core, notifications, events, clock } = await setup();
    await core.clock.toggle('window');
    clock.jump(8.5 * 3_600_000);
    await core.clock.toggle('window');
    expect(events()[0]).toMatchObject({ clockOut: '2026-11-23T16:32:00.000Z' });
    expect(notifications[1]).toBe('Clocked out at 16:32 | Worked 8 h 30 min since 08:02.');
    expect(core.clock.view()).toMatchObject({ state: 'out', headline: 'Clocked out since 16:32' });
  });

  it('does nothing twice on a double click', async () => {
    const { core, events } = await setup();
    const [first, second] = await Promise.all([core.clock.toggle('window'), core.clock.toggle('window')]);
    expect(first.kind).toBe('done');
    expect(second).toEqual({ kind: 'ignored', reason: 'A punch is already being sent.' });
    expect(events()).toHaveLength(1);
  });
});

describe('never lose a punch', () => {
  it('keeps a punch made while the service is down, shows it pending, and sends it when the service is back', async () => {
    const { core, notifications, events, runFor } = await setup();
    await serviceDown();
    await core.clock.toggle('window');
    expect(events()).toEqual([]);
    expect(core.clock.view()).toMatchObject({
      state: 'in',
      headline: 'Clocked in since 08:02 · just now',
      pending: [{ text: 'Clock-in at 08:02 pending sync' }],
    });
    expect(notifications[0]).toMatch(
      /^Clock-in at 08:02 saved — not sent yet \| The timeclock service failed \(503\)\. Kept here; sent by itself when the service answers\.$/,
    );
    await serviceUp();
    await runFor(60);
    expect(events()).toEqual([expect.objectContaining({ clockIn: '2026-11-23T08:02:00.000Z' })]);
    expect(core.clock.view().pending).toEqual([]);
    expect(notifications.at(-1)).toBe('Clock-in at 08:02 sent | It was waiting and is now recorded by the timeclock service.');
  });

  it('replays offline punches in order: a clock-out waits for its clock-in and closes that event', async () => {
    const { core, clock, events, runFor } = await setup();
    await serviceDown();
    await core.clock.toggle('window');
    clock.jump(4 * 3_600_000);
    await core.clock.toggle('window');
    expect(core.clock.view()).toMatchObject({
      state: 'out',
      pending: [{ text: 'Clock-in at 08:02 pending sync' }, { text: 'Clock-out at 12:02 pending sync' }],
    });
    await serviceUp();
    await runFor(120);
    expect(events()).toEqual([
      expect.objectContaining({ clockIn: '2026-11-23T08:02:00.000Z', clockOut: '2026-11-23T12:02:00.000Z' }),
    ]);
    expect(core.outbox.all()).toEqual([]);
  });

  it('survives a restart with punches still waiting, and sends them then', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'timeclock-restart-'));
    const first = await setup('E1002', dataDir);
    await serviceDown();
    await first.core.clock.toggle('window');
    await serviceUp();
    const second = await setup('E1002', dataDir);
    expect(second.core.outbox.all()).toHaveLength(1);
    await second.core.clock.sync();
    expect(second.events()).toHaveLength(1);
  });

  it('quitting right after a punch was answered leaves nothing waiting for the next start', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'timeclock-quit-'));
    const first = await setup('E1002', dataDir);
    expect(await first.core.clock.toggle('window')).toMatchObject({ kind: 'done', outcome: { kind: 'synced' } });
    first.core.clock.stop(); // the app quits in the same turn: the settled punch is written now, not after it
    const waiting = readFileSync(join(dataDir, 'outbox.json'), 'utf8').trim().split('\n').slice(1);
    expect(waiting).toEqual([]);
    expect(first.events()).toHaveLength(1);
  });
});

describe('never duplicate a punch', () => {
  it('reads the last event before retrying when the request landed but the answer was lost', async () => {
    const { core, events, runFor } = await setup();
    core.settings.updatePreferences({ network: { requestTimeoutSeconds: 1 } });
    await mock.control('PUT', '/services/timeclock', { replyDelayMs: 3_000 });
    await core.clock.toggle('window');
    expect(events()).toHaveLength(1);
    expect(core.outbox.all()[0]).toMatchObject({
      attempts: 1,
      lastError: expect.stringContaining('did not answer clock-in in time'),
    });
    await serviceUp();
    await runFor(60);
    expect(events()).toHaveLength(1);
    expect(core.outbox.all()).toEqual([]);
    expect(core.clock.view()).toMatchObject({ state: 'in' });
  });
});

describe('reconciling with the server', () => {
  const otherDevice = (path: string, method: string, body: unknown) =>
    fetch(`${mock.server.timeclockBaseUrl}${path}`, {
      method,
      headers: { ...demoHeaders, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('says plainly when the server already has you clocked in (elsewhere), and adds nothing', async () => {
    const { core, notifications, events } = await setup();
    await otherDevice('/clockedTimeEvents', 'POST', { employeeId: 'E1002', clockIn: '2026-11-23T07:55:00Z' });
    await core.clock.toggle('window');
    expect(events()).toHaveLength(1);
    expect(notifications).toEqual([
      'You were already clocked in | The timeclock service already has you clocked in since 07:55; your clock-in at 08:02 was not added.',
    ]);
    expect(core.clock.view()).toMatchObject({ state: 'in', headline: 'Clocked in since 07:55 · 7 min' });
  });

  it("after a 429 on a clock-in, shows the service's state once it answers: another device had clocked in", async () => {
    const { core, events, runFor } = await setup();
    await otherDevice('/clockedTimeEvents', 'POST', { employeeId: 'E1002', clockIn: '2026-11-23T07:55:00Z' });
    await mock.control('PUT', '/services/timeclock', { rateLimit: { retryAfterSeconds: 1, remaining: 2 } });
    await core.clock.toggle('window');
    await runFor(5 * 60);
    expect(events()).toHaveLength(1);
    expect(core.clock.view()).toMatchObject({ state: 'in', since: '2026-11-23T07:55:00.000Z', pending: [], stopped: [] });
  });

  it('says plainly when the server already has you clocked out', async () => {
    const { core, notifications, clock, events } = await setup();
    await core.clock.toggle('window');
    await otherDevice(`/clockedTimeEvents/${events()[0]!.id}`, 'PATCH', { clockOut: '2026-11-23T12:00:00Z' });
    clock.jump(5 * 3_600_000);
    await core.clock.toggle('window');
    expect(notifications.at(-1)).toBe(
      'You were already clocked out | The timeclock service already had you clocked out at 12:00; your clock-out at 13:02 was not needed.',
    );
    expect(events()[0]!.clockOut).toBe('2026-11-23T12:00:00.000Z');
  });

  it('says it in German for a German user', async () => {
    const { core, notifications } = await setup();
    core.settings.updatePreferences({ general: { language: 'de' } });
    await otherDevice('/clockedTimeEvents', 'POST', { employeeId: 'E1002', clockIn: '2026-11-23T07:55:00Z' });
    await core.clock.toggle('window');
    expect(notifications.at(-1)).toMatch(
      /\| Der Stempeldienst hat Sie bereits seit 07:55 eingestempelt; Ihre Einstempelung um 08:02 wurde nicht hinzugefügt\.$/,
    );
  });
});

describe('refusals', () => {
  it("shows the server's own words for an unknown employee, keeps a refused punch visible, and lets the user discard it", async () => {
    const { core, notifications } = await setup('E9999');
    expect(core.clock.view()).toMatchObject({
      state: 'unknown',
      action: 'clock-in',
      problem:
        'The timeclock service of Mock (built-in) answered “not found” (404) for employee E9999. It said: “No employee with id E9999.” If that is not your employee id, correct it in Settings.',
    });
    await core.clock.toggle('window');
    const view = core.clock.view();
    expect(view.stopped).toEqual([
      expect.objectContaining({
        text: 'Clock-in at 08:02 refused',
        reason: expect.stringContaining('No employee with id E9999.'),
        actions: ['retry', 'discard'],
      }),
    ]);
    expect(notifications[0]).toMatch(
      /^Clock-in at 08:02 was not recorded \| The timeclock service .+\. In the panel: try again or discard it\.$/,
    );
    core.clock.discard(view.stopped[0]!.id);
    expect(core.clock.view().stopped).toEqual([]);
  });

  it('does not clock out when nobody is clocked in', async () => {
    const { core } = await setup();
    expect(await core.clock.clockOut('window')).toEqual({ kind: 'ignored', reason: 'You are not clocked in.' });
  });
});

describe('reminders and sleep', () => {
  it('reminds once after a long shift, then at most hourly', async () => {
    const { core, notifications, runFor } = await setup();
    core.clock.start();
    await core.clock.toggle('window');
    await runFor(10 * 3600 + 30 * 60);
    expect(notifications.filter((text) => text.startsWith('Still clocked in after'))).toEqual([
      'Still clocked in after 10 h | Since 08:02. If you are done for the day, clock out from the tray.',
    ]);
    await runFor(3600);
    expect(notifications.filter((text) => text.startsWith('Still clocked in after'))).toHaveLength(2);
    core.clock.stop();
  });

  it('asks after a long sleep while clocked in, and clocks out at the moment sleep began only if told to', async () => {
    const { core, clock, events, notifications } = await setup();
    await core.clock.toggle('window');
    const sleptAt = clock.now() + 4 * 3_600_000;
    clock.jump(6 * 3_600_000);
    core.clock.resumed(sleptAt);
    expect(core.clock.view().sleepPrompt).toEqual({
      from: '2026-11-23T12:02:00.000Z',
      to: '2026-11-23T14:02:00.000Z',
      question: 'This computer slept from 12:02 to 14:02 while you were clocked in.',
      evidence: null,
    });
    expect(notifications.at(-1)).toMatch(/^You were away for 2 h \| Still clocked in\. Clock out at 12:02/);
    expect(events()[0]!.clockOut).toBeNull();
    await core.clock.answerSleepPrompt('clock-out-at-sleep');
    expect(events()[0]!.clockOut).toBe('2026-11-23T12:02:00.000Z');
    expect(core.clock.view().sleepPrompt).toBeNull();
  });

  it('offers to fix a forgotten clock-out after the long-shift limit, and checks the time chosen', async () => {
    const { core, clock, events } = await setup();
    await core.clock.toggle('window');
    const clockedInAt = clock.now();
    clock.jump(5 * 3_600_000);
    expect(core.clock.view().forgotten).toBeNull();
    clock.jump(6 * 3_600_000); // 11 h: past the default 10-hour limit
    expect(core.clock.view().forgotten).toEqual({
      since: new Date(clockedInAt).toISOString(),
      suggestedAt: new Date(clockedInAt + 8 * 3_600_000).toISOString(),
      latest: new Date(clock.now()).toISOString(),
    });
    expect(await core.clock.clockOutAt(clock.now() + 60_000)).toMatchObject({
      kind: 'ignored',
      reason: expect.stringMatching(/has not come yet/),
    });
    expect(await core.clock.clockOutAt(clockedInAt - 3_600_000)).toMatchObject({
      kind: 'ignored',
      reason: expect.stringMatching(/^You clocked in at .+: choose a later time\.$/),
    });
    expect(await core.clock.clockOutAt(Number.NaN)).toMatchObject({ kind: 'ignored' });
    expect(await core.clock.clockOutAt(clockedInAt + 3_600_000, 'x'.repeat(201))).toMatchObject({
      kind: 'ignored',
      reason: 'Keep the reason to 200 characters.',
    });
    expect(events()[0]!.clockOut).toBeNull();
    expect(core.clock.view().hours.trace.entries).toEqual([]);
    await core.clock.clockOutAt(clockedInAt + 8 * 3_600_000 + 30_000, '  forgot, left at 16:00  ');
    expect(events()[0]!.clockOut).toBe(new Date(clockedInAt + 8 * 3_600_000 + 30_000).toISOString());
    expect(core.clock.view()).toMatchObject({ state: 'out', forgotten: null });
    // The correction is traced: which shift, its new end, when, by whom, and why.
    const { trace } = core.clock.view().hours;
    expect(trace.problem).toBeNull();
    expect(trace.entries).toEqual([
      expect.objectContaining({
        seq: 1,
        day: localDayKey(clockedInAt), // the day of the shift it corrects
        // In this computer's zone, whatever it is (8:02 and 16:02 UTC): the end with its day when that is another.
        text: expect.stringMatching(/^Clock-out set afterwards: shift from \d{1,2}:\d\d [AP]M to \d{1,2}:\d\d [AP]M( on .+)?$/),
        reason: 'Reason: forgot, left at 16:00',
        made: expect.stringMatching(/^Made at .+ by E\d+$/),
      }),
    ]);
  });

  it('says in a short sentence whether the service is out of reach or its answer unusable', async () => {
    const { core } = await setup();
    mock.server.control.setService('timeclock', { unavailable: true });
    try {
      await core.clock.refresh();
      expect(core.clock.view().problemSummary).toBe("The timeclock service can't be reached right now.");
    } finally {
      mock.server.control.setService('timeclock', { unavailable: false });
    }
    await core.clock.refresh();
    expect(core.clock.view().problemSummary).toBeNull();
  });

  it('asks the same after a long locked screen, in its own words', async () => {
    const { core, clock } = await setup();
    await core.clock.toggle('window');
    clock.jump(3 * 3_600_000);
    core.clock.resumed(clock.now() - 2 * 3_600_000, 'locked');
    expect(core.clock.view().sleepPrompt?.question).toMatch(/^The screen was locked from .+ to .+ while you were clocked in\.$/);
  });

  it('changes nothing when told to stay clocked in', async () => {
    const { core, clock, events } = await setup();
    await core.clock.toggle('window');
    clock.jump(3 * 3_600_000);
    core.clock.resumed(clock.now() - 2 * 3_600_000);
    await core.clock.answerSleepPrompt('stay-clocked-in');
    expect(events()[0]!.clockOut).toBeNull();
    expect(core.clock.view()).toMatchObject({ state: 'in', sleepPrompt: null });
  });
});

describe('the question after sleep', () => {
  it('is not asked when the sleep began before the clock-in', async () => {
    const { core, clock } = await setup();
    await core.clock.toggle('window');
    clock.jump(3 * 3_600_000);
    core.clock.resumed(clock.now() - 4 * 3_600_000);
    expect(core.clock.view().sleepPrompt).toBeNull();
  });
});

describe('integrity when punches, refreshes and employees interleave', () => {
  it('after a backlog is sent, shows the newest shift and closes that one, not the first', async () => {
    const { core, clock, events, runFor } = await setup();
    await serviceDown();
    await core.clock.toggle('window'); // A: in, offline
    clock.jump(60 * 60_000);
    await core.clock.toggle('window'); // B: out, offline
    await serviceUp();
    clock.jump(30 * 60_000);
    await core.clock.toggle('window'); // C: in, with A and B still ahead of it in the outbox
    await runFor(120);
    expect(core.outbox.all()).toEqual([]);
    expect(core.clock.view()).toMatchObject({ state: 'in', headline: 'Clocked in since 09:32 · 2 min' });
    clock.jump(60 * 60_000);
    await core.clock.toggle('window');
    expect(events().map(({ clockIn, clockOut }) => [clockIn, clockOut])).toEqual([
      ['2026-11-23T08:02:00.000Z', '2026-11-23T09:02:00.000Z'],
      ['2026-11-23T09:32:00.000Z', '2026-11-23T10:34:00.000Z'],
    ]);
  });

  it("never shows another employee's punch as this employee's state, nor lets a click close it", async () => {
    const { core, runFor } = await setup('E1007');
    await serviceDown();
    await core.clock.toggle('window'); // E1007 clocks in, offline
    core.environments.save({ ...core.environments.get('mock')!.environment, employeeId: 'E1008' });
    core.clock.environmentChanged();
    await serviceUp();
    await runFor(120);
    // Only what this test made: both employees have seeded history from before.
    const eventsOf = (id: string) =>
      mock.server.control.timeclock.events().filter((event) => event.employeeId === id && event.clockIn >= '2026-11-23');
    expect(eventsOf('E1007')).toEqual([expect.objectContaining({ clockOut: null })]);
    await core.clock.refresh();
    expect(core.clock.view()).toMatchObject({ employeeId: 'E1008', state: 'out' });
    await core.clock.toggle('window'); // E1008 clocks in: their own event, E1007's stays open
    expect(eventsOf('E1008')).toEqual([expect.objectContaining({ clockOut: null })]);
    expect(eventsOf('E1007')).toEqual([expect.objectContaining({ clockOut: null })]);
  });

  it('recognises its own punch by the exact instant: in, out, in within a second, the third cut off, is still sent', async () => {
    const { core, events, runFor } = await setup();
    await core.clock.toggle('window');
    await core.clock.toggle('window');
    await serviceDown();
    await core.clock.toggle('window'); // the same second on the clock; recorded a second later than the last punch
    await serviceUp();
    await runFor(120);
    expect(events().map(({ clockIn, clockOut }) => [clockIn, clockOut])).toEqual([
      ['2026-11-23T08:02:00.000Z', '2026-11-23T08:02:01.000Z'],
      ['2026-11-23T08:02:02.000Z', null],
    ]);
    expect(core.clock.view()).toMatchObject({ state: 'in', pending: [] });
  });

  it('never lets a refresh answered after a punch overwrite it', async () => {
    const { core } = await setup();
    await mock.control('PUT', '/services/timeclock', { replyDelayMs: 1_200 });
    const slowRefresh = core.clock.refresh(); // read now ("out"), answered in 1.2 s
    await new Promise((resolve) => setTimeout(resolve, 150));
    await serviceUp();
    await core.clock.toggle('window');
    expect(core.clock.view().state).toBe('in');
    await slowRefresh;
    expect(core.clock.view()).toMatchObject({ state: 'in', pending: [] });
  });

  it("refuses a click whose time is before the last punch (the computer's clock went back) and says so", async () => {
    const { core, clock, events } = await setup();
    await core.clock.toggle('window');
    clock.jump(-60 * 60_000);
    expect(await core.clock.toggle('window')).toEqual({
      kind: 'ignored',
      reason:
        "Check this computer's date and time, then try again: it says 07:02, before your last punch at 08:02, and the timeclock service could not tell a later time.",
    });
    expect(events()).toEqual([expect.objectContaining({ clockOut: null })]);
    expect(core.outbox.all()).toEqual([]);
  });

  it.each([
    ['a day', 24 * 3_600_000],
    ['ten minutes', 10 * 60_000],
  ])(
    "retries a punch within seconds when the computer's clock went back %s between two failures (issue 45, point 13)",
    async (_, backMs) => {
      const { core, clock, events, runFor } = await setup();
      await serviceDown();
      await core.clock.toggle('window'); // the first try fails: it waits 5 s
      expect(core.outbox.all()).toHaveLength(1);
      clock.jump(-backMs); // someone sets the date back
      await runFor(6); // the second try, 5 s later by the clock that only moves forward, fails too
      const [waiting] = core.outbox.all();
      expect(waiting!.lastError).toMatch(/failed on reading the last clocked time event/); // the second try was made
      // Its next try is reckoned from now, not from before the jump.
      expect(waiting!.nextAttemptAt! - clock.now()).toBeLessThanOrEqual(16_500);
      expect(clock.nextTimerAt()! - clock.now()).toBeLessThanOrEqual(16_500);
      await serviceUp();
      await runFor(20);
      expect(core.outbox.all()).toEqual([]);
      expect(events()).toHaveLength(1);
    },
  );

  it("clocks out at the service's time when only this computer's clock went back: it asks the service first", async () => {
    const { core, clock, events } = await setup();
    await core.clock.toggle('window');
    clock.jump(30 * 60_000);
    // This computer's clock is set back an hour, behind the clock-in; the service's is not.
    clock.jump(-3_600_000);
    serviceSkewMs = 3_600_000;
    const action = await core.clock.toggle('window');
    expect(action).toMatchObject({ kind: 'done', outcome: { kind: 'synced' } });
    expect(events()).toEqual([
      expect.objectContaining({ clockIn: '2026-11-23T08:02:00.000Z', clockOut: '2026-11-23T08:32:00.000Z' }),
    ]);
    expect(core.clock.view()).toMatchObject({
      state: 'out',
      headline: 'Clocked out since 08:32',
      clockWarning: "This computer's clock is 1 h behind; your clock-out was recorded at 08:32 service time.",
    });
  });
});

describe("the computer's clock against the service's", () => {
  it('says plainly when they disagree by more than a couple of minutes', async () => {
    serviceSkewMs = -(3 * 60 + 10) * 60_000; // the service's clock reads 3 h 10 min earlier
    const { core } = await setup();
    expect(core.clock.view().clockWarning).toBe(
      "This computer's clock is 3 h 10 min ahead of the timeclock service's. Punches are recorded at the service's time; set this computer's date and time right.",
    );
    serviceSkewMs = 25 * 60_000;
    await core.clock.refresh();
    expect(core.clock.view().clockWarning).toMatch(/^This computer's clock is 25 min behind the timeclock service's\./);
  });

  it("records punches, shows times and counts the shift on the service's time when this computer's clock is wrong", async () => {
    serviceSkewMs = 45 * 60_000; // this computer's clock is 45 min behind
    const { core, clock, events } = await setup();
    await core.clock.toggle('window');
    expect(events()).toEqual([expect.objectContaining({ clockIn: '2026-11-23T08:47:00.000Z' })]);
    clock.jump(90 * 60_000);
    expect(core.clock.view()).toMatchObject({
      headline: 'Clocked in since 08:47 · 1 h 30 min',
      viewedAt: '2026-11-23T10:17:00.000Z',
      clockWarning: "This computer's clock is 45 min behind; your clock-in was recorded at 08:47 service time.",
    });
  });

  it("keeps the undo time on this computer's clock while punches carry the service's", async () => {
    serviceSkewMs = -30 * 60_000; // this computer's clock is 30 min ahead
    const { core, clock, events, runFor } = await setup('E1002', undefined, 10);
    await core.clock.toggle('window');
    expect(core.clock.view().undo).toMatchObject({ until: '2026-11-23T07:32:10.000Z' });
    clock.jump(5_000);
    expect(core.clock.undo('window')).toBe(true);
    await core.clock.toggle('window');
    await runFor(11);
    expect(events()).toEqual([expect.objectContaining({ clockIn: '2026-11-23T07:32:05.000Z' })]);
  });

  it('says nothing when they agree', async () => {
    const { core } = await setup();
    expect(core.clock.view().clockWarning).toBeNull();
  });
});

describe('my hours', () => {
  it("adds today's shifts from the service's answers, counts an offline punch as pending, and keeps them over a restart", async () => {
    // A morning in this computer's zone, whatever the zone: the day's shifts stay within the day.
    await startAt(new Date(2026, 10, 23, 8, 2).getTime());
    const dataDir = mkdtempSync(join(tmpdir(), 'timeclock-hours-'));
    const first = await setup('E1002', dataDir);
    await first.core.clock.toggle('window');
    first.clock.jump(2 * 3_600_000);
    await first.core.clock.toggle('window');
    first.clock.jump(30 * 60_000);
    await first.core.clock.toggle('window');
    first.clock.jump(60 * 60_000);
    expect(first.core.clock.view().hours).toMatchObject({ week: '3 h' });

    await serviceDown();
    await first.core.clock.toggle('window');
    const offline = first.core.clock.view().hours;
    expect(offline.week).toBe('3 h');
    expect(offline.days.at(-1)!.sessions.map((session) => session.pending)).toEqual([false, true]);
    first.core.clock.stop();

    await serviceUp();
    const second = await setup('E1002', dataDir);
    await second.core.clock.sync();
    expect(second.events().every((event) => event.clockOut !== null)).toBe(true);
    expect(second.core.clock.view().hours).toMatchObject({ week: '3 h' });
    expect(
      second.core.clock
        .view()
        .hours.days.at(-1)!
        .sessions.map((session) => session.pending),
    ).toEqual([false, false]);
    second.core.clock.stop();
  });
});

describe('the daily rest (issue 67, point 1)', () => {
  it('says until when it lasts, refuses a clock-in within it until accepted, traces the acceptance and marks the day', async () => {
    const local = (day: number, hours: number) => new Date(2026, 10, day, hours).getTime();
    await startAt(local(23, 14));
    const { core, clock, notifications } = await setup();
    await core.clock.toggle('window');
    clock.jump(8 * 3_600_000); // 22:00
    await core.clock.toggle('window');
    expect(core.clock.view().rest).toBeNull(); // the same evening: clocking in again continues the day
    clock.jump(7 * 3_600_000); // 05:00 the next day
    const until = hhmm(local(24, 9));
    expect(core.clock.view().rest).toEqual({
      until: new Date(local(24, 9)).toISOString(),
      line: `Daily rest until ${until}`,
      question: `Your daily rest of 11 h lasts until ${until}. Clock in anyway?`,
    });
    const refused = `Not clocked in: your daily rest of 11 h lasts until ${until}. To clock in anyway, open Timeclock Tray from its tray icon.`;
    expect(await core.clock.toggle('window')).toEqual({ kind: 'ignored', reason: refused });
    await core.clock.toggle('tray');
    expect(notifications.at(-1)).toContain(refused);
    expect(core.clock.view().state).toBe('out');

    await core.clock.clockInDuringRest('window');
    const view = core.clock.view();
    expect(view).toMatchObject({ state: 'in', rest: null });
    expect(view.hours.trace.entries[0]).toMatchObject({
      text: 'Clocked in after 7 h of rest (11 h required)',
      reason: 'No reason given',
    });
    expect(view.hours.days.find((day) => day.key === localDayKey(local(24, 5)))?.restShort).toBe(
      'Rest before this day: 7 h (11 h required)',
    );
  });
});

describe("the employee's name", () => {
  it("shows the service's name once it gives one, and the display name from Settings before and instead", async () => {
    const { core } = await setup();
    expect(core.clock.view().employeeName).toBeNull(); // E1002 has no event yet: the service has said no name
    core.settings.updatePreferences({ clock: { displayName: ' Marc ' } });
    expect(core.clock.view().employeeName).toBe('Marc');
    await core.clock.toggle('window');
    expect(core.clock.view().employeeName).toBe('Marcus Lee');
  });
});

describe('my hours with a shift ended elsewhere', () => {
  it("counts a shift's end punched on another computer once the service answers with it", async () => {
    await startAt(new Date(2026, 10, 23, 8, 0).getTime());
    const { core, clock, events } = await setup();
    await core.clock.toggle('window');
    clock.jump(60 * 60_000);
    expect(core.clock.view().hours.today).toBe('1 h');
    // Clocked out on another computer at 10:00; this one reads the service at 10:30.
    clock.jump(60 * 60_000);
    mock.server.control.timeclock.clockOut(events()[0]!.id, new Date(clock.now()).toISOString());
    clock.jump(30 * 60_000);
    await core.clock.refresh();
    expect(core.clock.view()).toMatchObject({ state: 'out', hours: { today: '2 h', week: '2 h' } });
    expect(core.clock.view().hours.days.at(-1)!.sessions).toEqual([expect.objectContaining({ counted: true, pending: false })]);
  });

  it('counts it too when it is told by the answer to an earlier punch of a backlog, not by the last one', async () => {
    await startAt(new Date(2026, 10, 23, 8, 0).getTime());
    const { core, clock, events, runFor } = await setup();
    await core.clock.toggle('window');
    clock.jump(2 * 3_600_000);
    mock.server.control.timeclock.clockOut(events()[0]!.id, new Date(clock.now()).toISOString()); // elsewhere, at 10:00
    await serviceDown();
    clock.jump(60 * 60_000);
    await core.clock.toggle('window'); // 11:00, waits
    clock.jump(30 * 60_000);
    await core.clock.toggle('window'); // 11:30, waits
    await serviceUp();
    await runFor(60);
    expect(events().map((event) => event.clockOut === null)).toEqual([false, true]);
    // 08:00–10:00, and the shift since 11:30 (a minute of it).
    expect(core.clock.view().hours).toMatchObject({ today: '2 h 1 min' });
  });
});

describe('the end-of-day reminder', () => {
  it('reminds once, past the set time while clocked in, with Clock out as the button', async () => {
    const { core, clock, runFor } = await setup();
    const later = new Date(clock.now() + 3_600_000);
    const time = `${String(later.getHours()).padStart(2, '0')}:${String(later.getMinutes()).padStart(2, '0')}`;
    core.settings.updatePreferences({ clock: { endOfDayReminder: { enabled: true, time } } });
    const reminders: unknown[] = [];
    core.clock.onNotification((notification) => notification.action && reminders.push(notification));
    await core.clock.toggle('window');
    await runFor(50 * 60);
    expect(reminders).toEqual([]);
    await runFor(3 * 3600);
    expect(reminders).toEqual([expect.objectContaining({ title: 'Still clocked in', action: 'clock-out' })]);
    core.clock.stop();
  });
});
