/** The debtor lookup window in real Chromium, over the real core and mock. */
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWindowHandlers } from '../../src-main/core/ipc/window-handlers.ts';
import { startMockServer, type MockServer } from '../../src-main/mock/mock-server.ts';
import { startHarness, type Harness } from '../../src-main/testing/browser/harness.ts';
import { createTestCore } from '../../src-main/testing/test-core.ts';
import { recordingShell } from '../../src-main/testing/test-shell.ts';
import { untranslatedText } from '../../src-main/testing/browser/untranslated.ts';
import { movedSelection } from '../../src-main/shared/list-keys.ts';

let mock: MockServer;
let harness: Harness;

beforeAll(async () => {
  mock = await startMockServer({ debtors: 2_000, seed: 5 });
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.close();
  await mock?.close();
});

async function open(colorScheme: 'light' | 'dark' = 'light') {
  const core = createTestCore(mock);
  const shell = recordingShell();
  const view = await harness.open(
    'lookup',
    { handlers: createWindowHandlers(core, shell), subscribe: core.events.on },
    { colorScheme, size: { width: 1200, height: 800 } },
  );
  await expect.poll(() => view.page.locator('.count').textContent(), { timeout: 15_000 }).toBe('2,000 debtors');
  return { ...view, core, shell };
}

