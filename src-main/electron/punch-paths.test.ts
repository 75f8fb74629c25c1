/**
 * Nothing fails in silence: every path that punches — the panel, the tray menu, the global
 * shortcut, a notification's Clock out button, the sleep question, "Clock out at…" — ends sent,
 * visibly waiting, or refused with the reason shown where the employee acted. The real core
 * against the real mock; Electron is the small fake.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppCore } from '../core/app-core.ts';
import { createWindowHandlers } from '../core/ipc/window-handlers.ts';
import type { EmbeddedMock } from '../mock/embedded-mock.ts';
import { createFakeClock, type FakeClock } from '../testing/fake-clock.ts';
import * as fake from '../testing/fake-electron.ts';
import { useMockServer } from '../testing/mock-fixture.ts';
import { createTestCore } from '../testing/test-core.ts';
import { recordingShell } from '../testing/test-shell.ts';
import { showCoreNotifications } from './app-notifications.ts';
import { applySettingsLive } from './live-settings.ts';
import { onTrayAction } from './tray-actions.ts';
import { createWindowManager } from './window-manager.ts';

/** A morning in this computer's zone, and times written in it: the reminder below is set in local time. */
const MORNING = new Date(2026, 10, 23, 8, 2).getTime();
let clock: FakeClock = createFakeClock(MORNING);
const mock = useMockServer({ debtors: 10, now: () => clock.now() });
const pad = (value: number) => String(value).padStart(2, '0');
const hhmm = (ms: number) => `${pad(new Date(ms).getHours())}:${pad(new Date(ms).getMinutes())}`;

interface Desk {
  core: AppCore;
  /** Each path a punch can take, as the shell wires it. */
  paths: Record<'tray' | 'shortcut' | 'notification', () => Promise<void>>;
  /** Titles and bodies of the desktop notifications shown since the last call. */
  shown(): string[];
  events(): unknown[];
}

/** A workstation on the mock as E1002, or (`itWithoutEmployeeId`) on an environment IT set up without an employee id. */
async function desk(itWithoutEmployeeId = false): Promise<Desk> {
  const { timeclockBaseUrl, debtorsBaseUrl } = mock.server;
  const acme = { id: 'acme', name: 'Acme', timeclockBaseUrl, debtorsBaseUrl, clientId: 'demo-client', employeeId: '' };
  const auth = { kind: 'headers', clientIdHeader: 'client_id', clientSecretHeader: 'client_secret' } as const;
  const admin = itWithoutEmployeeId ? { environments: [{ ...acme, auth }], defaultEnvironmentId: 'acme' } : undefined;
  const core = createTestCore(mock.server, { time: clock, formatTime: hhmm, admin });
  const employeeId = itWithoutEmployeeId ? '' : 'E1002';
  if (itWithoutEmployeeId) core.vault.set('acme', 'demo-secret', core.secretBinding('acme')!);
  else core.environments.save({ ...core.environments.get('mock')!.environment, employeeId });
  core.settings.updatePreferences({
    clock: { globalShortcut: 'CommandOrControl+Alt+K', endOfDayReminder: { enabled: true, time: '08:30' } },
  });
  await core.clock.refresh();
  const windows = createWindowManager();
  showCoreNotifications(core, windows, () => undefined);
  applySettingsLive({ core, settings: core.settings, windows, log: { warn: () => undefined } as never }, () => undefined);
  const context = {
    core,
    windows,
    mock: {} as EmbeddedMock,
    openPanel: () => undefined,
    logsFolder: () => '',
    quit: () => undefined,
  };
  let seen = 0;
  /** The punch asked for has ended (a clock gone back first asks the service its time) and all was sent. */
  const settle = async () => {
    await vi.waitFor(() => expect(core.clock.view().busy).toBe(false));
    await core.clock.flush();
  };
  return {
    core,
    paths: {
      tray: async () => {
        onTrayAction('toggle-clock', context);
        await settle();
      },
      shortcut: async () => {
        fake.globalShortcut.registered.get('CommandOrControl+Alt+K')!();
        await settle();
      },
      // The end-of-day reminder's button: shown with the reminder, pressed as a user would.
      notification: async () => {
        const reminder = fake.Notification.shown.findLast((shown) => shown.options.actions?.length);
        if (!reminder) throw new Error('No notification with a Clock out button was shown.');
        reminder.emit('action', {}, 0);
        await settle();
      },
    },
    shown: () =>
      fake.Notification.shown
        .slice(seen, (seen = fake.Notification.shown.length))
        .map((n) => `${n.options.title} | ${n.options.body}`),
    events: () => mock.server.control.timeclock.events().filter((event) => event.employeeId === employeeId),
  };
}

