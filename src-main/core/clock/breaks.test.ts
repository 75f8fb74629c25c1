/**
 * Breaks and working-time rules as the employee lives them: "Take a break" clocks out and is
 * remembered as a break, "Back from break" clocks in, a reminder comes after the usual break, My
 * hours shows breaks apart from work; the rules warn before the daily maximum and when a required
 * break is missing, and the targets show the day's and week's balance. Against the real mock, on a
 * fake clock the mock shares, in this computer's zone (the days are local).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { english } from '../../shared/i18n/catalogues.ts';
import type { Preferences } from '../../shared/settings-schema.ts';
import { createFakeClock, runClockUntil } from '../../testing/fake-clock.ts';
import { useMockServer } from '../../testing/mock-fixture.ts';
import { createTestCore } from '../../testing/test-core.ts';
import { trayView } from '../tray/tray-view.ts';
import { restTodayMs, workingRulesOf, workingTimeReminders, workingTimeView, freshWorkingTimeMemory } from './working-time.ts';

/** A Monday morning in this computer's zone. */
const at = (hours: number, minutes = 0) => new Date(2026, 10, 23, hours, minutes).getTime();
const clock = createFakeClock(at(8));
const mock = useMockServer({ debtors: 5, now: () => clock.now() });
const pad = (value: number) => String(value).padStart(2, '0');
const hhmm = (ms: number) => `${pad(new Date(ms).getHours())}:${pad(new Date(ms).getMinutes())}`;

function workstation(workingTime: Partial<Preferences['clock']['workingTime']> = {}) {
  const core = createTestCore(mock.server, {
    time: clock,
    formatTime: hhmm,
    dataDir: mkdtempSync(join(tmpdir(), 'timeclock-breaks-')),
    admin: { defaults: { clock: { workingTime, breakMinutes: 30 } } },
  });
  core.environments.save({ ...core.environments.get('mock')!.environment, employeeId: 'E1002' });
  const notifications: Array<{ title: string; body: string; action?: string }> = [];
  core.clock.onNotification((notification) => notifications.push(notification));
  core.clock.start();
  const runUntil = (end: number) => runClockUntil(clock, end, () => core.clock.flush());
  return { core, notifications, runUntil };
}

beforeEach(() => {
  clock.jump(at(8) - clock.now());
  mock.server.control.reset();
});

describe('taking a break', () => {
  it('clocks out as a break, says "Back from break", reminds after the usual length, and My hours shows the break apart', async () => {
    const { core, notifications, runUntil } = workstation();
    await core.clock.refresh();
    await core.clock.toggle('window');
    await runUntil(at(12));
    await core.clock.takeBreak('tray');
    expect(core.clock.view()).toMatchObject({
      state: 'out',
      stateLabel: 'On a break',
      headline: 'On a break since 12:00',
      onBreakSince: new Date(at(12)).toISOString(),
      action: 'clock-in',
    });
    expect(trayView(core, () => 'x', at(12)).state).toMatchObject({ clockOnBreak: true });
    await runUntil(at(12, 31));
    expect(notifications.at(-1)).toMatchObject({
      title: 'Your break has lasted 30 min',
      body: 'On a break since 12:00. Back from break?',
      action: 'back-from-break',
    });
    await runUntil(at(12, 35));
    await core.clock.toggle('window');
    const { hours } = core.clock.view();
    expect(hours).toMatchObject({ today: '4 h', todayBreaks: '35 min' });
    const today = hours.days.at(-1)!;
    expect(today).toMatchObject({ total: '4 h', breaks: '35 min' });
    // Times in the user's formats ("12:00 PM" or "12:00").
    expect(today.sessions.map(({ text, isBreak }) => [text.replace(/ [AP]M/g, ''), isBreak])).toEqual([
      ['8:00 – 12:00', false],
      ['Break 12:00 – 12:35', true],
      ['12:35 – now', false],
    ]);
    expect(core.clock.view().onBreakSince).toBeNull();
  });

  it('forgets the break when its clock-out is undone', async () => {
    const core = createTestCore(mock.server, {
      time: clock,
      formatTime: hhmm,
      dataDir: mkdtempSync(join(tmpdir(), 'timeclock-breaks-')),
      undoSeconds: 10,
    });
    core.environments.save({ ...core.environments.get('mock')!.environment, employeeId: 'E1002' });
    core.clock.start();
    await core.clock.refresh();
    await core.clock.toggle('window');
    await runClockUntil(clock, at(10), () => core.clock.flush());
    await core.clock.takeBreak('window');
    expect(core.clock.view().stateLabel).toBe('On a break');
    expect(core.clock.undo('window')).toBe(true);
    await core.clock.toggle('window'); // an ordinary clock-out at the same second
    expect(core.clock.view()).toMatchObject({ stateLabel: 'Clocked out', onBreakSince: null });
  });
});