describe('debtor lookup', () => {
  it('loads, focuses the search box, and keeps only the visible rows in the page', async () => {
    const view = await open();
    const { page } = view;
    expect(
      await page.evaluate(() =>
        (
          globalThis as unknown as { document: { activeElement: { getAttribute(name: string): string | null } } }
        ).document.activeElement.getAttribute('aria-label'),
      ),
    ).toBe('Search debtors');
    expect(await page.locator('.sync').textContent()).toMatch(/^2,000 debtors · synced just now$/);
    const rendered = await page.locator('.row').count();
    expect(rendered).toBeGreaterThan(10);
    expect(rendered).toBeLessThan(60);
    expect(view.problems).toEqual([]);
  });

  it('fills rows beyond the first page as the list scrolls, in the order of the result', async () => {
    const view = await open();
    const { page } = view;
    const byName = [...mock.control.dataset.debtors].sort((a, b) => {
      const [left, right] = [a.name.toLowerCase(), b.name.toLowerCase()];
      return left !== right ? (left < right ? -1 : 1) : a.debtorKey < b.debtorKey ? -1 : 1;
    });
    // Down the list in steps, as a user would, then to the very end.
    for (const at of [1_500, 8_000, 40_000, 1e9]) {
      await page.evaluate((top) => {
        (globalThis as unknown as { document: { querySelector(s: string): { scrollTop: number } } }).document.querySelector(
          '.scroller',
        ).scrollTop = top;
      }, at);
      await expect.poll(() => page.locator('.row .loading').count()).toBe(0);
    }
    // The list draws the new place on its next frame: wait for the end to be drawn, not for a moment
    // in which no row happens to be loading (on a busy machine that came before the scroll was drawn).
    const last = page.locator('.row').last();
    await expect.poll(() => last.getAttribute('aria-posinset')).toBe('2000');
    await expect.poll(() => page.locator('.row .loading').count()).toBe(0);
    expect(await last.getAttribute('data-key')).toBe(byName.at(-1)!.debtorKey);
    expect(view.problems).toEqual([]);
  });

  it('fetches the rows just past the shown ones before they scroll into view', async () => {
    const view = await open();
    const { page } = view;
    await page.evaluate(() => {
      (globalThis as unknown as { document: { querySelector(s: string): { scrollTop: number } } }).document.querySelector(
        '.scroller',
      ).scrollTop = 48 * 1_000;
    });
    await expect.poll(() => page.locator('.row .loading').count()).toBe(0);
    const lastShown = Number(await page.locator('.row').last().getAttribute('aria-posinset'));
    const asked = () =>
      view.calls.filter((call) => call.name === 'lookupRows').map((call) => call.args as [number, number, number]);
    // The pages beyond the last row drawn are asked for too, and each page of a result only once
    // (a result found again — the sync's end — starts over).
    await expect.poll(() => asked().some(([, offset]) => offset > lastShown)).toBe(true);
    const pages = asked().map(([resultId, offset]) => `${resultId}:${offset}`);
    expect(new Set(pages).size).toBe(pages.length);
    expect(view.problems).toEqual([]);
  });

  it('searches as you type, ranked, and opens a debtor with the keyboard', async () => {
    const view = await open();
    const { page } = view;
    const target = mock.control.dataset.debtors[42]!;
    const firstWord = target.name.split(' ')[0]!;
    await page.keyboard.type(firstWord.toLowerCase());
    await expect.poll(() => page.locator('.count').textContent()).toMatch(new RegExp(`match “${firstWord.toLowerCase()}”$`));
    expect(await page.locator('.row .name').first().textContent()).toMatch(new RegExp(`^${firstWord}`));
    // A screen reader hears the count once typing pauses, and the active option as one sentence.
    const count = await page.locator('.count').textContent();
    await expect.poll(() => page.getByTestId('result-announcement').textContent()).toBe(count);
    const search = page.getByRole('combobox', { name: 'Search debtors' });
    expect(await search.getAttribute('aria-expanded')).toBe('true');
    expect(await search.getAttribute('aria-activedescendant')).toBe('debtor-option-0');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => search.getAttribute('aria-activedescendant')).toBe('debtor-option-1');
    const spoken = await page.locator('#debtor-option-1').innerText();
    expect(spoken.replace(/\s+/g, ' ')).toMatch(/, key D\d+ , score .+ , bureau .+ , changed /);
    expect(await page.locator('#debtor-option-1').getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('#detail-name').count()).toBe(1);
    expect(await page.locator('.detail .score').count()).toBe(2);
    // Known fields in words and formatted; the raw value is what Copy takes.
    expect(await page.locator('.fields dt').allTextContents()).toEqual(
      expect.arrayContaining(['Debtor key', 'Name', 'Credit limit', 'Last changed']),
    );
    const creditLimit = page.locator('.fields dt:text-is("Credit limit") + dd span');
    expect(await creditLimit.textContent()).toMatch(/^\$[\d,]+(\.\d\d)?$/);
    // A moment is its day once, then its time: "Jan 19, 2025, 8:38 AM" (not the day twice).
    const changed = await page.locator('.fields dt:text-is("Last changed") + dd span').textContent();
    expect(changed?.match(/\d{4}/g)).toHaveLength(1);
    expect(changed).toMatch(/\d{1,2}:\d\d(\s?[AP]M)?$/);
    await view.screenshot('lookup-detail-light');
    await page.getByRole('button', { name: 'Copy all' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Copied' }).count()).toBe(1);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('#detail-name').count()).toBe(0);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('.count').textContent()).toBe('2,000 debtors');
  });

  it('finds a debtor by its exact key first, and by a typo in the name', async () => {
    const view = await open('dark');
    const { page } = view;
    const target = mock.control.dataset.debtors[1234]!;
    await page.locator('.search').fill(target.debtorKey.toLowerCase());
    await expect.poll(() => page.locator('.row').first().getAttribute('data-key')).toBe(target.debtorKey);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('.detail .key').textContent()).toBe(target.debtorKey);
    await view.screenshot('lookup-detail-dark');
  });

  it.each(['light', 'dark'] as const)(
    'tells rows apart (%s): the matched part marked, where each is, a status not active, and why a row matched',
    async (scheme) => {
      const view = await open(scheme);
      const { page } = view;
      const { debtors, nicknames } = mock.control.dataset;
      const held = debtors.find((debtor) => debtor.status === 'hold')!;
      const word = held.name.split(' ')[0]!;
      await page.locator('.search').fill(word.toLowerCase());
      const heldRow = page.locator(`.row[data-key="${held.debtorKey}"]`);
      await expect.poll(() => heldRow.locator('mark').first().textContent()).toBe(word);
      expect(await heldRow.locator('.about').textContent()).toContain(`${held.city}, ${held.state}`);
      expect(await heldRow.locator('.chip').textContent()).toContain('On hold');
      // Same-named rows differ by their second line.
      const abouts = await page.locator('.row .about').allTextContents();
      expect(new Set(abouts).size).toBeGreaterThan(1);
      await view.screenshot(`lookup-rows-${scheme}`);
      const nickname = nicknames.find(
        (entry) =>
          !debtors
            .find((debtor) => debtor.debtorKey === entry.debtorKey)!
            .name.toLowerCase()
            .includes(entry.nickname.toLowerCase()),
      )!;
      await page.locator('.search').fill(nickname.nickname);
      const byNickname = page.locator(`.row[data-key="${nickname.debtorKey}"]`);
      await expect.poll(() => byNickname.locator('.why').textContent()).toBe(`Nickname “${nickname.nickname}”`);
    },
  );

  it.each(['light', 'dark'] as const)(
    'remembers (%s): pins a debtor, lists it above the results, and after a sync shows what changed since last looked and the trend',
    async (scheme) => {
      const view = await open(scheme);
      const { page, core } = view;
      const target = mock.control.dataset.debtors[scheme === 'light' ? 1990 : 1991]!;
      await page.locator('.search').fill(target.debtorKey);
      await expect.poll(() => page.locator('.detail .key').textContent()).toBe(target.debtorKey);
      await page.getByRole('button', { name: 'Pin' }).click();
      await expect.poll(() => page.locator('.pin').getAttribute('aria-pressed')).toBe('true');
      // Resting on it counts as looked at.
      await expect
        .poll(async () => (await core.lookup.remembered()).recent[0]?.debtorKey, { timeout: 5_000 })
        .toBe(target.debtorKey);
      // The service changes its score and status; a sync brings them.
      const record = mock.control.dataset.creditScores.find((score) => score.debtorKey === target.debtorKey)!;
      const was = record.score;
      record.score = was > 50 ? was - 40 : was + 40;
      record.modifiedAt = new Date(core.now()).toISOString();
      mock.control.touched(mock.control.dataset.creditScores, [record]);
      await page.getByRole('button', { name: 'Refresh' }).click();
      await page.locator('.search').fill('');
      const pinned = page.locator(`.remembered button[data-key="${target.debtorKey}"]`);
      await expect.poll(() => pinned.textContent()).toContain('changed');
      await pinned.click();
      const note = async () => (await page.locator('.changed[role="note"]').textContent())?.replace(/\s+/g, ' ');
      await expect.poll(note).toContain(`Score ${was} → ${record.score}`);
      expect(await page.locator('.trend svg').getAttribute('aria-label')).toContain(`${was} → ${record.score}`);
      await view.screenshot(`lookup-remembered-${scheme}`);
    },
  );

  it.each(['light', 'dark'] as const)(
    'compares debtors side by side (%s), chosen from the results by keyboard, and closes with Escape',
    async (scheme) => {
      const view = await open(scheme);
      const { page } = view;
      await page.locator('.search').fill('mountain');
      await expect.poll(() => page.locator('.detail .key').count()).toBe(1);
      const keys: string[] = [];
      for (let step = 0; step < 3; step++) {
        if (step > 0) await page.keyboard.press('ArrowDown');
        await expect
          .poll(() => page.locator('.row[aria-selected="true"]').getAttribute('data-key'))
          .not.toBe(keys.at(-1) ?? null);
        keys.push((await page.locator('.row[aria-selected="true"]').getAttribute('data-key'))!);
        await page.keyboard.press('Control+Enter');
      }
      await expect.poll(() => page.locator('.chosen').count()).toBe(3);
      await page.getByRole('button', { name: 'Compare these 3' }).focus();
      await page.keyboard.press('Enter');
      const heads = page.locator('.comparison thead th .key');
      await expect.poll(() => heads.allTextContents()).toEqual(keys);
      // Both scores, the limit in use, then every field the debtors have, in a reader's order.
      const labels = await page.locator('.comparison tbody th').allTextContents();
      expect(labels.map((label) => label.replace(/^≠|\s*\(differs\)$/g, ''))).toEqual([
        'Calculated score',
        'Bureau score',
        'Limit in use',
        'Address',
        'City',
        'State',
        'Postal code',
        'Country',
        'Phone',
        'MC number',
        'Credit limit',
        ...(labels.some((label) => label.includes('Open balance')) ? ['Open balance'] : []),
        'Status',
        'Last changed',
      ]);
      await view.screenshot(`lookup-compare-${scheme}`);
      await page.locator('.search').focus();
      await page.keyboard.press('Escape');
      await expect.poll(() => page.locator('.comparison').count()).toBe(0);
    },
  );

  it('tells twins apart: rows of a repeated name show street and postal code, chips carry the key, the comparison marks what differs', async () => {
    const { debtors } = mock.control.dataset;
    const named = new Map<string, typeof debtors>();
    for (const debtor of debtors) named.set(debtor.name, [...(named.get(debtor.name) ?? []), debtor]);
    const twins = [...named.values()].find((group) => group.length === 2)!;
    const single = [...named.values()].find((group) => group.length === 1)![0]!;
    const view = await open();
    const { page } = view;
    await page.locator('.search').fill(twins[0]!.name);
    for (const twin of twins) {
      const place = page.locator(`.row[data-key="${twin.debtorKey}"] .place`);
      await expect.poll(() => place.textContent()).toBe(`, in ${twin.city}, ${twin.state} ${twin.postalCode}, ${twin.address1}`);
    }
    await page.locator('.search').fill(single.debtorKey.toLowerCase());
    await expect
      .poll(() => page.locator(`.row[data-key="${single.debtorKey}"] .place`).textContent())
      .toBe(`, in ${single.city}, ${single.state}`);

    await page.locator('.search').fill(twins[0]!.name);
    for (const twin of twins) {
      await page.locator(`.row[data-key="${twin.debtorKey}"]`).click();
      await expect.poll(() => page.locator('.row[aria-selected="true"]').getAttribute('data-key')).toBe(twin.debtorKey);
      await page.locator('.search').focus();
      await page.keyboard.press('Control+Enter');
    }
    expect(await page.locator('.chosen').allTextContents()).toEqual(
      twins.map((twin) => expect.stringContaining(`${twin.name} ${twin.debtorKey}`)),
    );
    await page.getByRole('button', { name: 'Compare these 2' }).click();
    const line = (field: string) => page.locator(`.comparison tr[data-field="${field}"]`);
    await expect.poll(() => line('address1').getAttribute('class')).toContain('differs');
    expect(await line('address1').locator('td').allTextContents()).toEqual(twins.map((twin) => twin.address1));
    expect(await line('address1').locator('th').textContent()).toBe('≠Address (differs)');
    expect(await line('country').getAttribute('class')).not.toContain('differs');
    expect(await line('name').count()).toBe(0); // in the column headers
    const differing = await page.locator('.comparison tbody tr.differs').count();
    expect(await page.locator('.comparison .legend').textContent()).toBe(`${differing} lines differ, marked ≠.`);
    await view.screenshot('lookup-compare-twins');
    expect(view.problems).toEqual([]);
  });

  it('says what the scores mean: a band in words and colour on a scale, a legend, and a flag when the two disagree', async () => {
    const { creditScores, bureauScores } = mock.control.dataset;
    const bureauOf = new Map(bureauScores.map((bureau) => [bureau.debtorKey, bureau.bureauScore]));
    const split = creditScores.find((score) => Math.abs(score.score - (bureauOf.get(score.debtorKey) ?? score.score)) >= 30)!;
    const view = await open();
    const { page } = view;
    await page.locator('.search').fill(split.debtorKey.toLowerCase());
    await expect.poll(() => page.locator('.row').first().getAttribute('data-key')).toBe(split.debtorKey);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('.detail .key').textContent()).toBe(split.debtorKey);
    const bands = await page.locator('.detail .band .risk').allTextContents();
    const inWords = (score: number) =>
      score >= 80 ? 'low risk' : score >= 60 ? 'moderate risk' : score >= 40 ? 'elevated risk' : 'high risk';
    expect(bands).toEqual([inWords(split.score), inWords(bureauOf.get(split.debtorKey)!)]);
    const apart = Math.round(Math.abs(split.score - bureauOf.get(split.debtorKey)!));
    expect(await page.locator('.detail .disagree').textContent()).toBe(
      `The calculated score and the bureau's are ${apart} points apart: check both before relying on either.`,
    );
    expect(await page.locator('.detail .legend').textContent()).toMatch(/^Scores from 0 \(worst\) to 100 \(best\)/);
    // The credit limit beside the scores, as money.
    expect(await page.locator('.detail .limit strong').textContent()).toMatch(/^\$[\d,]+\.00$/);
    await view.screenshot('lookup-detail-scores');
  });

  it('says how much of the credit limit is in use where the service sends a balance, and warns past it', async () => {
    const { debtors } = mock.control.dataset;
    const over = debtors.find((debtor) => (debtor.openBalance ?? 0) > debtor.creditLimit!)!;
    const without = debtors.find((debtor) => debtor.openBalance === undefined)!;
    for (const scheme of ['light', 'dark'] as const) {
      const view = await open(scheme);
      const { page } = view;
      const show = async (key: string) => {
        await page.locator('.search').fill(key.toLowerCase());
        await expect.poll(() => page.locator('.row').first().getAttribute('data-key')).toBe(key);
        await page.keyboard.press('Enter');
        await expect.poll(() => page.locator('.detail .key').textContent()).toBe(key);
      };
      await show(over.debtorKey);
      const money = (value: number) => `$${value.toLocaleString('en-US')}.00`;
      const percent = Math.round((over.openBalance! / over.creditLimit!) * 100);
      expect(await page.locator('.detail .use-words').textContent()).toBe(
        `${percent}% of the limit in use (${money(over.openBalance!)} open)`,
      );
      expect(await page.locator('.detail .over').textContent()).toBe(
        `Over the limit by ${money(over.openBalance! - over.creditLimit!)}.`,
      );
      await view.screenshot(`lookup-detail-limit-use-${scheme}`);
      await show(without.debtorKey);
      expect(await page.locator('.detail .limit').count()).toBe(1);
      expect(await page.locator('.detail .use-words, .detail .over').count()).toBe(0);
      expect(view.problems).toEqual([]);
    }
  });

  it('sorts by a column', async () => {
    const view = await open();
    await view.page.getByRole('button', { name: 'Score', exact: true }).click();
    await expect.poll(() => view.page.getByRole('button', { name: 'Score, sorted descending' }).count()).toBe(1);
    const scores = (await view.page.locator('.row .numeric').allTextContents())
      .filter((_, index) => index % 2 === 0)
      .slice(0, 10);
    const values = scores.map((text) => Number.parseInt(/\d+/.exec(text)![0], 10));
    expect(values).toEqual([...values].sort((a, b) => b - a));
  });

  it('focuses the search box with Ctrl+F', async () => {
    const view = await open();
    await view.page.locator('.row').first().click();
    await view.page.keyboard.press('Control+f');
    expect(await view.page.locator(':focus').getAttribute('aria-label')).toBe('Search debtors');
  });

  it('exports the results as CSV through the shell', async () => {
    const view = await open();
    await view.page.locator('.search').fill('acme');
    await expect.poll(() => view.page.locator('.count').textContent()).toMatch(/match “acme”$/);
    await view.page.getByRole('button', { name: 'Export CSV' }).click();
    await expect
      .poll(() => view.page.locator('.saved').textContent())
      .toMatch(/^Saved to \/home\/user\/Downloads\/debtors-\d{4}-\d\d-\d\d\.csv$/);
    const [file] = view.shell.saved;
    expect(file!.content.startsWith('\uFEFFDebtor key,Name,City,State,Calculated score')).toBe(true);
    expect(file!.content.split('\r\n').length).toBeGreaterThan(3);
  });

  it('lets Enter on a button press that button, not open the selected debtor', async () => {
    const view = await open();
    await view.page.locator('.search').fill('acme');
    await expect.poll(() => view.page.locator('.count').textContent()).toMatch(/match “acme”$/);
    await view.page.getByRole('button', { name: 'Export CSV' }).focus();
    await view.page.keyboard.press('Enter'); // used to be swallowed to open the selected debtor
    await expect.poll(() => view.shell.saved.length).toBe(1);
  });

  it('moves through the list with Page Up/Down and Home/End, and leaves Home/End to the search box’s caret', () => {
    const key = (name: string, more: { ctrl?: boolean; inSearchBox?: boolean } = {}) => ({
      key: name,
      ctrlKey: more.ctrl ?? false,
      metaKey: false,
      inSearchBox: more.inSearchBox ?? false,
    });
    expect(movedSelection(key('PageDown'), 0, 100_000, 13)).toBe(12);
    expect(movedSelection(key('PageDown'), -1, 100_000, 13)).toBe(12);
    expect(movedSelection(key('PageUp'), 5, 100_000, 13)).toBe(0);
    expect(movedSelection(key('End'), 7, 100_000, 13)).toBe(99_999);
    expect(movedSelection(key('Home'), 99_999, 100_000, 13)).toBe(0);
    expect(movedSelection(key('End', { inSearchBox: true }), 7, 100_000, 13)).toBeNull();
    expect(movedSelection(key('End', { inSearchBox: true, ctrl: true }), 7, 100_000, 13)).toBe(99_999);
    expect(movedSelection(key('ArrowDown'), 99_999, 100_000, 13)).toBe(99_999);
    expect(movedSelection(key('a'), 3, 100, 13)).toBeNull();
    expect(movedSelection(key('End'), 0, 0, 13)).toBeNull();
  });

  it('pages through the list by keyboard, keeps the focus on Refresh after Enter, and reaches every Copy button', async () => {
    const view = await open();
    const { page } = view;
    const selected = () => page.locator('.row[aria-selected="true"]').getAttribute('aria-posinset');
    await page.locator('.search').focus();
    await expect.poll(selected).toBe('1');
    await page.keyboard.press('ArrowDown');
    await expect.poll(selected).toBe('2');
    // A page is the rows shown less one, which stays in view.
    await page.keyboard.press('PageDown');
    const shown = Math.floor((await page.locator('.scroller').evaluate((element) => element.clientHeight)) / 48);
    expect(shown).toBeGreaterThan(5);
    await expect.poll(selected).toBe(String(2 + shown - 1));
    await page.keyboard.press('Control+End');
    await expect.poll(selected).toBe('2000');
    await page.keyboard.press('PageUp');
    await expect.poll(selected).toBe(String(2000 - (shown - 1)));
    await page.keyboard.press('Control+Home');
    await expect.poll(selected).toBe('1');

    // Refresh says it is busy while the lists load (slowly here), yet keeps the focus Enter gave it.
    const refresh = page.getByRole('button', { name: 'Refresh' });
    mock.control.setService('debtors', { latencyMs: 300 });
    try {
      await refresh.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => refresh.getAttribute('aria-disabled')).toBe('true');
      await expect.poll(() => refresh.getAttribute('aria-disabled'), { timeout: 15_000 }).toBe('false');
    } finally {
      mock.control.setService('debtors', { latencyMs: 0 });
    }
    expect(await refresh.evaluate((button) => button === button.ownerDocument.activeElement)).toBe(true);

    await page.locator('.search').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('.detail .copy').count()).toBeGreaterThan(3);
    await page.getByRole('button', { name: 'Copy all' }).focus();
    await page.keyboard.press('Tab');
    const focused = page.locator('.detail .copy:focus');
    await expect.poll(() => focused.count()).toBe(1);
    expect(
      await focused.evaluate(
        (button) =>
          (globalThis as unknown as { getComputedStyle(element: unknown): { opacity: string } }).getComputedStyle(button).opacity,
      ),
    ).toBe('1');
    expect(view.problems).toEqual([]);
  });

  it('keeps the detail pane on the selected row, and empties it when the results are empty', async () => {
    const view = await open();
    const { page } = view;
    await page.locator('.search').fill('acme');
    await expect.poll(() => page.locator('.count').textContent()).toMatch(/match “acme”$/);
    /** Whether the pane shows the debtor of row `index` (the row's name cell starts with the name). */
    const paneShowsRow = async (index: number) => {
      const shown = await page
        .locator('#detail-name')
        .textContent()
        .catch(() => null);
      const row = await page.locator('.row').nth(index).locator('.name').textContent();
      return shown !== null && shown !== '' && (row ?? '').startsWith(shown);
    };
    await expect.poll(() => paneShowsRow(0)).toBe(true);
    await page.locator('.search').press('ArrowDown');
    await expect.poll(() => paneShowsRow(1)).toBe(true);
    expect(await paneShowsRow(0)).toBe(false);
    await page.locator('.search').fill('zzzzqqqq');
    await expect.poll(() => page.locator('aside.detail .empty').textContent()).toBe('No debtor selected.');
    expect(await page.locator('article.detail').count()).toBe(0);
    // Nothing found says what to try, rather than an empty table alone.
    expect(await page.locator('.no-match').textContent()).toMatch(/^Check the spelling, or search for a part of the name/);
    await page.locator('.search').fill('');
    await expect.poll(() => page.locator('.no-match').count()).toBe(0);
    // Two slips in a word the data has: it is offered, and one click searches for it.
    await page.locator('.search').fill('montian veiw');
    const offered = page.getByRole('button', { name: 'Did you mean “mountain view”?' });
    await expect.poll(() => offered.count()).toBe(1);
    await view.screenshot('lookup-did-you-mean');
    await offered.click();
    await expect.poll(() => page.locator('.search').inputValue()).toBe('mountain view');
    await expect.poll(() => page.locator('.row').count()).toBeGreaterThan(0);
  });

  it('names an endpoint that failed, and works with the rest', async () => {
    mock.control.setService('debtors', { rateLimit: { retryAfterSeconds: 600, remaining: 1 } });
    const core = createTestCore(mock);
    const view = await harness.open(
      'lookup',
      { handlers: createWindowHandlers(core, recordingShell()), subscribe: core.events.on },
      { size: { width: 1200, height: 800 } },
    );
    await expect
      .poll(() => view.page.locator('.banner').textContent(), { timeout: 15_000 })
      .toMatch(/could not be loaded: .*\(429\).*Everything else works; try Refresh later\./s);
    await view.screenshot('lookup-partial-failure');
    mock.control.setService('debtors', { rateLimit: null });
  });
});

