/**
 * The month's record in the built app (issue 67, point 4): My time's own page printed to PDF by
 * Electron's printToPDF (main.ts → electron/page-print.ts → the stand-in's Chromium), saved where
 * the user chose, and read back.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { eventually, useApp } from './fixture.ts';

const apps = useApp();

describe('my copy of my record', () => {
  it('prints My time’s page to a PDF of the month’s record, through the save dialog', async () => {
    const dataDir = apps.newDataDir();
    const app = await apps.launch({ dataDir });
    // The hours line's words change once the clock has read the service (the mock's seeded shift may
    // reach into today, by the hour of the day): it is clicked as it reads at that moment, again if
    // it changed between the reading and the click.
    const clickedHours = async () => {
      const label = (await app.tray())?.menu.find((item) => item.label?.startsWith('Today'))?.label;
      return (
        label !== undefined &&
        (await app.clickTray(label).then(
          () => true,
          () => false,
        ))
      );
    };
    await eventually(clickedHours, (clicked) => clicked);
    const hours = await app.window('hours');
    const target = join(dataDir, 'record.pdf');
    await app.scriptDialogs(target);
    await hours.getByRole('button', { name: 'Save as PDF…' }).click();
    await eventually(
      () => hours.getByRole('status').filter({ hasText: 'Saved to' }).textContent(),
      (text) => text === `Saved to ${target}`,
    );
    const text = execFileSync('pdftotext', ['-layout', target, '-'], { encoding: 'utf8' });
    expect(text).toMatch(/^Working-time record · \w+ \d{4}$/m);
    expect(text).toContain('Mock (built-in)');
    expect(text.replace(/\s+/g, ' ')).toContain('The timeclock service keeps the authoritative record.');
    expect(text).not.toContain('Save as PDF');
    const asked = (await app.reported('dialog', (detail: { kind: string }) => detail.kind === 'save')) as {
      defaultPath: string;
      filters: Array<{ name: string; extensions: string[] }>;
    };
    expect(asked.defaultPath).toMatch(/working-time-record-\d{4}-\d{2}\.pdf$/);
    expect(asked.filters).toEqual([{ name: 'PDF document', extensions: ['pdf'] }]);
    expect(await app.quit()).toBe(0);
  });
});
