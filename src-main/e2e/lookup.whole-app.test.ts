/**
 * The debtor lookup in the built app (main.ts → the lookup worker thread built as
 * dist/main/lookup-worker.js, the save dialog): it syncs, finds a debtor, and exports where the
 * user chose.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { eventually, useApp } from './fixture.ts';

const apps = useApp();

describe('the debtor lookup', () => {
  it('syncs in the worker thread, finds a debtor, and exports through the save dialog', async () => {
    const dataDir = apps.newDataDir();
    const app = await apps.launch({ dataDir });
    await app.clickTray('Debtor lookup…');
    const lookup = await app.window('lookup');
    // The whole load, not only its first list: the search answers from the debtors before the
    // nicknames are in, and a count read then could grow.
    await eventually(
      () => lookup.locator('.sync').textContent(),
      (text) => /^[\d,]+ debtors · synced/.test(text ?? ''),
      60_000,
    );
    await lookup.getByRole('combobox', { name: 'Search debtors' }).fill('acme');
    // The count names the search it answers: before that, the list of every debtor (whose first
    // row may be an Acme too) is still on screen.
    const count = await eventually(
      () => lookup.locator('.count').textContent(),
      (text) => /^[\d,]+ debtors? match “acme”$/.test(text ?? ''),
    );
    const matches = Number(count!.replace(/\D/g, ''));
    expect(matches).toBeGreaterThan(0);

    const target = join(dataDir, 'acme.csv');
    await app.scriptDialogs(target);
    await lookup.getByRole('button', { name: 'Export CSV' }).click();
    await eventually(
      () => lookup.locator('.saved').textContent(),
      (text) => text === `Saved to ${target}`,
    );
    const lines = readFileSync(target, 'utf8').trim().split(/\r?\n/);
    expect(lines).toHaveLength(matches + 1);
    expect(lines.slice(1).every((line) => /acme/i.test(line))).toBe(true);
    const asked = (await app.reported('dialog', (detail: { kind: string }) => detail.kind === 'save')) as {
      defaultPath: string;
      filters: Array<{ name: string; extensions: string[] }>;
    };
    expect(asked.defaultPath).toMatch(/\.csv$/);
    expect(asked.filters).toEqual([{ name: 'CSV (spreadsheet)', extensions: ['csv'] }]);
    expect(await app.quit()).toBe(0);
  });
});
