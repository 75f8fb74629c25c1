/** The tray panel in real Chromium, with the real core behind window.api talking to the real mock. */
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import type { AppCore } from '../../src-main/core/app-core.ts';
import { createWindowHandlers } from '../../src-main/core/ipc/window-handlers.ts';
import { startMockServer, type MockServer } from '../../src-main/mock/mock-server.ts';
import { startHarness, type Harness } from '../../src-main/testing/browser/harness.ts';
import { createTestCore } from '../../src-main/testing/test-core.ts';
import { createFakeClock } from '../../src-main/testing/fake-clock.ts';
import { fieldsOfMoment } from '../../src-main/shared/date-fields.ts';
import type { LanguageSetting } from '../../src-main/shared/i18n/locales.ts';
import { recordingShell } from '../../src-main/testing/test-shell.ts';
import { untranslatedText } from '../../src-main/testing/browser/untranslated.ts';

/** The raw bridge function the harness exposes, as a compromised page could call it. */
/** The test bridge hands results over as JSON text (harness.ts). */
type Bridge = { __timeclockInvoke: (name: string, args: readonly unknown[]) => Promise<string> };

let mock: MockServer;
let harness: Harness;

beforeAll(async () => {
  mock = await startMockServer({ debtors: 20 });
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.close();
  await mock?.close();
});
beforeEach(() => {
  mock.control.reset();
});

/** A core as the app has it once started: the employee's clock state read from the service. */
async function coreFor(employeeId: string, undoSeconds = 0): Promise<AppCore> {
  const core = createTestCore(mock, { undoSeconds });
  core.environments.save({ ...core.environments.get('mock')!.environment, employeeId });
  await core.clock.refresh();
  return core;
}

async function openPanel(core: AppCore, colorScheme: 'light' | 'dark' = 'light') {
  const shell = recordingShell();
  const view = await harness.open(
    'panel',
    { handlers: createWindowHandlers(core, shell), subscribe: core.events.on },
    { colorScheme, size: { width: 360, height: 480 } },
  );
  await expect.poll(() => view.page.locator('.headline').textContent()).not.toBe('Loading…');
  return { ...view, shell };
}
const eventsOf = (employeeId: string) => mock.control.timeclock.events().filter((event) => event.employeeId === employeeId);

