/**
 * The status window's outages (issue 51) in real Chromium, over a core on a fake clock whose watch
 * saw two real (mock) outages of the payroll link, the second going on: "I know" with a note, the
 * next maintenance with its title and reason, the 30-day list and its CSV, the panel's banner — in
 * English, German and Spanish, light and dark, and at 200 %.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppCore } from '../../src-main/core/app-core.ts';
import { createWindowHandlers } from '../../src-main/core/ipc/window-handlers.ts';
import { windowSizes } from '../../src-main/electron/window-sizes.ts';
import { startMockServer, type MockServer } from '../../src-main/mock/mock-server.ts';
import { startHarness, type Harness } from '../../src-main/testing/browser/harness.ts';
import { sidewaysOverflow } from '../../src-main/testing/browser/overflow.ts';
import { createFakeClock, runClockUntil } from '../../src-main/testing/fake-clock.ts';
import { createTestCore } from '../../src-main/testing/test-core.ts';
import { recordingShell } from '../../src-main/testing/test-shell.ts';
import type { LanguageSetting } from '../../src-main/shared/i18n/locales.ts';

let mock: MockServer;
let harness: Harness;
let core: AppCore;
const clock = createFakeClock(Date.parse('2026-11-23T07:00:00Z'));
const MIN = 60_000;
const local = (ms: number) => new Date(ms).toTimeString().slice(0, 5);

beforeAll(async () => {
  mock = await startMockServer({ debtors: 5 });
  harness = await startHarness();
  // IT's window tonight: from six hours ahead, for two hours, in this computer's local time.
  const from = clock.now() + 6 * 60 * MIN;
  const window = { from: local(from), until: local(from + 120 * MIN), weekdays: [0, 1, 2, 3, 4, 5, 6] };
  core = createTestCore(mock, {
    time: clock,
    formatTime: (ms) => new Date(ms).toISOString().slice(11, 16),
    admin: { defaults: { monitoring: { maintenance: [{ ...window, title: 'Payroll link', reason: 'database upgrade' }] } } },
  });
  core.health.start();
  const runFor = (minutes: number) => runClockUntil(clock, clock.now() + minutes * MIN, () => core.health.flush());
  await runFor(60);
  mock.control.setSystem('target', { status: 'down' });
  await runFor(20);
  mock.control.setSystem('target', { status: 'up' });
  await runFor(20);
  mock.control.setSystem('target', { status: 'down' });
  await runFor(10);
});
afterAll(async () => {
  core?.health.stop();
  await harness?.close();
  await mock?.close();
});

async function open(language: LanguageSetting, options: { colorScheme?: 'light' | 'dark'; zoom?: number } = {}) {
  core.settings.updatePreferences({ general: { language } });
  const shell = recordingShell();
  const zoom = options.zoom ?? 1;
  const view = await harness.open(
    'status',
    { handlers: createWindowHandlers(core, shell), subscribe: core.events.on },
    // The window at its own size; at 200 % it holds half the CSS pixels (issue 63, point 6).
    { colorScheme: options.colorScheme ?? 'light', zoom, size: windowSizes.status },
  );
  await expect.poll(() => view.page.getByTestId('outages').count()).toBe(1);
  return { ...view, shell };
}

describe('outages in the status window', () => {
  it('offers "I know" with a note for the outage going on, lists 30 days of outages, says the next maintenance, and exports the list', async () => {
    const { page, screenshot, problems, shell } = await open('en');
    expect(await page.getByTestId('maintenance-next').textContent()).toMatch(
      /^Next maintenance: \w+ .+–.+ · Payroll link · database upgrade$/,
    );
    const rows = page.getByTestId('outages').locator('tbody tr');
    expect(await rows.count()).toBe(2);
    expect(await rows.first().locator('td').nth(2).textContent()).toBe('still going on');
    expect(await rows.nth(1).locator('td').nth(3).textContent()).toMatch(/^2\d min$/);
    expect(await rows.nth(1).locator('td').nth(4).textContent()).toMatch(/^down at .*; back at /);
    // The system's words once, not in every row; a down system is neither fast nor slow (issue 63, point 9).
    expect(await rows.first().locator('td').nth(5).textContent()).toBe('Payroll link reports that it is down.');
    expect(await rows.nth(1).locator('td').nth(5).textContent()).toBe('');
    const down = page.locator('[data-system="target"]');
    expect(await down.locator('.speed').count()).toBe(0);
    expect(await down.getByText('Last latency').count()).toBe(0);
    expect(await down.locator('[data-uptime]').count()).toBe(1);
    await screenshot('status-outage-going-on');
    // Offered in the card of the system that is down, naming it (issue 63, point 7).
    const payroll = page.locator('[data-system="target"]');
    expect(await page.locator('[data-system="source"]').getByTestId('acknowledge').count()).toBe(0);
    await payroll.getByLabel('Note (optional), e.g. IT ticket 4711').fill('IT ticket 4711');
    await payroll.getByRole('button', { name: 'I know — no reminders until Payroll link is back' }).click();
    await expect
      .poll(() => payroll.getByTestId('acknowledged').textContent())
      .toMatch(/by \S+: IT ticket 4711 · No reminders until it is back/);
    expect(await page.getByTestId('acknowledge').count()).toBe(0);
    expect(await rows.first().locator('.ack').textContent()).toMatch(/IT ticket 4711$/);
    await page.getByRole('button', { name: 'Outages as CSV' }).click();
    await expect
      .poll(() => shell.saved.map((file) => file.name))
      .toEqual([expect.stringMatching(/^outages-\d{4}-\d\d-\d\d\.csv$/)]);
    expect(shell.saved[0]!.content.split('\r\n')).toHaveLength(4); // header, two outages, the end
    // The checks of the day beside them, each with where its time went (issue 66, point 3).
    await page.getByRole('button', { name: 'Checks as CSV' }).click();
    await expect.poll(() => shell.saved.length).toBe(2);
    const checks = shell.saved[1]!;
    expect(checks.name).toMatch(/^health-checks-\d{4}-\d\d-\d\d\.csv$/);
    const [header, first] = checks.content.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toBe(
      'System,Checked,Result,Total (ms),Name lookup (ms),Connecting (ms),TLS (ms),Waiting for the server (ms),Reading (ms)',
    );
    expect(first).toMatch(/^(Time recording|Payroll link),.*,(answered|failed),/);
    expect(checks.content).toMatch(/,answered,\d+,[^,]*,[^,]*,,\d+,\d+\r\n/); // a check with its server's part
    await screenshot('status-outage-acknowledged');
    // Taken back: reminded of again, and "I know" offered once more.
    await payroll.getByRole('button', { name: 'Remind me again' }).click();
    await expect.poll(() => payroll.getByTestId('acknowledge').count()).toBe(1);
    expect(core.health.status().systems.find((system) => system.system === 'target')!.outage!.acknowledged).toBeNull();
    expect(problems).toEqual([]);
  });

  it('speaks German, dark', async () => {
    const { page, screenshot, problems } = await open('de', { colorScheme: 'dark' });
    expect(await page.locator('#outages-title').textContent()).toBe('Ausfälle der letzten 30 Tage');
    expect(await page.getByTestId('maintenance-next').textContent()).toMatch(
      /^Nächste Wartung: .* · Payroll link · database upgrade$/,
    );
    expect(await page.getByTestId('outages').locator('tbody tr').first().locator('td').nth(2).textContent()).toBe('dauert an');
    await screenshot('status-outages-german-dark');
    expect(problems).toEqual([]);
  });

  it('speaks German at a real 200 %, every column of the outage list in view', async () => {
    const { page, screenshot } = await open('de', { zoom: 2 });
    const table = page.getByTestId('outages');
    await table.scrollIntoViewIfNeeded();
    await screenshot('status-outages-german-200');
    const [tableWidth, boxWidth] = await table.evaluate((element) => [
      element.scrollWidth,
      (element.parentElement as unknown as { clientWidth: number }).clientWidth,
    ]);
    expect(tableWidth).toBeLessThanOrEqual(boxWidth + 1);
  });

  it('speaks Spanish at 200 %, the page never scrolling sideways', async () => {
    const { page, screenshot, problems } = await open('es', { zoom: 2 });
    expect(await page.locator('#outages-title').textContent()).toBe('Caídas de los últimos 30 días');
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await page.getByTestId('outages').scrollIntoViewIfNeeded();
    await screenshot('status-outages-spanish-200');
    expect(problems).toEqual([]);
  });
});

/** The page's computed styles, as the browser gives them (the tests are typed without the DOM). */
type Styles = { getComputedStyle(element: unknown): { borderLeftColor: string; lineHeight: string } };

