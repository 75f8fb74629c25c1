/**
 * Clock-out from what the computer saw: a shutdown, logoff, sleep or lock while clocked in is kept
 * on disk at once, and the next start asks, clocks out by itself, or does nothing, as IT set it.
 * Against the real mock, on a fake clock the mock shares; each start is a new core on the same data.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Preferences } from '../../shared/settings-schema.ts';
import { createFakeClock } from '../../testing/fake-clock.ts';
import { useMockServer } from '../../testing/mock-fixture.ts';
import { createTestCore } from '../../testing/test-core.ts';
import { createComputerStops } from './computer-stops.ts';
import { memoryFile } from '../util/text-file.ts';

const MORNING = Date.parse('2026-11-23T08:02:00Z');
const clock = createFakeClock(MORNING);
const mock = useMockServer({ debtors: 5, now: () => clock.now() });
const hhmm = (ms: number) => new Date(ms).toISOString().slice(11, 16);
const events = () => mock.server.control.timeclock.events().filter((event) => event.employeeId === 'E1002');
const at = (time: string) => Date.parse(`2026-11-23T${time}:00Z`);

async function start(dataDir: string, whenComputerStops: Preferences['clock']['whenComputerStops'] = 'ask') {
  const core = createTestCore(mock.server, {
    time: clock,
    formatTime: hhmm,
    dataDir,
    admin: { defaults: { clock: { whenComputerStops } } },
  });
  core.environments.save({ ...core.environments.get('mock')!.environment, employeeId: 'E1002' });
  const notifications: string[] = [];
  core.clock.onNotification(({ title, body }) => notifications.push(`${title} | ${body}`));
  core.clock.start();
  await core.clock.refresh();
  return { core, notifications };
}

/** Clocked in at 08:02, the computer shut down at 17:42 (last input 17:30), started again the next morning at 08:01. */
async function shutDownWhileClockedIn(
  whenComputerStops: Preferences['clock']['whenComputerStops'],
  how: 'shutdown' | 'logoff' = 'shutdown',
) {
  const dataDir = mkdtempSync(join(tmpdir(), 'timeclock-stops-'));
  const first = await start(dataDir);
  await first.core.clock.toggle('window');
  clock.jump(at('17:42') - clock.now());
  first.core.clock.computerStopping(how, at('17:30'));
  first.core.clock.stop();
  clock.jump(at('17:42') + (14 * 60 + 19) * 60_000 - clock.now());
  return { dataDir, next: await start(dataDir, whenComputerStops) };
}

beforeEach(() => {
  clock.jump(MORNING - clock.now());
  mock.server.control.reset();
});