describe('tray panel', () => {
  it('shows the clock state, a focused Clock in button, the environment and both systems', async () => {
    const view = await openPanel(await coreFor('E1002'));
    const { page } = view;
    expect(await page.locator('.headline').textContent()).toBe('Clocked out');
    expect(await page.locator(':focus').textContent()).toBe('Clock in');
    expect(await page.locator('.environment').textContent()).toContain('Mock (built-in)');
    await expect.poll(() => page.locator('[data-system="target"]').getAttribute('data-state')).toBe('up');
    await view.screenshot('panel-clocked-out-light');
    expect(view.problems).toEqual([]);
  });

  it('clocks in with the keyboard alone, once, and shows the time since', async () => {
    const view = await openPanel(await coreFor('E1002'), 'dark');
    await view.page.keyboard.press('Enter');
    await expect.poll(() => view.page.locator('.headline').textContent()).toBe('Clocked in');
    expect(await view.page.locator('.detail').textContent()).toMatch(/^since \d{1,2}:\d\d( [AP]M)? · just now$/);
    expect(await view.page.getByRole('button', { name: 'Clock out' }).isVisible()).toBe(true);
    expect(eventsOf('E1002')).toHaveLength(1);
    // Said once, in the live region that does not wrap the button.
    const announced = view.page.getByTestId('announcement');
    await expect.poll(() => announced.textContent()).toMatch(/^Clocked in since .+ · just now$/);
    expect(await view.page.locator('[aria-live] button, [role="status"] button').count()).toBe(0);
    await view.screenshot('panel-clocked-in-dark');
    expect(view.problems).toEqual([]);
  });

  it('runs a timer to the second while clocked in, and drops it on clock-out', async () => {
    const view = await openPanel(await coreFor('E1002'));
    const timer = view.page.getByRole('timer', { name: 'Time since clock-in' });
    expect(await timer.count()).toBe(0);
    await view.page.getByRole('button', { name: 'Clock in' }).click();
    await expect.poll(() => timer.textContent()).toMatch(/^0:00:0\d$/);
    const first = (await timer.textContent())!;
    await expect.poll(() => timer.textContent(), { timeout: 5_000 }).not.toBe(first);
    expect(await timer.textContent()).toMatch(/^0:00:\d\d$/);
    await view.page.getByRole('button', { name: 'Clock out' }).click();
    await expect.poll(() => timer.count()).toBe(0);
    expect(view.problems).toEqual([]);
  });

  it('offers Undo right after a punch, and an undone punch never reaches the service', async () => {
    const core = await coreFor('E1002', 10);
    core.clock.start();
    try {
      const view = await openPanel(core);
      await view.page.getByRole('button', { name: 'Clock in' }).click();
      const undo = view.page.getByRole('button', { name: /^Undo the clock-in at / });
      await expect.poll(() => undo.isVisible()).toBe(true);
      expect(await undo.textContent()).toBe('Undo');
      await view.screenshot('panel-undo');
      await undo.click();
      await expect.poll(() => view.page.locator('.headline').textContent()).toBe('Clocked out');
      expect(await undo.count()).toBe(0);
      expect(eventsOf('E1002')).toEqual([]);
      expect(view.problems).toEqual([]);
    } finally {
      core.clock.stop();
    }
  });

  it('moves focus to the button only when it opens: a refresh never takes it from elsewhere', async () => {
    const core = await coreFor('E1002');
    const view = await openPanel(core);
    await expect.poll(() => view.page.locator(':focus').textContent()).toBe('Clock in');
    await view.page.getByRole('button', { name: 'Settings…' }).focus();
    await core.clock.refresh(); // pushes a fresh clock view, as the 5-minute refresh does
    await view.page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(await view.page.locator(':focus').textContent()).toBe('Settings…');
    await view.page.keyboard.press('Enter');
    await expect.poll(() => view.shell.calls).toContain('open settings');
    expect(eventsOf('E1002')).toHaveLength(0);
  });

  it('does nothing twice on a double click', async () => {
    const view = await openPanel(await coreFor('E1002'));
    await view.page.getByRole('button', { name: 'Clock in' }).dblclick();
    await expect.poll(() => view.page.locator('.headline').textContent()).toBe('Clocked in');
    expect(eventsOf('E1002')).toHaveLength(1);
  });

  it('keeps a punch made while the service is down and says it is pending', async () => {
    const core = await coreFor('E1002');
    const view = await openPanel(core);
    mock.control.setService('timeclock', { unavailable: true });
    await view.page.getByRole('button', { name: 'Clock in' }).click();
    // One line for what waits, the list behind it (issue 63, point 1).
    await expect
      .poll(() => view.page.getByTestId('waiting-line').locator('summary').textContent())
      .toBe('1 punch waits here · sent automatically');
    const pending = view.page.locator('.punches .pending');
    await expect.poll(() => pending.locator('span').first().textContent()).toMatch(/^Clock-in at .+ pending sync$/);
    expect(await pending.locator('.reason').textContent()).toContain('(503)');
    expect(await view.page.locator('.headline').textContent()).toBe('Clocked in');
    expect(await view.page.getByTestId('announcement').textContent()).toMatch(/^Clocked in since /);
    await view.screenshot('panel-pending');
    mock.control.setService('timeclock', { unavailable: false });
    await core.clock.sync();
    await expect.poll(() => view.page.locator('.punches').count()).toBe(0);
    expect(eventsOf('E1002')).toHaveLength(1);
  });

  it("shows the service's words for an unknown employee and lets a refused punch be tried again or discarded", async () => {
    const view = await openPanel(await coreFor('E9999'));
    // A short sentence for the employee; the service's words behind "Details", opened by keyboard.
    expect(await view.page.locator('.body .problem > p').textContent()).toContain(
      "The timeclock service's answer can't be used, so your clock state is unknown.",
    );
    const technical = view.page.locator('.body .problem .technical');
    expect(await technical.isVisible()).toBe(false);
    await view.page.locator('.body .problem summary').focus();
    await view.page.keyboard.press('Enter');
    await expect.poll(() => technical.isVisible()).toBe(true);
    expect(await technical.textContent()).toBe(
      'The timeclock service of Mock (built-in) answered “not found” (404) for employee E9999. It said: “No employee with id E9999.” If that is not your employee id, correct it in Settings.',
    );
    await view.page.getByRole('button', { name: 'Clock in' }).click();
    const failed = view.page.locator('.punches .stopped');
    await expect.poll(() => failed.count()).toBe(1);
    expect(await failed.locator('span').first().textContent()).toMatch(/^Clock-in at .+ refused$/);
    expect(await failed.getByRole('button').allTextContents()).toEqual(['Try again', 'Discard']);
    await view.screenshot('panel-refused');
    await failed.getByRole('button', { name: 'Discard' }).click();
    await expect.poll(() => view.page.locator('.punches').count()).toBe(0);
  });

  it('keeps a punch on a workstation IT set up without an employee id, and says what to do', async () => {
    const { timeclockBaseUrl, debtorsBaseUrl } = mock;
    const environment = { id: 'acme', name: 'Acme', timeclockBaseUrl, debtorsBaseUrl, clientId: 'demo-client', employeeId: '' };
    const core = createTestCore(mock, {
      admin: {
        environments: [
          { ...environment, auth: { kind: 'headers', clientIdHeader: 'client_id', clientSecretHeader: 'client_secret' } },
        ],
        defaultEnvironmentId: 'acme',
      },
    });
    core.vault.set('acme', 'demo-secret', core.secretBinding('acme')!);
    const view = await openPanel(core, 'dark');
    const button = view.page.getByRole('button', { name: 'Clock in' });
    expect(await view.page.locator('#action-hint').textContent()).toContain(
      'Enter your employee id for Acme in Settings. A punch made before is kept on this computer and sent then.',
    );
    // A first-day click is kept, not lost: it is sent once the employee id is set.
    await button.click();
    await expect
      .poll(() => view.page.locator('#action-hint').textContent())
      .toContain('Kept on this computer: enter your employee id for Acme in Settings and it is sent.');
    await view.screenshot('panel-no-employee-dark');
    await view.page.getByRole('button', { name: 'Open Settings' }).click();
    await expect.poll(() => view.shell.calls).toContain('open settings at environments');
    expect(core.outbox.all()).toEqual([expect.objectContaining({ kind: 'clock-in', employeeId: '' })]);
  });

  it('asks after a long sleep and clocks out at the moment sleep began only when told to', async () => {
    // Clocked in three hours ago; the computer slept for the last two.
    mock.control.timeclock.clockIn('E1002', new Date(Date.now() - 3 * 3_600_000).toISOString());
    const core = await coreFor('E1002');
    const view = await openPanel(core);
    // The last input was 20 minutes before the sleep: the question says so.
    core.clock.resumed(Date.now() - 2 * 3_600_000, 'slept', Date.now() - 140 * 60_000);
    const prompt = view.page.locator('.prompt');
    await expect.poll(() => prompt.count()).toBe(1);
    expect(await prompt.locator('p').first().textContent()).toMatch(
      /^This computer slept from .+ to .+ while you were clocked in\.$/,
    );
    expect(await prompt.locator('.evidence').textContent()).toMatch(/^The last keyboard or mouse input before that was at .+\.$/);
    // The question takes the focus, on the answer that changes nothing: Enter keeps the shift.
    await expect.poll(() => view.page.locator(':focus').textContent()).toBe('Stay clocked in');
    await view.screenshot('panel-sleep-prompt');
    await view.page.keyboard.press('Enter');
    await expect.poll(() => prompt.count()).toBe(0);
    expect(eventsOf('E1002')[0]!.clockOut).toBeNull();
  });

  it('fixes a forgotten clock-out from yesterday with a chosen time, by keyboard, refusing a time before the clock-in', async () => {
    const yesterday = new Date();
    yesterday.setDate(yesterday.getDate() - 1);
    yesterday.setHours(8, 0, 0, 0);
    mock.control.timeclock.clockIn('E1002', yesterday.toISOString());
    const core = await coreFor('E1002');
    const view = await openPanel(core);
    const offer = view.page.locator('section[aria-labelledby="forgotten-title"]');
    await expect.poll(() => offer.count()).toBe(1);
    // A day and a time in the app's language and clock (English here: MM/DD/YYYY, 12-hour), not the browser's.
    const date = offer.getByLabel('Date', { exact: true });
    const time = offer.getByLabel('Time', { exact: true });
    const pad = (value: number) => String(value).padStart(2, '0');
    const day = `${pad(yesterday.getMonth() + 1)}/${pad(yesterday.getDate())}/${yesterday.getFullYear()}`;
    expect([await date.inputValue(), await time.inputValue()]).toEqual([day, '4:00 PM']); // the clock-in plus a usual shift
    await view.screenshot('panel-forgotten-clock-out');
    expect(await view.page.getByRole('button', { name: 'Clock out now' }).count()).toBe(1);
    // My hours flags the long shift beside its totals (My time lists it under the day it began).
    expect(await view.page.getByTestId('long-shift').textContent()).toMatch(
      /^Includes a shift running \d+ h( \d+ min)?: if you forgot to clock out, fix it above\.$/,
    );
    await date.fill('');
    await time.press('Enter');
    // The refusal is said at the fields and tied to them, once.
    await expect.poll(() => date.getAttribute('aria-invalid')).toBe('true');
    const described = async () => view.page.locator('#forgotten-error').textContent();
    expect(await date.getAttribute('aria-describedby')).toContain('forgotten-error');
    expect(await described()).toBe('Choose the time you stopped working.');
    await date.fill(day);
    await time.fill('7:30 AM');
    await time.press('Enter');
    await expect.poll(described).toMatch(/^You clocked in at .+: choose a later time\.$/);
    expect(await view.page.locator('p.problem').count()).toBe(0);
    expect(eventsOf('E1002')[0]!.clockOut).toBeNull();
    // "5:05" could be morning or evening: asked, never guessed.
    await time.fill('5:05');
    await time.press('Tab');
    await expect
      .poll(() => offer.locator('#stopped-time-problem').textContent())
      .toBe('Enter a time like 5:30 PM (with AM or PM).');
    await time.fill('5:05 PM');
    await offer.getByLabel('Reason (optional)').fill('Left for the doctor');
    await time.press('Enter');
    await expect.poll(() => view.page.locator('.headline').textContent()).toBe('Clocked out');
    const expected = new Date(yesterday);
    expected.setHours(17, 5, 0, 0);
    expect(eventsOf('E1002')[0]!.clockOut).toBe(expected.toISOString());
    expect(await offer.count()).toBe(0);
    // The correction is traced with its reason (issue 67, point 3).
    expect(core.clock.view().hours.trace.entries.map((entry) => entry.reason)).toEqual(['Reason: Left for the doctor']);
  });

  it('asks for the day and time of a forgotten clock-out in German as Germans write them, 24-hour', async () => {
    const yesterday = new Date();
    yesterday.setDate(yesterday.getDate() - 1);
    yesterday.setHours(8, 0, 0, 0);
    mock.control.timeclock.clockIn('E1002', yesterday.toISOString());
    const core = createTestCore(mock, { systemLanguages: () => ['de-DE'] });
    core.environments.save({ ...core.environments.get('mock')!.environment, employeeId: 'E1002' });
    await core.clock.refresh();
    const view = await openPanel(core);
    const offer = view.page.locator('section[aria-labelledby="forgotten-title"]');
    const date = offer.getByLabel('Datum', { exact: true });
    const time = offer.getByLabel('Uhrzeit', { exact: true });
    const pad = (value: number) => String(value).padStart(2, '0');
    await expect
      .poll(() => date.inputValue())
      .toBe(`${pad(yesterday.getDate())}.${pad(yesterday.getMonth() + 1)}.${yesterday.getFullYear()}`);
    expect(await time.inputValue()).toBe('16:00');
    expect(await date.getAttribute('placeholder')).toBe('TT.MM.JJJJ');
    await date.fill('31.11.2026');
    await date.press('Tab');
    await expect.poll(() => offer.locator('#stopped-day-problem').textContent()).toBe('Geben Sie ein Datum wie TT.MM.JJJJ ein.');
    await date.fill(`${yesterday.getDate()}.${yesterday.getMonth() + 1}.${String(yesterday.getFullYear()).slice(2)}`);
    await time.fill('17.05');
    await time.press('Enter');
    await expect.poll(() => view.page.locator('.headline').textContent()).toBe('Ausgestempelt');
    const expected = new Date(yesterday);
    expected.setHours(17, 5, 0, 0);
    expect(eventsOf('E1002')[0]!.clockOut).toBe(expected.toISOString());
  });

  it('shows today and this week one line each, and opens My time from its link by keyboard', async () => {
    mock.control.timeclock.clockIn('E1002', new Date(Date.now() - 2 * 3_600_000).toISOString());
    const core = await coreFor('E1002');
    const view = await openPanel(core);
    const { hours } = core.clock.view();
    expect(hours.todayMs).toBeGreaterThan(0);
    const line = async (testId: string) => (await view.page.getByTestId(testId).textContent())?.replace(/\s+/g, ' ').trim();
    expect(await line('hours-today')).toBe(`Today ${hours.today}`);
    expect(await line('hours-week')).toBe(`This week ${hours.week}`);
    // The week's shifts, the balance and the forms are in My time, not in the panel.
    expect(await view.page.locator('details, form, .shifts').count()).toBe(0);
    await view.page.getByRole('button', { name: 'Week and balance…' }).focus();
    await view.page.keyboard.press('Enter');
    await expect.poll(() => view.shell.calls).toContain('open hours');
    await view.screenshot('panel-my-hours');
  });

  it('takes a break and comes back from it, and shows the working-time rules and target IT set', async () => {
    // A day's target exists on a workday only: the core and the mock read a Wednesday, whatever day the suite runs.
    const clock = createFakeClock(Date.parse('2026-11-25T10:00:00Z'));
    const wednesday = await startMockServer({ debtors: 5, now: () => clock.now() });
    try {
      wednesday.control.timeclock.clockIn('E1002', new Date(clock.now() - 2 * 3_600_000).toISOString());
      // A 1-minute maximum: a warning whatever the time of day (near it, or past it).
      const workingTime = { rules: 'custom', maxDayMinutes: 1, dailyTargetMinutes: 480, weeklyTargetMinutes: 2400 } as const;
      const core = createTestCore(wednesday, { time: clock, admin: { defaults: { clock: { workingTime } } } });
      core.environments.save({ ...core.environments.get('mock')!.environment, employeeId: 'E1002' });
      await core.clock.refresh();
      const view = await openPanel(core, 'dark');
      const { hours } = core.clock.view();
      const texts = (selector: string) => view.page.locator(selector).allTextContents();
      // The targets are My time's; the panel says what the rules ask now.
      expect(hours.targets).toHaveLength(2);
      const myTime = await harness.open(
        'hours',
        { handlers: createWindowHandlers(core, recordingShell()), subscribe: core.events.on },
        { colorScheme: 'dark', size: { width: 760, height: 760 } },
      );
      await expect.poll(() => myTime.page.locator('.target').allTextContents()).toEqual(hours.targets);
      await expect.poll(() => texts('[data-testid="working-time-warning"]')).toEqual(hours.warnings);
      expect(hours.warnings[0]).toMatch(/daily maximum of 1 min/);
      await view.screenshot('panel-working-time-dark');

      clock.jump(60_000);
      await view.page.getByRole('button', { name: 'Take a break' }).click();
      await expect.poll(() => view.page.locator('.headline').textContent()).toBe('On a break');
      const back = view.page.getByRole('button', { name: 'Back from break' });
      expect(await view.page.getByRole('button', { name: 'Take a break' }).count()).toBe(0);
      await view.screenshot('panel-on-break');
      clock.jump(15 * 60_000);
      await back.click();
      await expect.poll(() => view.page.locator('.headline').textContent()).toBe('Clocked in');
      await expect.poll(() => view.page.getByTestId('hours-today').textContent()).toMatch(/Breaks/);
      const events = wednesday.control.timeclock.events().filter((event) => event.employeeId === 'E1002');
      expect(events.map((event) => event.clockOut === null)).toEqual([false, true]);
    } finally {
      await wednesday.close();
    }
  });

  it('fixes a clock-in sent by mistake with "Clock out earlier…": a clock-out at an earlier time, by keyboard', async () => {
    const since = new Date(Date.now() - 2 * 3_600_000);
    since.setSeconds(0, 0);
    mock.control.timeclock.clockIn('E1002', since.toISOString());
    const view = await openPanel(await coreFor('E1002'));
    await view.page.getByRole('button', { name: 'Clock out earlier…' }).click();
    const form = view.page.locator('section[aria-labelledby="forgotten-title"]');
    await expect.poll(() => form.locator('h2').textContent()).toBe('Clock out at an earlier time');
    const stopped = new Date(since.getTime() + 5 * 60_000);
    // As the field shows a moment in this window's language (a 12-hour clock asks for AM or PM).
    const typed = fieldsOfMoment(stopped.getTime(), 'en-US');
    await form.getByLabel('Date', { exact: true }).fill(typed.date);
    const time = form.getByLabel('Time', { exact: true });
    await time.fill(typed.time);
    await view.screenshot('panel-fix');
    await time.press('Enter');
    await expect.poll(() => view.page.locator('.headline').textContent()).toBe('Clocked out');
    expect(eventsOf('E1002')[0]!.clockOut).toBe(stopped.toISOString());
    expect(await view.page.getByRole('button', { name: 'Clock out earlier…' }).count()).toBe(0);
  });

  it.each(['en', 'de', 'es'] as const)(
    '%s: says until when the daily rest lasts, and asks before a clock-in within it (issue 67, point 1)',
    async (language) => {
      const local = (day: number, hours: number) => new Date(2026, 10, day, hours).getTime();
      const clock = createFakeClock(local(23, 14));
      // The service on the same clock: its Date header is the time punches are read on.
      const ownMock = await startMockServer({ debtors: 5, now: () => clock.now() });
      onTestFinished(() => ownMock.close());
      const core = createTestCore(ownMock, { time: clock, undoSeconds: 0 });
      core.settings.updatePreferences({ general: { language } });
      core.environments.save({ ...core.environments.get('mock')!.environment, employeeId: 'E1002' });
      await core.clock.toggle('window');
      clock.jump(8 * 3_600_000);
      await core.clock.toggle('window');
      clock.jump(7 * 3_600_000); // 05:00 the next morning, 7 hours after the clock-out
      await core.clock.refresh();
      const view = await openPanel(core);
      const { page } = view;
      await expect.poll(() => page.getByTestId('rest').textContent()).toMatch(/\S/);
      await page.keyboard.press('Enter'); // the focused big button
      const ask = page.getByRole('alertdialog');
      await expect.poll(() => ask.count()).toBe(1);
      // The safe choice has the focus: Enter again does not clock in.
      expect(await page.locator(':focus').textContent()).toBe({ en: 'Not now', de: 'Jetzt nicht', es: 'Ahora no' }[language]);
      await view.screenshot(`panel-rest-question-${language}`);
      await page.keyboard.press('Enter');
      await expect.poll(() => ask.count()).toBe(0);
      expect(core.clock.view().state).toBe('out');
      await page.locator('button.big').click();
      await ask
        .getByRole('button', {
          name: { en: 'Clock in anyway', de: 'Trotzdem einstempeln', es: 'Fichar de todos modos' }[language],
        })
        .click();
      await expect.poll(() => core.clock.view().state).toBe('in');
      expect(core.clock.view().hours.trace.entries[0]!.seq).toBe(1);
      expect(view.problems).toEqual([]);
    },
  );

  it('hides on Esc and opens the health status window from its link', async () => {
    const view = await openPanel(await coreFor('E1002'));
    await view.page.getByRole('button', { name: 'Health status…' }).click();
    await view.page.keyboard.press('Escape');
    await expect.poll(() => view.shell.calls).toEqual(['open status', 'hide panel']);
  });

  it('updates health when the core pushes it, without asking', async () => {
    const core = await coreFor('E1002');
    const view = await openPanel(core);
    await expect.poll(() => view.page.locator('[data-system="source"]').getAttribute('data-state')).toBe('up');
    const before = view.calls.length;
    mock.control.setSystem('source', { status: 'down' });
    await core.checkHealthNow();
    await expect.poll(() => view.page.locator('[data-system="source"]').getAttribute('data-state')).toBe('suspect');
    expect(view.calls.length).toBe(before);
    await expect.poll(() => view.page.getByTestId('announcement').textContent()).toMatch(/^Time recording — /);
  });

  it('says first when a system up by its check refuses this app’s requests, with why, in en and de (issue 66, point 2)', async () => {
    const core = await coreFor('E1002');
    core.health.requestSettled('source', {
      kind: 'forbidden',
      message: 'Timeclock service of Mock (built-in) accepted the credentials but does not allow clocking in (403).',
    });
    const view = await openPanel(core);
    const banner = view.page.getByTestId('health-banner');
    await expect.poll(() => banner.locator('strong').textContent()).toMatch(/^Time recording: requests refused since \d\d?:\d\d/);
    expect(await banner.locator('.cause').textContent()).toMatch(/does not allow clocking in \(403\)\.$/);
    await expect.poll(() => view.page.locator('[data-system="source"]').getAttribute('data-tone')).toBe('suspect');
    await view.screenshot('panel-refusing');
    core.settings.updatePreferences({ general: { language: 'de' } });
    await expect
      .poll(() => banner.locator('strong').textContent())
      .toMatch(/^Zeiterfassung: Anfragen abgelehnt seit \d\d?:\d\d$/);
    await view.screenshot('panel-refusing-de');
    core.health.requestSettled('source', null);
    await expect.poll(() => banner.count()).toBe(0);
  });

  it('refuses a request outside the contract, with a clear error', async () => {
    const view = await openPanel(await coreFor('E1002'));
    const invoke = (name: string, args: unknown[]) =>
      view.page.evaluate(
        async ([n, a]) => JSON.parse(await (globalThis as unknown as Bridge).__timeclockInvoke(n, a)) as unknown,
        [name, args] as const,
      );
    expect(await invoke('readSecret', [])).toEqual({
      ok: false,
      error: { kind: 'invalid-request', message: 'Unknown request "readSecret".' },
    });
    expect(await invoke('openWindow', ['file:///etc/passwd'])).toMatchObject({ ok: false, error: { kind: 'invalid-request' } });
  });
});