describe('the panel while a system is down', () => {
  const openPanel = (on: AppCore, shell = recordingShell()) =>
    harness.open(
      'panel',
      { handlers: createWindowHandlers(on, shell), subscribe: on.events.on },
      { size: { width: 360, height: 480 } },
    );

  it('says what is down and since when first, never the name twice, in two lines at most, and links to the status window', async () => {
    core.settings.updatePreferences({ general: { language: 'en' } });
    core.environments.save({ ...core.environments.get('mock')!.environment, employeeId: 'E1002' });
    const shell = recordingShell();
    const view = await openPanel(core, shell);
    const banner = view.page.getByTestId('health-banner');
    await expect.poll(() => banner.locator('strong').textContent()).toMatch(/^Payroll link down since \S+/);
    // The mock only says it is down: nothing more to add, so no cause repeating the system's name.
    expect((await banner.locator('p').textContent())!.match(/Payroll link/g)).toHaveLength(1);
    const [height, lineHeight] = await banner
      .locator('p')
      .evaluate((p) => [
        p.getBoundingClientRect().height,
        parseFloat((globalThis as unknown as Styles).getComputedStyle(p).lineHeight),
      ]);
    expect(height).toBeLessThanOrEqual(2 * lineHeight + 1);
    expect(await banner.evaluate((element) => (globalThis as unknown as Styles).getComputedStyle(element).borderLeftColor)).toBe(
      'rgb(198, 40, 40)',
    );
    await banner.getByRole('button', { name: 'Details…' }).click();
    expect(shell.calls).toContain('open status');
    await view.screenshot('panel-health-banner');
    expect(view.problems).toEqual([]);
  });

  it('says maintenance going on as a sentence, once, in a calm colour, not in outage red', async () => {
    const now = createFakeClock(Date.parse('2026-11-23T10:00:00Z'));
    const window = { from: local(now.now() - 30 * MIN), until: local(now.now() + 90 * MIN), weekdays: [0, 1, 2, 3, 4, 5, 6] };
    const planned = createTestCore(mock, {
      time: now,
      formatTime: (ms) => new Date(ms).toISOString().slice(11, 16),
      admin: { defaults: { monitoring: { maintenance: [{ ...window, reason: 'database upgrade' }] } } },
    });
    const view = await openPanel(planned);
    const banner = view.page.getByTestId('health-banner');
    await expect.poll(() => banner.locator('strong').textContent()).toMatch(/^Maintenance until \d\d:\d\d · database upgrade$/);
    expect(
      await banner.evaluate((element) => (globalThis as unknown as Styles).getComputedStyle(element).borderLeftColor),
    ).not.toBe('rgb(198, 40, 40)');
    await view.screenshot('panel-maintenance-banner');
  });
});
