/**
 * What the analyst reads beside the figures and what they watch, in real Chromium over the real
 * core and mock: what moves each score (the mock sends reasons with about half of them), said in
 * the analyst's words, the rules a pinned debtor's notice fires on, and a client's whole book.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWindowHandlers } from '../../src-main/core/ipc/window-handlers.ts';
import { startMockServer, type MockServer } from '../../src-main/mock/mock-server.ts';
import { startHarness, type Harness } from '../../src-main/testing/browser/harness.ts';
import { createTestCore } from '../../src-main/testing/test-core.ts';
import { recordingShell } from '../../src-main/testing/test-shell.ts';
import { smallestSize } from '../../src-main/electron/window-sizes.ts';

let mock: MockServer;
let harness: Harness;
beforeAll(async () => {
  mock = await startMockServer({ debtors: 300, seed: 5 });
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.close();
  await mock?.close();
});

async function open(language: 'en' | 'de' | 'es', colorScheme: 'light' | 'dark' = 'light', zoom?: number) {
  const core = createTestCore(mock, { admin: { defaults: { general: { language } } } });
  const shell = recordingShell();
  const view = await harness.open(
    'lookup',
    { handlers: createWindowHandlers(core, shell), subscribe: core.events.on },
    { size: zoom ? smallestSize('lookup') : { width: 1200, height: 800 }, colorScheme, zoom },
  );
  await expect.poll(() => view.page.locator('.count').textContent(), { timeout: 15_000 }).toMatch(/300/);
  return { ...view, core, shell };
}

/** Searches for a debtor by its key and waits for its details (not the ones shown before the search answered). */
async function find(page: Awaited<ReturnType<typeof open>>['page'], debtorKey: string) {
  await page.locator('input.search').fill(debtorKey);
  await expect.poll(() => page.locator('.detail header .key').textContent()).toBe(debtorKey);
}

/** A debtor of the mock whose calculated score comes with reasons, and one whose bureau score comes with none. */
function debtors() {
  const { creditScores, bureauScores } = mock.control.dataset;
  const explained = creditScores.find(
    (score) => (score.reasons?.length ?? 0) >= 2 && bureauScores.some((b) => b.debtorKey === score.debtorKey && b.reasons),
  )!;
  const silent = bureauScores.find((score) => !score.reasons)!;
  return { explained, silent };
}

describe('what moves a score', () => {
  it('lists each reason under its score in the analyst’s words, and says when none were sent', async () => {
    const { page, screenshot, problems, core } = await open('en');
    const { explained, silent } = debtors();
    await find(page, explained.debtorKey);
    const calculated = page.getByRole('list', { name: 'What moves this score' }).first();
    await expect.poll(() => calculated.count()).toBe(1);
    expect(await calculated.locator('li').first().textContent()).toMatch(/^Pays invoices late\s*lowers it by \d+ points$/);
    expect(await calculated.locator('li').count()).toBe(explained.reasons!.length);
    await screenshot('lookup-score-reasons');
    await find(page, silent.debtorKey);
    await expect
      .poll(() => page.locator('section[aria-label="Credit bureau score"] .none').textContent())
      .toBe('No reasons were sent with this score.');
    expect(problems).toEqual([]);
    await core.lookup.stop();
  });

  it('says them in German and Spanish, in the dark theme too', async () => {
    const { explained } = debtors();
    for (const [language, words] of [
      ['de', /^Zahlt Rechnungen verspätet\s*senkt ihn um \d+ Punkte$/],
      ['es', /^Paga las facturas con retraso\s*la baja \d+ puntos$/],
    ] as const) {
      const { page, screenshot, core } = await open(language, 'dark');
      await find(page, explained.debtorKey);
      await expect.poll(() => page.locator('ul.reasons li').first().textContent()).toMatch(words);
      await screenshot(`lookup-score-reasons-${language}-dark`);
      await core.lookup.stop();
    }
  });
});