describe('Advance', () => {
  it('lists clients, shows a client’s transactions with totals, checks the date range, and shows details', async () => {
    const view = await open();
    const { page } = view;
    await page.getByRole('tab', { name: 'Advance' }).click();
    const firstClient = page.locator('.client-list button').first();
    await expect.poll(() => firstClient.count()).toBe(1);
    await firstClient.click();
    await expect.poll(() => page.locator('.totals').textContent()).toMatch(/^\d+ transactions? · total/);
    // The client by name, and the last 30 days unless said otherwise.
    const name = await firstClient.locator('strong').textContent();
    expect(await page.locator('#tx-title').textContent()).toMatch(
      new RegExp(`^Transactions of ${name!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(C\\d+\\)$`),
    );
    // Days as the analyst's language writes them (English: MM/DD/YYYY), not the browser's.
    const from = await page.getByLabel('From').inputValue();
    const to = await page.getByLabel('to', { exact: true }).inputValue();
    expect(from).toMatch(/^\d\d\/\d\d\/\d{4}$/);
    expect(Date.parse(to) - Date.parse(from)).toBe(30 * 86_400_000);
    await page.getByLabel('From').fill('06/01/2026');
    await page.getByLabel('to', { exact: true }).fill('01/01/2026');
    await page.getByRole('button', { name: 'Show', exact: true }).last().click();
    await expect
      .poll(() => page.locator('.transactions .error').first().textContent())
      .toBe('End date (01/01/2026) is before the start date (06/01/2026).');
    await page.getByLabel('to', { exact: true }).fill('');
    await page.getByLabel('From').fill('');
    await page.getByRole('button', { name: 'Show', exact: true }).last().click();
    await expect.poll(() => page.locator('.transactions tbody tr').count()).toBeGreaterThan(0);
    const types = new Set(await page.locator('.transactions tbody tr td:nth-child(3)').allTextContents());
    expect([...types].every((type) => ['Advance', 'Fee', 'Repayment', 'Adjustment'].includes(type))).toBe(true);
    // A transaction's lines by keyboard: its key is a button.
    const firstKey = page.locator('.transactions tbody tr').first().getByRole('button');
    await firstKey.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('table.lines tbody tr').count()).toBeGreaterThan(0);
    expect(await page.locator('table.lines').getAttribute('aria-label')).toBe(`Details of ${await firstKey.textContent()}`);
    await view.screenshot('lookup-advance');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    await expect.poll(() => view.shell.saved.length).toBe(1);
    expect(view.shell.saved[0]!.content).toMatch(/^\uFEFFTransaction key,Client key,Date,Type,Amount,Description\r\n/);
  });
});

