/**
 * The working calendar end to end, on the real core and the real mock (issue 50): a holiday and an
 * absence take their part out of the targets, the balance in the panel and the tray's tooltip, no
 * "not clocked in" reminder on a holiday, and My hours to take away as CSV and iCalendar.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeClock, runClockUntil } from '../../testing/fake-clock.ts';
import { useMockServer } from '../../testing/mock-fixture.ts';
import { createTestCore } from '../../testing/test-core.ts';
import { bavarianWeek, mayAt, workShift, type ClockDefaults } from '../../testing/working-week.ts';
import { trayTooltip } from '../tray/tray-menu.ts';
import { trayView } from '../tray/tray-view.ts';

/** Ascension week 2026 in Bavaria: Monday 11 May to Sunday 17 May, Thursday the 14th a public holiday. */
const at = mayAt;
const clock = createFakeClock(at(11, 8));
const mock = useMockServer({ debtors: 5, now: () => clock.now() });
const pad = (value: number) => String(value).padStart(2, '0');
const hhmm = (ms: number) => `${pad(new Date(ms).getHours())}:${pad(new Date(ms).getMinutes())}`;

function workstation(clockDefaults: ClockDefaults = {}) {
  const core = createTestCore(mock.server, {
    time: clock,
    formatTime: hhmm,
    dataDir: mkdtempSync(join(tmpdir(), 'timeclock-calendar-')),
    admin: {
      defaults: {
        clock: bavarianWeek(clockDefaults),
        general: { language: 'en' },
      },
    },
  });
  core.environments.save({ ...core.environments.get('mock')!.environment, employeeId: 'E1002' });
  const notifications: Array<{ title: string; body: string }> = [];
  core.clock.onNotification((notification) => notifications.push(notification));
  core.clock.start();
  const runUntil = (end: number) => runClockUntil(clock, end, () => core.clock.flush());
  const work = (from: number, to: number) => workShift(core, clock, from, to);
  return { core, notifications, runUntil, work };
}

beforeEach(() => {
  clock.jump(at(11, 8) - clock.now());
  mock.server.control.reset();
});