describe('the rules a pinned debtor is watched by', () => {
  it('are chosen under the pin, checked for a number in range, and saved for the debtor or for all', async () => {
    const { page, screenshot, problems, core } = await open('en');
    const key = mock.control.dataset.debtors[11]!.debtorKey;
    await find(page, key);
    await page.getByRole('button', { name: 'Pin' }).click();
    await page.getByText('Notify me when…').click();
    await page.getByLabel('a score drops by at least (points)').first().check();
    await page.getByRole('textbox', { name: 'a score drops by at least (points)' }).fill('0');
    await page.getByRole('button', { name: 'Save the rules' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Write a number of points from 1 to 100.');
    await page.getByRole('textbox', { name: 'a score drops by at least (points)' }).fill('15');
    await page.getByLabel('its scores or status change in any way').uncheck();
    await page.getByLabel('its status changes (insolvency, closed…)').check();
    await page.getByLabel('For this debtor').check();
    await page.getByRole('button', { name: 'Save the rules' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Saved' }).textContent()).toBe('Saved for this debtor.');
    const memory = (await core.lookup.detail(key))!.memory!;
    expect(memory).toMatchObject({
      ownRules: true,
      rules: { anyChange: false, scoreDrop: 15, bandCrossed: false, statusChange: true, limitUse: null },
    });
    await screenshot('lookup-watch-rules');
    expect(problems).toEqual([]);
    await core.lookup.stop();
  });
});

describe('a client’s whole book', () => {
  /** A debtor of the first client, whose book is the large one. */
  const debtorOfTheLargeBook = () => mock.control.dataset.clientDeltas.find((delta) => delta.clientKey === 'C00001')!.debtorKey;

  it('opens from a debtor’s clients over the window, worst band first, and goes back with Escape', async () => {
    const { page, screenshot, problems, shell, core } = await open('en');
    await find(page, debtorOfTheLargeBook());
    await page.getByRole('button', { name: 'Book of C00001' }).click();
    const book = page.getByRole('region', { name: 'Book of client C00001' });
    await expect.poll(() => book.count()).toBe(1);
    const whole = (await core.lookup.book('C00001'))!;
    const size = whole.debtors.length;
    expect(await book.locator('.summary').textContent()).toMatch(new RegExp(`^${size} debtors · \\$[\\d,.]+ open$`));
    expect(await book.locator('table.debtors tbody tr').count()).toBe(size);
    const worst = whole.bands.find((band) => band.debtors > 0)!.band; // bands come worst first
    expect(await book.locator('table.debtors tbody tr').first().getAttribute('data-band')).toBe(worst);
    await screenshot('lookup-client-book');
    await book.getByRole('button', { name: 'Export the book (CSV)' }).click();
    await expect.poll(() => shell.saved.length).toBe(1);
    await page.keyboard.press('Escape');
    await expect.poll(() => book.count()).toBe(0);
    expect(await page.locator('.detail article').count()).toBe(1);
    expect(problems).toEqual([]);
    await core.lookup.stop();
  });

  it('fits the smallest window at 200 % in German, and a debtor chosen in it is shown', async () => {
    const { page, screenshot, core } = await open('de', 'dark', 2);
    await find(page, debtorOfTheLargeBook());
    await page.getByRole('button', { name: 'Bestand von C00001' }).click();
    const book = page.getByRole('region', { name: 'Bestand des Kunden C00001' });
    await expect.poll(() => book.count()).toBe(1);
    expect(
      await page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth'),
    ).toBeLessThanOrEqual(1);
    await screenshot('lookup-client-book-200-de');
    const chosen = book.locator('table.debtors tbody tr').nth(3);
    const key = await chosen.locator('.key').textContent();
    await chosen.getByRole('button').click();
    await expect.poll(() => page.locator('.detail header .key').textContent()).toBe(key);
    await core.lookup.stop();
  });
});
