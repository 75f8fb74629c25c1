/**
 * The access record in the lookup window, in real Chromium over the real core and mock: the
 * purpose asked before a debtor is shown (without taking the focus from the arrows), given with
 * Enter, changed later, and who opened the debtor exported — in German at 200 % too.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWindowHandlers } from '../../src-main/core/ipc/window-handlers.ts';
import { smallestSize } from '../../src-main/electron/window-sizes.ts';
import { startMockServer, type MockServer } from '../../src-main/mock/mock-server.ts';
import { startHarness, type Harness } from '../../src-main/testing/browser/harness.ts';
import { untranslatedText } from '../../src-main/testing/browser/untranslated.ts';
import { createTestCore } from '../../src-main/testing/test-core.ts';
import { recordingShell } from '../../src-main/testing/test-shell.ts';

let mock: MockServer;
let harness: Harness;
beforeAll(async () => {
  mock = await startMockServer({ debtors: 200, seed: 5 });
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.close();
  await mock?.close();
});

const PURPOSES = ['Credit check for a new invoice', 'Collections', 'Limit review'];

async function open(language: 'en' | 'de' | 'en-XA', options: { zoom?: number; colorScheme?: 'light' | 'dark' } = {}) {
  const core = createTestCore(mock, {
    dataDir: mkdtempSync(join(tmpdir(), 'access-window-')),
    admin: { defaults: { lookup: { accessRecord: { askPurpose: 'each-debtor', purposes: PURPOSES } }, general: { language } } },
  });
  const shell = recordingShell();
  const view = await harness.open(
    'lookup',
    { handlers: createWindowHandlers(core, shell), subscribe: core.events.on },
    { size: options.zoom ? smallestSize('lookup') : { width: 1200, height: 800 }, ...options },
  );
  await expect.poll(() => view.page.locator('.count').textContent(), { timeout: 15_000 }).toMatch(/^\[?200 /);
  return { ...view, core, shell };
}
const activeLabel = (page: Awaited<ReturnType<typeof open>>['page']) =>
  page.evaluate(`document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.id`);

describe('the purpose asked before a debtor is shown', () => {
  it('asks beside the results without taking the focus; Enter goes to it, Enter again shows the debtor with its purpose', async () => {
    const { page, screenshot, problems, shell, core } = await open('en');
    const prompt = page.locator('form.purpose');
    await expect.poll(() => prompt.count()).toBe(1);
    const firstName = await page.locator('.row').first().locator('.name').textContent();
    expect(await prompt.locator('h2').textContent()).toBe(`Why are you opening ${firstName?.trim()}?`);
    expect(await page.locator('.detail article').count()).toBe(0); // nothing of the debtor before the purpose
    expect(await activeLabel(page)).toBe('Search debtors');
    await screenshot('lookup-purpose-asked');
    await page.keyboard.press('Enter');
    await expect.poll(() => activeLabel(page)).toBe('purpose-field');
    await page.keyboard.press('ArrowDown'); // "Collections"
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('.detail article').count()).toBe(1);
    expect(await page.locator('.access').textContent()).toContain('Purpose: Collections');
    expect(await activeLabel(page)).toBe('Search debtors');
    // The next debtor is asked about, with the last purpose offered first.
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => prompt.count()).toBe(1);
    expect(await prompt.locator('select').inputValue()).toBe('Collections');
    expect(await activeLabel(page)).toBe('Search debtors'); // the arrows go on through the results
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => page.locator('.detail article').count()).toBe(1); // opened a moment ago: not asked again
    await page.getByRole('button', { name: 'Who opened it (CSV)' }).click();
    await expect.poll(() => shell.saved.length).toBe(1);
    expect(shell.saved[0]!.content).toContain(',Collections,Details,Mock (built-in)');
    await screenshot('lookup-purpose-given');
    expect(problems).toEqual([]);
    await core.lookup.stop();
  });

  it('lets the purpose be changed, or kept', async () => {
    const { page, core } = await open('en', { colorScheme: 'dark' });
    await page.locator('form.purpose select').selectOption('Limit review');
    await page.getByRole('button', { name: 'Show the debtor' }).click();
    await page.getByRole('button', { name: 'Change the purpose' }).click();
    await expect.poll(() => activeLabel(page)).toBe('purpose-field');
    await page.getByRole('button', { name: 'Keep the purpose' }).click();
    expect(await page.locator('.access').textContent()).toContain('Purpose: Limit review');
    await page.getByRole('button', { name: 'Change the purpose' }).click();
    await page.locator('form.purpose select').selectOption('Collections');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('.access').textContent()).toContain('Purpose: Collections');
    await core.lookup.stop();
  });

  it('fits the smallest lookup window at 200 % in German', async () => {
    const { page, screenshot, core } = await open('de', { zoom: 2 });
    const prompt = page.locator('form.purpose');
    await expect.poll(() => prompt.count()).toBe(1);
    await prompt.scrollIntoViewIfNeeded();
    expect(await prompt.locator('h2').textContent()).toMatch(/^Wozu öffnen Sie .+\?$/);
    const outside = await page.evaluate<
      string[]
    >(`[...document.querySelectorAll('form.purpose select, form.purpose button, form.purpose h2')]
      .filter((element) => { const box = element.getBoundingClientRect(); return box.width === 0 || box.left < 0 || box.right > innerWidth + 1; })
      .map((element) => element.tagName)`);
    expect(outside).toEqual([]);
    expect(
      await page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth'),
    ).toBeLessThanOrEqual(1);
    await screenshot('lookup-purpose-200-de');
    await core.lookup.stop();
  });

  it('says it all in the catalogue’s words (pseudo-locale), IT’s purposes and the debtor’s name apart', async () => {
    const { page, core } = await open('en-XA');
    await expect.poll(() => page.locator('form.purpose').count()).toBe(1);
    const data = '.row, .detail header, .environment, form.purpose option';
    expect(await untranslatedText(page, data)).toEqual([]);
    await page.keyboard.press('Enter');
    await expect.poll(() => activeLabel(page)).toBe('purpose-field');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('.access').count()).toBe(1);
    expect(await untranslatedText(page, `${data}, .big, .chip, dd span, td`)).toEqual([]);
    await core.lookup.stop();
  });
});