describe('working-time rules', () => {
  it("Germany's rules: a break due before 6 h, missing after it, the maximum near and passed, each reminded once", async () => {
    const { core, notifications, runUntil } = workstation({ rules: 'germany', dailyTargetMinutes: 480 });
    await core.clock.refresh();
    await core.clock.toggle('window');
    await runUntil(at(13, 50));
    expect(core.clock.view().hours).toMatchObject({
      targets: ['5 h 50 min of 8 h today · 2 h 10 min to go'],
      warnings: ['A break of 30 min is required after 6 h of work, which you reach at 14:00.'],
    });
    expect(notifications.filter((notification) => notification.title === 'Time for a break')).toEqual([
      expect.objectContaining({ action: 'take-break' }),
    ]);
    await runUntil(at(14, 10));
    expect(core.clock.view().hours.warnings).toEqual(['After 6 h of work, breaks of 30 min are required; 0 min taken today.']);
    await runUntil(at(17, 10));
    expect(core.clock.view().hours.warnings).toEqual([
      'You reach the daily maximum of 10 h at 18:00.',
      'After 9 h of work, breaks of 45 min are required; 0 min taken today.',
    ]);
    await runUntil(at(17, 50));
    expect(notifications.filter((notification) => notification.title.startsWith('The daily maximum'))).toEqual([
      expect.objectContaining({
        title: 'The daily maximum of 10 h is near',
        body: 'You reach it at 18:00. Clock out before then.',
        // A click opens My time, where the day's hours and rules are (issue 63, point 1).
        opens: 'hours',
      }),
    ]);
    await runUntil(at(18, 5));
    expect(core.clock.view().hours).toMatchObject({
      targets: ['10 h 5 min of 8 h today · 2 h 5 min over'],
      warnings: [
        'You have worked 10 h 5 min today, past the daily maximum of 10 h.',
        'After 9 h of work, breaks of 45 min are required; 0 min taken today.',
      ],
    });
  });

  it('counts pauses of 15 minutes or more as rest, and the one going on since the last clock-out', () => {
    const session = (from: number, to: number | null, open = false) => ({ from, to, open, pending: false });
    const sessions = [session(at(8), at(10)), session(at(10, 10), at(12)), session(at(12, 30), null, true)];
    expect(restTodayMs(sessions, at(0), at(14))).toBe(30 * 60_000); // 10 min is no rest break
    expect(restTodayMs([session(at(8), at(12))], at(0), at(12, 20))).toBe(20 * 60_000);
  });

  it("custom rules and the week's balance against its target; none by default", () => {
    const targets = {
      dailyTargetMinutes: 0,
      nightFrom: '23:00',
      nightUntil: '06:00',
      weeklyTargetMinutes: 2400,
      workdays: [1, 2, 3, 4, 5],
      dailyRestHours: 11,
      weeklyRestHours: 35,
    };
    const custom = workingRulesOf({
      rules: 'custom',
      maxDayMinutes: 480,
      requiredBreaks: [{ afterMinutes: 300, minutes: 20 }],
      ...targets,
    });
    const plan = {
      targeted: true,
      todayTargetMs: null,
      todayCreditMs: 0,
      todayHoliday: null,
      weekTargetMs: 40 * 3_600_000,
      weekCreditMs: 0,
      hoursText: (ms: number) => `${ms / 3_600_000} h`,
    };
    const day = {
      now: at(15),
      workedTodayMs: 5.5 * 3_600_000,
      restTodayMs: 25 * 60_000,
      weekMs: 41 * 3_600_000,
      clockedIn: true,
    };
    // 5 h 30 min worked with 25 min of rest: the 20 min required are taken, the 8 h maximum is far.
    expect(workingTimeView(day, custom, hhmm, english.t, plan)).toEqual({
      targets: ['41 h of 40 h this week · 1 h over'],
      warnings: [],
    });
    expect(workingRulesOf({ rules: 'none', maxDayMinutes: 600, requiredBreaks: [], ...targets })).toEqual({
      maxDayMs: null,
      requiredBreaks: [],
    });
    const reminders = workingTimeReminders(
      { ...day, dayKey: '2026-11-23', onBreakSince: null, breakMinutes: 30 },
      custom,
      freshWorkingTimeMemory(),
      hhmm,
      english.t,
    );
    expect(reminders.reminders.map((reminder) => reminder.title)).toEqual([]);
  });
});