beforeEach(async () => {
  fake.resetFakeElectron();
  clock = createFakeClock(MORNING);
  await mock.control('POST', '/reset');
});

/**
 * Clocked in at 08:02; at 09:02 the end-of-day reminder (set to 08:30) is shown with its Clock out
 * button; then the computer's clock is set back to 07:02.
 */
async function clockedInThenClockWentBack(): Promise<Desk> {
  const setup = await desk();
  await setup.core.clock.toggle('window');
  clock.jump(60 * 60_000);
  setup.core.clock.start();
  await setup.core.clock.flush();
  expect(setup.shown()).toEqual(expect.arrayContaining([expect.stringMatching(/^Still clocked in \|/)]));
  clock.jump(-2 * 60 * 60_000);
  return setup;
}

describe('a punch refused before it is sent is said where the employee acted', () => {
  for (const path of ['tray', 'shortcut', 'notification'] as const) {
    it(`from the ${path}: the computer's clock went back — a notification says why, nothing is sent`, async () => {
      const { paths, shown, events, core } = await clockedInThenClockWentBack();
      await paths[path]();
      expect(shown()).toEqual([
        "Not clocked out | Check this computer's date and time, then try again: it says 07:02, before your last punch at 08:02, and the timeclock…",
      ]);
      expect(events()).toEqual([expect.objectContaining({ clockOut: null })]);
      expect(core.outbox.all()).toEqual([]);
      core.clock.stop();
    });
  }

  for (const path of ['tray', 'shortcut'] as const) {
    it(`from the ${path}: no employee id yet — the punch is kept, and a notification says what to do`, async () => {
      const { paths, shown, core } = await desk(true);
      const before = mock.server.control.timeclock.events().length;
      shown();
      await paths[path]();
      expect(shown()).toEqual(['Clock-in at 08:02 saved — not sent yet | It is sent once your employee id is set in Settings.']);
      expect(mock.server.control.timeclock.events()).toHaveLength(before);
      expect(core.outbox.all()).toEqual([expect.objectContaining({ kind: 'clock-in', employeeId: '' })]);
    });
  }

  it('from the notification button after clocking out elsewhere: "You are not clocked in", nothing sent', async () => {
    const { paths, shown, events, core } = await clockedInThenClockWentBack();
    clock.jump(2 * 60 * 60_000); // the clock is right again, and the shift is closed before the button is pressed
    await core.clock.toggle('window');
    shown();
    await paths.notification();
    expect(shown()).toEqual(['Not clocked out | You are not clocked in.']);
    expect(events()).toHaveLength(1);
    core.clock.stop();
  });

  it('in the panel: the request fails with the reason (the panel shows it as an alert), and no notification is shown', async () => {
    const { core, shown, events } = await clockedInThenClockWentBack();
    const handlers = createWindowHandlers(core, recordingShell());
    await expect(handlers.toggleClock()).rejects.toThrow(
      /^Check this computer's date and time, then try again: it says 07:02, before your last punch/,
    );
    expect(shown()).toEqual([]);
    expect(events()).toEqual([expect.objectContaining({ clockOut: null })]);
    core.clock.stop();
  });

  it('answering the sleep question while another punch is on its way: the reason is given and the question stays', async () => {
    const { core } = await desk();
    await core.clock.toggle('window');
    clock.jump(4 * 3_600_000);
    core.clock.resumed(clock.now() - 3 * 3_600_000); // asleep since 09:02
    await mock.control('PUT', '/services/timeclock', { replyDelayMs: 600 });
    const handlers = createWindowHandlers(core, recordingShell());
    const otherClick = handlers.toggleClock(); // the big button, a moment before the answer
    await expect(handlers.answerSleepPrompt('clock-out-at-sleep')).rejects.toThrow('A punch is already being sent.');
    expect(core.clock.view().sleepPrompt).not.toBeNull();
    await otherClick;
  });
});
