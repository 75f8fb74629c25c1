/**
 * My time, the window (issue 63, point 1), with the working calendar (issue 50) in real Chromium, the real core behind it on a fake
 * clock, the real mock answering at that time: Ascension week 2026 in Bavaria, worked Monday and
 * Tuesday, a vacation on Friday. The balance and its breakdown, the week chart read as a table, the
 * holiday and the absence named, entries refused at their fields, and an export — in English,
 * German and Spanish, light and dark, and at 200 %.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWindowHandlers } from '../../src-main/core/ipc/window-handlers.ts';
import { windowSizes } from '../../src-main/electron/window-sizes.ts';
import { startMockServer, type MockServer } from '../../src-main/mock/mock-server.ts';
import { screenshotDir, startHarness, type Harness } from '../../src-main/testing/browser/harness.ts';
import { sidewaysOverflow } from '../../src-main/testing/browser/overflow.ts';
import { createFakeClock } from '../../src-main/testing/fake-clock.ts';
import { bavarianWeek, mayAt, workShift } from '../../src-main/testing/working-week.ts';
import { createTestCore } from '../../src-main/testing/test-core.ts';
import { recordingShell } from '../../src-main/testing/test-shell.ts';
import type { LanguageSetting } from '../../src-main/shared/i18n/locales.ts';
import type { AppCore } from '../../src-main/core/app-core.ts';

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
async function weekSoFar(language: LanguageSetting, dataDir = mkdtempSync(join(tmpdir(), 'timeclock-my-hours-'))) {
  clock.jump(at(11, 8) - clock.now());
  mock.control.reset();
  const core = createTestCore(mock, {
    time: clock,
    dataDir,
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

async function openMyTime(
  language: LanguageSetting,
  options: {
    colorScheme?: 'light' | 'dark';
    zoom?: number;
    dataDir?: string;
    /** More of the week, worked before the window opens. */
    more?: (core: AppCore) => Promise<void>;
  } = {},
) {
  const core = await weekSoFar(language, options.dataDir);
  await options.more?.(core);
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

describe('the trace of corrections in My time (issue 67, point 3)', () => {
  it('lists each correction with when, by whom and why, and beside the day it is about', async () => {
    const { page, core, screenshot, problems } = await openMyTime('en');
    core.clock.addCorrection('2026-05-12', '+0:45', 'Meeting ran late');
    const list = page.getByTestId('trace').locator('li');
    await expect.poll(() => list.count()).toBe(2);
    expect(await list.allTextContents()).toEqual([
      expect.stringMatching(/^May 12, 2026 · Balance corrected by \+45 min\s*Reason: Meeting ran late · Made at .+ by E1002$/),
      expect.stringMatching(/^May 15, 2026 · Absence added: Vacation\s*No reason given · Made at .+ by E1002$/),
    ]);
    // Beside Tuesday and Friday in the week's shifts.
    expect(await page.locator('li.corrected').allTextContents()).toEqual([
      'Corrected Balance corrected by +45 min · Reason: Meeting ran late',
      'Corrected Absence added: Vacation · No reason given',
    ]);
    await page.getByTestId('trace').scrollIntoViewIfNeeded();
    await screenshot('my-time-trace');
    expect(problems).toEqual([]);
  });

  it.each([
    [
      'de',
      'Das Protokoll auf diesem Computer wurde außerhalb der App geändert: Eintrag 1 ist nicht mehr so, wie er geschrieben wurde.',
    ],
    ['es', 'El registro de este equipo se modificó fuera de la aplicación: la anotación 1 ya no es como se escribió.'],
  ] as const)('%s: says the trace was changed outside the app, at 200 %%', async (language, said) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'timeclock-trace-'));
    await weekSoFar(language, dataDir);
    const file = join(dataDir, 'correction-trace.json');
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { entries: Array<{ after: string }> };
    stored.entries[0]!.after = 'sick/day';
    writeFileSync(file, JSON.stringify(stored));
    const { page, screenshot, problems } = await openMyTime(language, { zoom: 2, dataDir });
    await expect.poll(() => page.getByTestId('trace-problem').textContent()).toBe(said);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await page.getByTestId('trace-problem').scrollIntoViewIfNeeded();
    await screenshot(`my-time-trace-changed-${language}-200`);
    expect(problems).toEqual([]);
  });
});

