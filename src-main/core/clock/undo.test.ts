/**
 * Undo: a punch is on disk at once but sent only when its undo time is up; Undo takes it back and
 * nothing reaches the service; a crash meanwhile sends it after the restart. Against the real
 * mock, on a fake clock the mock shares.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFakeClock, runClockUntil } from '../../testing/fake-clock.ts';
import { useMockServer } from '../../testing/mock-fixture.ts';
import { createTestCore } from '../../testing/test-core.ts';

const START = Date.parse('2026-11-23T08:02:00Z');
const clock = createFakeClock(START);
const mock = useMockServer({ debtors: 5, now: () => clock.now() });
const hhmm = (ms: number) => new Date(ms).toISOString().slice(11, 16);
const events = () => mock.server.control.timeclock.events().filter((event) => event.employeeId === 'E1002');

function workstation(dataDir = mkdtempSync(join(tmpdir(), 'timeclock-undo-'))) {
  const core = createTestCore(mock.server, { time: clock, formatTime: hhmm, dataDir, undoSeconds: 10 });
  core.environments.save({ ...core.environments.get('mock')!.environment, employeeId: 'E1002' });
  const notifications: Array<{ title: string; action?: string }> = [];
  core.clock.onNotification((notification) => notifications.push(notification));
  core.clock.start();
  const runFor = (seconds: number) => runClockUntil(clock, clock.now() + seconds * 1000, () => core.clock.flush());
  return { core, notifications, runFor, dataDir };
}

describe('undo', () => {
  it('keeps a new punch back for its undo time, and Undo takes it back with nothing sent', async () => {
    mock.server.control.reset();
    const { core, notifications, runFor } = workstation();
    await core.clock.refresh();
    await core.clock.toggle('tray');
    expect(core.clock.view()).toMatchObject({ state: 'in', undo: { label: `Undo the clock-in at ${hhmm(clock.now())}` } });
    expect(notifications.at(-1)).toMatchObject({ title: `Clocked in at ${hhmm(clock.now())}`, action: 'undo' });
    await runFor(5);
    expect(events()).toEqual([]);
    expect(core.clock.undo('window')).toBe(true);
    expect(core.clock.view()).toMatchObject({ state: 'out', undo: null, pending: [] });
    await runFor(30);
    expect(events()).toEqual([]);
    core.clock.stop();
  });

  it('sends it once its time is up, tells nothing new then, and says Undo is too late', async () => {
    mock.server.control.reset();
    const { core, notifications, runFor } = workstation();
    await core.clock.refresh();
    await core.clock.clockIn('tray');
    const told = notifications.length;
    await runFor(11);
    expect(events()).toHaveLength(1);
    expect(core.clock.view()).toMatchObject({ state: 'in', undo: null });
    expect(notifications).toHaveLength(told);
    expect(core.clock.undo('notification')).toBe(false);
    expect(notifications.at(-1)?.title).toBe('Too late to undo');
    expect(events()).toHaveLength(1);
    core.clock.stop();
  });

  it('says a punch was saved but not sent when the service is down as its undo time ends, and sends it later', async () => {
    mock.server.control.reset();
    const { core, notifications, runFor } = workstation();
    await core.clock.refresh();
    await core.clock.clockIn('tray');
    mock.server.control.setService('timeclock', { unavailable: true });
    try {
      await runFor(11);
      expect(notifications.at(-1)?.title).toMatch(/^Clock-in at .+ saved — not sent yet$/);
      expect(core.clock.view().pending).toHaveLength(1);
    } finally {
      mock.server.control.setService('timeclock', { unavailable: false });
    }
    await runFor(60);
    expect(events()).toHaveLength(1);
    expect(notifications.at(-1)?.title).toMatch(/^Clock-in at .+ sent$/);
    core.clock.stop();
  });

  it('sends a punch after a crash in its undo time (the employee did not undo), once', async () => {
    mock.server.control.reset();
    const first = workstation();
    await first.core.clock.refresh();
    await first.core.clock.clockIn('tray');
    first.core.clock.stop(); // the app is gone, the punch is on disk
    await first.runFor(3);
    const restarted = workstation(first.dataDir);
    await restarted.core.clock.refresh();
    expect(restarted.core.clock.view()).toMatchObject({ state: 'in' });
    await restarted.runFor(10);
    expect(events()).toHaveLength(1);
    expect(events()[0]!.clockOut).toBeNull();
    restarted.core.clock.stop();
  });
});
