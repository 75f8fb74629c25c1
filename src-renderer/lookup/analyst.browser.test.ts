/**
 * What the analyst reads beside the figures and what they watch, in real Chromium over the real
 * core and mock: what moves each score (the mock sends reasons with about half of them), said in
 * the analyst's words, and the rules a pinned debtor's notice fires on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWindowHandlers } from '../../src-main/core/ipc/window-handlers.ts';
import { startMockServer, type MockServer } from '../../src-main/mock/mock-server.ts';
import { startHarness, type Harness } from '../../src-main/testing/browser/harness.ts';
import { createTestCore } from '../../src-main/testing/test-core.ts';
import { recordingShell } from '../../src-main/testing/test-shell.ts';

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

async function open(language: 'en' | 'de' | 'es', colorScheme: 'light' | 'dark' = 'light') {
  const core = createTestCore(mock, { admin: { defaults: { general: { language } } } });
  const view = await harness.open(
    'lookup',
    { handlers: createWindowHandlers(core, recordingShell()), subscribe: core.events.on },
    { size: { width: 1200, height: 800 }, colorScheme },
  );
  await expect.poll(() => view.page.locator('.count').textContent(), { timeout: 15_000 }).toMatch(/300/);
  return { ...view, core };
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
    await page.locator('input.search').fill(explained.debtorKey);
    const calculated = page.getByRole('list', { name: 'What moves this score' }).first();
    await expect.poll(() => calculated.count()).toBe(1);
    expect(await calculated.locator('li').first().textContent()).toMatch(/^Pays invoices late\s*lowers it by \d+ points$/);
    expect(await calculated.locator('li').count()).toBe(explained.reasons!.length);
    await screenshot('lookup-score-reasons');
    await page.locator('input.search').fill(silent.debtorKey);
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
      await page.locator('input.search').fill(explained.debtorKey);
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
    await page.locator('input.search').fill(key);
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