// Each case works a week on the fake clock through the real core, a durable data folder and the mock:
// about a second on a quiet machine, several on a busy one (the calendar run beside a build).
describe('the working calendar', { timeout: 30_000 }, () => {
  it('takes the holiday and an absence out of the week, keeps the balance, and says both in the panel and the tooltip', async () => {
    const { core, work } = workstation();
    await work(at(11, 8), at(11, 17, 30)); // Monday 9 h 30 min
    await work(at(12, 8), at(12, 16)); // Tuesday 8 h
    expect(core.clock.addAbsence('2026-05-15', 'vacation', 'day')).toBeNull();
    clock.jump(at(13, 12) - clock.now());
    const { hours } = core.clock.view();
    // 40 h less Thursday's 8 h; Friday's vacation counted as done: 17 h 30 min + 8 h of 32 h.
    expect(hours.targets).toEqual(['25 h 30 min of 32 h this week, incl. 8 h of absences · 6 h 30 min to go']);
    expect(hours.days.map((day) => day.mark ?? null)).toEqual([
      null,
      null,
      'Ascension Day · no target',
      'Vacation · 8 h counted as done',
    ]);
    expect(hours.weekBars.map((bar) => bar.targetMs / 3_600_000)).toEqual([8, 8, 8, 0, 8, 0, 0]);
    // Up to yesterday: +1 h 30 min opening, +1 h 30 min Monday, ±0 Tuesday.
    expect(hours.balance).toMatchObject({ text: '+3 h flexitime', tone: 'plus' });
    const lines = Object.fromEntries(hours.balance!.lines.map((line) => [line.label, line.value]));
    expect(lines).toMatchObject({ 'Working days': '2', Target: '16 h', Worked: '17 h 30 min', 'Opening balance': '+1 h 30 min' });
    expect(hours.notes.map((note) => note.kind)).toEqual(['absence']);
    expect(trayTooltip(trayView(core, () => 'x', clock.now()).state)).toContain('Flexitime +3 h');
  });

  it('sends no "not clocked in" reminder on a holiday, and does on a working day', async () => {
    const { core, notifications, runUntil } = workstation({
      notClockedInReminder: { enabled: true, time: '09:15', weekdays: [1, 2, 3, 4, 5] },
    });
    clock.jump(at(13, 9) - clock.now());
    await core.clock.refresh();
    await runUntil(at(13, 9, 20));
    expect(notifications.filter((notification) => /not clocked in/i.test(notification.title))).toHaveLength(1);
    clock.jump(at(14, 9) - clock.now());
    await core.clock.refresh();
    await runUntil(at(14, 9, 30));
    expect(notifications.filter((notification) => /not clocked in/i.test(notification.title))).toHaveLength(1);
  });

  it('writes the hours in the chosen style, and without a target keeps no balance and says how to get one', async () => {
    const { core, work } = workstation({ hoursFormat: 'clock', workingTime: { weeklyTargetMinutes: 0 } });
    await work(at(11, 8), at(11, 15, 45));
    expect(core.clock.view().hours).toMatchObject({
      today: '7:45 h',
      balance: null,
      balanceHint: 'Set a daily or weekly target in Settings → Clock to keep a flexitime balance.',
    });
  });

  it('says when IT’s holiday region is not known', () => {
    const { core } = workstation({ holidays: { region: 'DE-XX', halfDays: [] } });
    expect(core.clock.view().hours.balanceHint).toMatch(/the region DE-XX is unknown \(no such state\).*clock\.holidays\.region/);
  });

  it('exports the week as CSV (a row a day, the holiday and absence named, a total) and its shifts as iCalendar', async () => {
    const { core, work } = workstation();
    await work(at(11, 8), at(11, 17, 30));
    core.clock.addAbsence('2026-05-15', 'sick', 'half');
    clock.jump(at(12, 7) - clock.now());
    const csv = core.clock.hoursFile({ period: 'this-week', format: 'csv' });
    expect(csv.name).toBe('hours-2026-05-11.csv');
    const rows = csv.content.replace('\uFEFF', '').trim().split('\r\n');
    expect(rows[0]).toBe(
      'Date,Day,Shifts,Breaks (h),Worked (h),Target (h),Difference (h),Night work (h),Sunday work (h),Holiday work (h),Public holiday,Absence',
    );
    expect(rows[1]).toMatch(/^2026-05-11,"[^"]+",8:00\sAM–5:30\sPM,0,9\.5,8,1\.5,0,0,0,,$/);
    expect(rows[4]).toMatch(/^2026-05-14,.*,0,0,0,,0,0,0,Ascension Day,$/);
    expect(rows[5]).toMatch(/^2026-05-15,.*Sick · half day · 4 h counted as done$/);
    expect(rows.at(-1)).toBe('Total,,,0,9.5,32,1.5,0,0,0,,');
    const ics = core.clock.hoursFile({ period: 'this-week', format: 'ics' });
    expect(ics.name).toBe('hours-2026-05-11.ics');
    expect(ics.content).toMatch(/BEGIN:VCALENDAR/);
    expect(ics.content.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(ics.content).toContain(`DTSTART:${new Date(at(11, 8)).toISOString().replace(/[-:]|\.\d+/g, '')}`);
    expect(ics.content).toMatch(/SUMMARY:Shift/);
  });

  it('names the exported files in the user’s language (issue 63, point 10)', async () => {
    const { core, work } = workstation();
    await work(at(11, 8), at(11, 17, 30));
    const named = (language: 'de' | 'es') => {
      core.settings.updatePreferences({ general: { language } });
      return core.clock.hoursFile({ period: 'this-week', format: 'csv' }).name;
    };
    expect(named('de')).toBe('arbeitszeit-2026-05-11.csv');
    expect(named('es')).toBe('horas-2026-05-11.csv');
  });
});