describe('night, Sunday and holiday work counted apart (issue 67, point 2)', () => {
  /** Wednesday 22:00 to 03:00 on Ascension Day: night work on both days, holiday work on the second. */
  const nightIntoTheHoliday = async (core: AppCore) => {
    await workShift(core, clock, at(13, 22), at(14, 3));
    clock.jump(at(14, 10) - clock.now());
    await core.clock.refresh();
  };

  it.each([
    ['en', ['Night work 1 h', 'Night work 3 h · Holiday work 3 h'], 'Counted apart this week: Night work 4 h · Holiday work 3 h'],
    [
      'de',
      ['Nachtarbeit 1 Std.', 'Nachtarbeit 3 Std. · Feiertagsarbeit 3 Std.'],
      'Diese Woche gesondert gezählt: Nachtarbeit 4 Std. · Feiertagsarbeit 3 Std.',
    ],
    [
      'es',
      ['Trabajo nocturno 1 h', 'Trabajo nocturno 3 h · Trabajo en festivo 3 h'],
      'Contado aparte esta semana: Trabajo nocturno 4 h · Trabajo en festivo 3 h',
    ],
  ] as const)(
    '%s: marks the days, counts them apart in the week and the month, and exports them',
    async (language, days, week) => {
      const { page, shell, screenshot, problems } = await openMyTime(language, {
        more: nightIntoTheHoliday,
        zoom: language === 'es' ? 2 : 1,
      });
      expect(await page.getByTestId('special-work').allTextContents()).toEqual(days);
      expect(await page.getByTestId('special-week').textContent()).toBe(week);
      expect(await page.getByTestId('month-special').textContent()).toBe(week.split(': ')[1]);
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      await page.getByTestId('special-work').first().scrollIntoViewIfNeeded();
      await screenshot(`my-time-night-holiday-${language}`);
      await page.locator('.export select').selectOption('this-week');
      await page.locator('.export button').first().click();
      await expect.poll(() => shell.saved.length).toBe(1);
      const [header, , , wednesday, thursday] = shell.saved[0]!.content.replace(/^\uFEFF/, '').split(/\r?\n/);
      expect(header!.split(/[,;]/).slice(7, 10)).toEqual(
        {
          en: ['Night work (h)', 'Sunday work (h)', 'Holiday work (h)'],
          de: ['Nachtarbeit (h)', 'Sonntagsarbeit (h)', 'Feiertagsarbeit (h)'],
          es: ['Trabajo nocturno (h)', 'Trabajo en domingo (h)', 'Trabajo en festivo (h)'],
        }[language],
      );
      expect(wednesday!.split(/[,;]/).slice(-5, -2)).toEqual(['1', '0', '0']);
      expect(thursday!.split(/[,;]/).slice(-5, -2)).toEqual(['3', '0', '3']);
      expect(problems).toEqual([]);
    },
  );
});

describe('my copy of my record: the month printed or saved as PDF (issue 67, point 4)', () => {
  /** The PDF's text, as poppler's pdftotext reads it. */
  const pdfText = (bytes: Uint8Array) => {
    const file = join(mkdtempSync(join(tmpdir(), 'record-')), 'record.pdf');
    writeFileSync(file, bytes);
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  };

  it.each([
    [
      'en',
      'Working-time record · May 2026',
      ['Mon, May 11', '8:00 AM', '5:30 PM', '9 h 30 min', 'Ascension Day · no target', 'Vacation'],
      'Flexitime balance (up to yesterday)',
    ],
    [
      'de',
      'Arbeitszeitnachweis · Mai 2026',
      ['Mo., 11. Mai', '8:00', '17:30', '9 Std. 30 Min.', 'Christi Himmelfahrt · kein Soll', 'Urlaub'],
      'Gleitzeitsaldo (bis gestern)',
    ],
    [
      'es',
      'Registro de jornada · mayo de 2026',
      ['lun, 11 may', '8:00', '17:30', '9 h 30 min', 'Ascensión del Señor · sin objetivo', 'Vacaciones'],
      'Bolsa de horas (hasta ayer)',
    ],
  ] as const)(
    '%s: the PDF holds the month’s rows, totals, the trace and what it is built from',
    async (language, title, row, balance) => {
      const { page, shell, problems } = await openMyTime(language);
      shell.pageToPdf = () => page.pdf({ format: 'A4' });
      // On screen the record is not shown; the window's page is what print draws.
      await page.locator('#record-title').scrollIntoViewIfNeeded();
      await page.locator('.record-actions button').nth(1).click();
      await expect.poll(() => shell.saved.length).toBe(1);
      expect(shell.saved[0]!.name).toBe(
        { en: 'working-time-record-2026-05.pdf', de: 'arbeitszeitnachweis-2026-05.pdf', es: 'registro-de-jornada-2026-05.pdf' }[
          language
        ],
      );
      expect(await page.getByTestId('printed-record').isVisible()).toBe(false);
      // Kept beside the screenshots, to be looked at.
      writeFileSync(join(screenshotDir, `month-record-${language}.pdf`), shell.saved[0]!.bytes!);
      const text = pdfText(shell.saved[0]!.bytes!);
      expect(text).toContain(title);
      expect(text).toContain('E1002');
      for (const part of row) expect(text).toContain(part);
      expect(text).toContain(balance);
      // The trace of the absence noted, and the line saying what the record is built from.
      expect(text).toMatch(
        { en: /Absence added: Vacation/, de: /Abwesenheit eingetragen: Urlaub/, es: /Ausencia anotada: Vacaciones/ }[language],
      );
      expect(text).toMatch({ en: /authoritative record/, de: /Maßgeblich ist/, es: /registro válido/ }[language]);
      // Nothing of the screen's window: no buttons, no export.
      expect(text).not.toMatch({ en: /Save as PDF/, de: /Als PDF speichern/, es: /Guardar como PDF/ }[language]);
      await page.locator('.record-actions button').first().click();
      await expect.poll(() => shell.calls).toContain('print hours');
      expect(problems).toEqual([]);
    },
  );
});