describe('a shutdown or logoff while clocked in, at the next start', () => {
  it('asks, with what the computer saw, and clocks out at the moment it shut down', async () => {
    const { next } = await shutDownWhileClockedIn('ask');
    expect(next.core.clock.view().sleepPrompt).toEqual({
      from: '2026-11-23T17:42:00.000Z',
      to: '2026-11-24T08:01:00.000Z',
      question: 'This computer was shut down from 17:42 to 08:01 while you were clocked in.',
      evidence: 'The last keyboard or mouse input before that was at 17:30.',
    });
    expect(next.notifications).toEqual([
      'You were away for 14 h 19 min | Still clocked in. Clock out at 17:42, when this computer was shut down? Open the panel.',
    ]);
    await next.core.clock.answerSleepPrompt('clock-out-at-sleep');
    expect(events()).toEqual([
      expect.objectContaining({ clockIn: '2026-11-23T08:02:00.000Z', clockOut: '2026-11-23T17:42:00.000Z' }),
    ]);
    expect(next.core.clock.view()).toMatchObject({ state: 'out', sleepPrompt: null });
  });

  it('clocks out at that moment by itself when IT set it so, and says why in the notification', async () => {
    const { next } = await shutDownWhileClockedIn('clock-out', 'logoff');
    await next.core.clock.flush();
    expect(events()).toEqual([expect.objectContaining({ clockOut: '2026-11-23T17:42:00.000Z' })]);
    expect(next.notifications).toEqual([
      'Clocked out at 17:42 | Logged off at 17:42 while clocked in: clocked out then, as your company set it up. Worked 9 h 40 min since 08:02.',
    ]);
    expect(next.core.clock.view()).toMatchObject({ state: 'out', sleepPrompt: null });
  });

  it('does nothing when IT set it so, and asks only once', async () => {
    const { next, dataDir } = await shutDownWhileClockedIn('nothing');
    expect(next.core.clock.view()).toMatchObject({ state: 'in', sleepPrompt: null });
    expect(next.notifications).toEqual([]);
    next.core.clock.stop();
    const again = await start(dataDir, 'ask');
    expect(again.core.clock.view().sleepPrompt).toBeNull();
    expect(readFileSync(join(dataDir, 'computer-stops.json'), 'utf8')).toBe('null');
  });

  it('asks nothing when the shift was closed since (clocked out elsewhere), or after a short restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'timeclock-stops-'));
    const first = await start(dataDir);
    await first.core.clock.toggle('window');
    clock.jump(at('12:00') - clock.now());
    first.core.clock.computerStopping('shutdown', at('11:59'));
    first.core.clock.stop();
    clock.jump(at('12:04') - clock.now()); // a restart for updates: back within the prompt's limit
    const restarted = await start(dataDir);
    expect(restarted.core.clock.view()).toMatchObject({ state: 'in', sleepPrompt: null });
    restarted.core.clock.computerStopping('shutdown', at('12:03'));
    await restarted.core.clock.toggle('window'); // clocked out before the next stop is weighed: here, as elsewhere
    restarted.core.clock.stop();
    clock.jump(at('18:00') - clock.now());
    const later = await start(dataDir);
    expect(later.core.clock.view()).toMatchObject({ state: 'out', sleepPrompt: null });
    expect(later.notifications).toEqual([]);
  });
});

describe('what is kept of a stop, as a works council may agree it (issue 67, point 5)', () => {
  const stopsFile = (dataDir: string) => {
    try {
      return readFileSync(join(dataDir, 'computer-stops.json'), 'utf8');
    } catch {
      return null;
    }
  };

  it('keeps nothing while clocked out', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'timeclock-stops-'));
    const { core } = await start(dataDir);
    core.clock.computerStopping('locked', at('08:00'));
    expect(stopsFile(dataDir)).toBeNull();
  });

  it('keeps no stop at all when IT turned the question off', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'timeclock-stops-'));
    const { core } = await start(dataDir, 'nothing');
    await core.clock.toggle('window');
    core.clock.computerStopping('shutdown', at('08:00'));
    expect(stopsFile(dataDir)).toBeNull();
  });

  it('keeps the stop but never the last input when IT turned that off', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'timeclock-stops-'));
    const { core } = await start(dataDir);
    core.settings.updatePreferences({ clock: { lastInputEvidence: false } });
    await core.clock.toggle('window');
    clock.jump(3_600_000);
    core.clock.computerStopping('shutdown', at('08:30'));
    expect(JSON.parse(stopsFile(dataDir)!)).toMatchObject({ how: 'shutdown', lastInputAt: null });
  });
});

describe('the stops on disk', () => {
  it('keep the first stop while it is unanswered (locked, then shut down: the employee left at the lock)', () => {
    const stops = createComputerStops(memoryFile());
    const ids = { environmentId: 'mock', employeeId: 'E1002' };
    stops.record({ how: 'locked', at: 1_000, lastInputAt: 900, ...ids });
    stops.record({ how: 'shutdown', at: 5_000, lastInputAt: 900, ...ids });
    expect(stops.last()).toMatchObject({ how: 'locked', at: 1_000 });
    stops.clear();
    expect(stops.last()).toBeNull();
    expect(createComputerStops(memoryFile('{"how":"exploded","at":1}')).last()).toBeNull();
  });
});
