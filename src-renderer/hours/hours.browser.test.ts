/**
 * My time, the window (issue 63, point 1), with the working calendar (issue 50) in real Chromium, the real core behind it on a fake
 * clock, the real mock answering at that time: Ascension week 2026 in Bavaria, worked Monday and
 * Tuesday, a vacation on Friday. The balance and its breakdown, the week chart read as a table, the
 * holiday and the absence named, entries refused at their fields, and an export — in English,
 * German and Spanish, light and dark, and at 200 %.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWindowHandlers } from '../../src-main/core/ipc/window-handlers.ts';
import { windowSizes } from '../../src-main/electron/window-sizes.ts';
import { startMockServer, type MockServer } from '../../src-main/mock/mock-server.ts';
import { startHarness, type Harness } from '../../src-main/testing/browser/harness.ts';
import { sidewaysOverflow } from '../../src-main/testing/browser/overflow.ts';
import { createFakeClock } from '../../src-main/testing/fake-clock.ts';
import { bavarianWeek, mayAt, workShift } from '../../src-main/testing/working-week.ts';
import { createTestCore } from '../../src-main/testing/test-core.ts';
import { recordingShell } from '../../src-main/testing/test-shell.ts';
import type { LanguageSetting } from '../../src-main/shared/i18n/locales.ts';

const at = mayAt;
const clock = createFakeClock(at(11, 8));
let mock: MockServer;
let harness: Harness;

beforeAll(async () => {
  mock = await startMockServer({ debtors: 5, now: () => clock.now() });
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.close();
  await mock?.close();
});

/** A workstation in Bavaria with a 40-hour week, an opening balance of +1 h 30 min, and the week so far. */
async function weekSoFar(language: LanguageSetting) {
  clock.jump(at(11, 8) - clock.now());
  mock.control.reset();
  const core = createTestCore(mock, {
    time: clock,
    dataDir: mkdtempSync(join(tmpdir(), 'timeclock-my-hours-')),
    admin: {
      defaults: {
        clock: bavarianWeek(),
      },
    },
  });
  core.settings.updatePreferences({ general: { language } });
  core.environments.save({ ...core.environments.get('mock')!.environment, employeeId: 'E1002' });
  await workShift(core, clock, at(11, 8), at(11, 17, 30));
  await workShift(core, clock, at(12, 8), at(12, 16));
  core.clock.addAbsence('2026-05-15', 'vacation', 'day');
  clock.jump(at(13, 10) - clock.now());
  await core.clock.refresh();
  return core;
}

async function openMyTime(language: LanguageSetting, options: { colorScheme?: 'light' | 'dark'; zoom?: number } = {}) {
  const core = await weekSoFar(language);
  const shell = recordingShell();
  const view = await harness.open(
    'hours',
    { handlers: createWindowHandlers(core, shell), subscribe: core.events.on },
    // The window at its own size; at 200 % (Ctrl+plus, or Windows' text size) it holds half the CSS pixels.
    { colorScheme: options.colorScheme ?? 'light', zoom: options.zoom, size: windowSizes.hours },
  );
  await expect.poll(() => view.page.getByTestId('balance').count()).toBe(1);
  return { core, shell, ...view };
}

const cells = (row: import('playwright-core').Locator) => row.locator('th, td').allTextContents();