describe('the lists kept on this computer', () => {
  it('says when the saved lists could not be used and were loaded afresh', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'lookup-window-cache-'));
    const first = createTestCore(mock, { dataDir });
    await first.lookup.ensureLoaded();
    const [file] = readdirSync(dataDir).filter((name) => name.startsWith('lookup-cache-'));
    writeFileSync(join(dataDir, file!), 'damaged');
    const core = createTestCore(mock, { dataDir, settingsDir: first.settingsDir });
    await core.vault.unlock();
    const view = await harness.open(
      'lookup',
      { handlers: createWindowHandlers(core, recordingShell()), subscribe: core.events.on },
      { size: { width: 1200, height: 800 } },
    );
    await expect.poll(() => view.page.locator('.cache-note').textContent(), { timeout: 15_000 }).toContain('could not be read');
    // The note comes as the damaged file is found; the lists loaded afresh follow it.
    await expect.poll(() => view.page.locator('.count').textContent(), { timeout: 15_000 }).toBe('2,000 debtors');
    await view.screenshot('lookup-cache-unreadable');
  });
});

describe('the lookup in the analyst’s language', () => {
  it('shows no text outside the catalogue: the list, a debtor’s details and the Advance tab (pseudo-locale)', async () => {
    const core = createTestCore(mock);
    core.settings.updatePreferences({ general: { language: 'en-XA' } });
    const view = await harness.open(
      'lookup',
      { handlers: createWindowHandlers(core, recordingShell()), subscribe: core.events.on },
      { size: { width: 1200, height: 800 } },
    );
    const { page } = view;
    await expect.poll(() => page.locator('.count').textContent(), { timeout: 15_000 }).toMatch(/^\[.*2,000/);
    await expect.poll(() => page.locator('.detail h2').count(), { timeout: 10_000 }).toBe(1);
    // Data, not words: names, keys, places, scores and grades, the server's field values, the environment's name.
    const data = '.row .name, .row .place, .row .key, .row .numeric, .detail header, .big, .chip, dd span, td, .environment';
    const found = await untranslatedText(page, data);
    await view.screenshot('lookup-pseudo');
    await page.getByRole('tab').nth(1).click();
    await expect.poll(() => page.locator('.client-list li').count()).toBeGreaterThan(0);
    await page.locator('.client-list button').first().click();
    await expect.poll(() => page.locator('.totals').count()).toBe(1);
    found.push(...(await untranslatedText(page, `${data}, .client-list strong, .client-list span, .by-type, #tx-title`)));
    await view.screenshot('lookup-advance-pseudo');
    expect(found).toEqual([]);
    expect(view.problems).toEqual([]);
  });

  it('speaks Spanish: counts, columns and the details', async () => {
    const core = createTestCore(mock, { systemLanguages: () => ['es-ES'] });
    const view = await harness.open(
      'lookup',
      { handlers: createWindowHandlers(core, recordingShell()), subscribe: core.events.on },
      { size: { width: 1200, height: 800 } },
    );
    const { page } = view;
    await expect.poll(() => page.locator('.count').textContent(), { timeout: 15_000 }).toBe('2000 deudores');
    expect(await page.getByRole('button', { name: 'Actualizar' }).isVisible()).toBe(true);
    expect(await page.locator('.head button').allTextContents()).toEqual(
      expect.arrayContaining([
        expect.stringContaining('Nombre'),
        expect.stringContaining('Puntuación'),
        expect.stringContaining('Agencia'),
      ]),
    );
    await expect.poll(() => page.locator('.detail h3').first().textContent(), { timeout: 10_000 }).toBe('Puntuación calculada');
    await view.screenshot('lookup-spanish');
    expect(view.problems).toEqual([]);
  });
});