async function panelIn(language: LanguageSetting | 'en-XA', employeeId = 'E1002') {
  const core: AppCore = createTestCore(mock);
  core.settings.updatePreferences({ general: { language } });
  core.environments.save({ ...core.environments.get('mock')!.environment, employeeId });
  await core.clock.refresh();
  const view = await harness.open(
    'panel',
    { handlers: createWindowHandlers(core, recordingShell()), subscribe: core.events.on },
    { size: { width: 360, height: 480 } },
  );
  await expect.poll(() => view.page.locator('.headline').count()).toBe(1);
  return { core, ...view };
}

describe('the panel in the employee’s language', () => {
  it('speaks German: einstempeln, Arbeitszeit, and the page says its language', async () => {
    const { page, screenshot, problems } = await panelIn('de');
    expect(await page.locator('.headline').textContent()).toBe('Ausgestempelt');
    expect(await page.getByRole('button', { name: 'Einstempeln' }).isVisible()).toBe(true);
    expect(await page.locator('html').getAttribute('lang')).toBe('de');
    await page.getByRole('button', { name: 'Einstempeln' }).click();
    await expect.poll(() => page.locator('.headline').textContent()).toBe('Eingestempelt');
    expect(await page.locator('.detail').textContent()).toMatch(/^seit \d{1,2}:\d\d · gerade eben$/);
    expect(await page.locator('#hours-title').textContent()).toBe('Meine Arbeitszeit');
    await screenshot('panel-german');
    expect(problems).toEqual([]);
  });

  it('changes language while open, without a reload', async () => {
    const { core, page } = await panelIn('en');
    expect(await page.locator('.headline').textContent()).toBe('Clocked out');
    core.settings.updatePreferences({ general: { language: 'es' } });
    await expect.poll(() => page.locator('.headline').textContent()).toBe('Fuera de jornada');
    expect(await page.getByRole('button', { name: 'Fichar la entrada' }).isVisible()).toBe(true);
    expect(await page.locator('#hours-title').textContent()).toBe('Mis horas');
  });

  it('shows no text that did not come from the catalogue (pseudo-locale)', async () => {
    const { page, screenshot } = await panelIn('en-XA');
    await expect.poll(() => page.locator('[data-system="target"]').count()).toBe(1);
    // Every text the employee can see, but data: the environment's name and the product's.
    const untranslated = await untranslatedText(page, '.app, .environment');
    expect(untranslated).toEqual([]);
    await screenshot('panel-pseudo');
  });
});