describe('my hours with holidays, absences and the flexitime balance', () => {
  it('shows the balance, explains it, charts the week as a table, and names the holiday and the absence', async () => {
    const { page, screenshot, problems } = await openMyTime('en');
    const balance = page.getByTestId('balance');
    expect((await balance.locator('summary').textContent())?.trim()).toBe('+3 h flexitime');
    await balance.locator('summary').focus();
    await page.keyboard.press('Enter');
    const lines = Object.fromEntries(await Promise.all((await balance.locator('tr').all()).map((row) => cells(row))));
    expect(lines).toMatchObject({
      'Working days': '2',
      'Public holidays': '0',
      Target: '16 h',
      Worked: '17 h 30 min',
      'Opening balance': '+1 h 30 min',
      Balance: '+3 h',
    });
    expect(await page.locator('.target').allTextContents()).toEqual([
      '25 h 30 min of 32 h this week, incl. 8 h of absences · 6 h 30 min to go',
    ]);
    // The month beside the week (issue 63, point 1): May's 18 working days of 8 h, the days over counted.
    expect(await page.locator('#month-title').textContent()).toBe('This month · May 2026');
    const month = Object.fromEntries(
      await Promise.all(
        (await page.getByTestId('month').locator('div').all()).map(async (row) => [
          await row.locator('dt').textContent(),
          await row.locator('dd').textContent(),
        ]),
      ),
    );
    expect(month).toEqual({
      Worked: '17 h 30 min',
      'Absences counted as done': '8 h',
      Target: '144 h',
      'Difference, days that are over': '−38 h 30 min',
    });
    // Each day's hours on its bar, for the eye (issue 63, point 14).
    expect(await page.getByTestId('week-values').locator('li').allTextContents()).toEqual([
      '9 h 30 min',
      '8 h',
      '',
      '',
      '',
      '',
      '',
    ]);
    // The chart's picture is hidden; its table says the same for a screen reader.
    const rows = page.getByTestId('week-chart').locator('tbody tr');
    expect(await rows.count()).toBe(7);
    expect(await cells(rows.nth(3))).toEqual([expect.stringMatching(/Thu/), '0 min', '0 min', '—', 'Ascension Day · no target']);
    expect(await cells(rows.nth(4))).toEqual([
      expect.stringMatching(/Fri/),
      '0 min',
      '8 h',
      '—',
      'Vacation · 8 h counted as done',
    ]);
    expect(await page.locator('.mark').allTextContents()).toEqual([
      'Ascension Day · no target',
      'Vacation · 8 h counted as done',
    ]);
    await screenshot('my-hours-balance-light');
    expect(problems).toEqual([]);
  });

  it('refuses a wrong correction at its fields, keeps a right one, and takes an absence back', async () => {
    const { page, core, screenshot } = await openMyTime('en', { colorScheme: 'dark' });
    await page.getByText('Absences and corrections').click();
    expect(await page.getByTestId('day-notes').locator('li').allTextContents()).toEqual([
      expect.stringMatching(/^May 15, 2026 · Vacation\s*Remove$/),
    ]);
    await page.getByRole('button', { name: 'Add correction' }).click();
    await expect
      .poll(() => page.locator('#correction-hours-error').textContent())
      .toBe('Write the hours as +1:30, −0:45 or 1.5 (at most 1000 h).');
    expect(await page.locator('#correction-reason-error').textContent()).toBe('Say why, for example: overtime paid out.');
    expect(await page.locator('#correction-day-error').textContent()).toBe('Choose a day.');
    await page.locator('#correction-day').fill('05/12/2026');
    await page.locator('#correction-hours').fill('-1:30');
    await page.locator('#correction-reason').fill('Overtime paid out');
    await page.locator('#correction-reason').press('Enter');
    await expect.poll(() => page.getByTestId('balance').locator('summary').textContent()).toMatch(/\+1 h 30 min flexitime/);
    expect(core.clock.view().hours.notes.map((note) => note.kind)).toEqual(['correction', 'absence']);
    await page.locator('#correction-day').scrollIntoViewIfNeeded();
    await screenshot('my-hours-notes-dark');
    await page.getByRole('button', { name: /^Remove .*Vacation/ }).click();
    await expect.poll(() => core.clock.view().hours.notes.map((note) => note.kind)).toEqual(['correction']);
  });

  it('exports the chosen period as CSV and the shifts as a calendar file', async () => {
    const { page, shell } = await openMyTime('en');
    await page.getByRole('combobox', { name: 'Which period' }).selectOption('this-week');
    await page.getByRole('button', { name: 'Spreadsheet (CSV)' }).click();
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Saved to' }).textContent())
      .toMatch(/hours-2026-05-11\.csv$/);
    await page.getByRole('button', { name: 'Calendar (.ics)' }).click();
    await expect.poll(() => shell.saved.map((file) => file.name)).toEqual(['hours-2026-05-11.csv', 'hours-2026-05-11.ics']);
    expect(shell.saved[0]!.content).toContain('Ascension Day');
    expect(shell.saved[1]!.content.match(/BEGIN:VEVENT/g)).toHaveLength(2);
  });

  it('speaks German: Gleitzeit, Christi Himmelfahrt, Urlaub — dark', async () => {
    const { page, screenshot, problems } = await openMyTime('de', { colorScheme: 'dark' });
    expect((await page.getByTestId('balance').locator('summary').textContent())?.trim()).toBe('+3 Std. Gleitzeit');
    const rows = page.getByTestId('week-chart').locator('tbody tr');
    expect((await cells(rows.nth(3))).at(-1)).toBe('Christi Himmelfahrt · kein Soll');
    expect((await cells(rows.nth(4))).at(-1)).toBe('Urlaub · 8 Std. als geleistet gezählt');
    await page.getByTestId('balance').locator('summary').click();
    await screenshot('my-hours-german-dark');
    expect(problems).toEqual([]);
  });

  it('speaks Spanish at 200 %, nothing cut off', async () => {
    const { page, screenshot, problems } = await openMyTime('es', { zoom: 2 });
    expect((await page.getByTestId('balance').locator('summary').textContent())?.trim()).toBe('+3 h en la bolsa de horas');
    expect((await cells(page.getByTestId('week-chart').locator('tbody tr').nth(3))).at(-1)).toBe(
      'Ascensión del Señor · sin objetivo',
    );
    await page.getByTestId('balance').locator('summary').focus();
    await page.keyboard.press('Enter');
    await page.getByText('Ausencias y correcciones').click();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await page.getByTestId('balance').scrollIntoViewIfNeeded();
    await screenshot('my-hours-spanish-200');
    await page.getByTestId('day-notes').scrollIntoViewIfNeeded();
    await screenshot('my-hours-spanish-200-absences');
    expect(problems).toEqual([]);
  });
});
