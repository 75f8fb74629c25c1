/** The status window in real Chromium, over a core whose history was made by a real (mock) outage. */
import { recordingShell } from '../../src-main/testing/test-shell.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppCore } from '../../src-main/core/app-core.ts';
import { createWindowHandlers } from '../../src-main/core/ipc/window-handlers.ts';
import { startMockServer, type MockServer } from '../../src-main/mock/mock-server.ts';
import { startHarness, type Harness } from '../../src-main/testing/browser/harness.ts';
import { createFakeClock, runClockUntil } from '../../src-main/testing/fake-clock.ts';
import { createTestCore } from '../../src-main/testing/test-core.ts';
import { untranslatedText } from '../../src-main/testing/browser/untranslated.ts';
import { startStatusPageServer, statuspageSummary } from '../../src-main/testing/status-pages.ts';

let mock: MockServer;
let harness: Harness;
let core: AppCore;
const clock = createFakeClock(Date.parse('2026-11-23T07:00:00Z'));
const MIN = 60_000;

beforeAll(async () => {
  mock = await startMockServer({ debtors: 50 });
  harness = await startHarness();
  core = createTestCore(mock, { time: clock, formatTime: (ms) => new Date(ms).toISOString().slice(11, 16) });
  core.health.start();
  const start = clock.now();
  const runFor = (minutes: number) => runClockUntil(clock, clock.now() + minutes * MIN, () => core.health.flush());
  // Two quiet hours, a 20-minute outage of the target system, then forty minutes of recovery.
  await runFor(120);
  mock.control.setSystem('target', { status: 'down' });
  await runFor(20);
  mock.control.setSystem('target', { status: 'up' });
  await runFor(40);
  expect(clock.now() - start).toBe(180 * MIN);
});
afterAll(async () => {
  core?.health.stop();
  await harness?.close();
  await mock?.close();
});

const open = (colorScheme: 'light' | 'dark' = 'light', query = '') =>
  harness.open(
    'status',
    { handlers: createWindowHandlers(core, recordingShell()), subscribe: core.events.on },
    { colorScheme, size: { width: 900, height: 760 }, query },
  );
const focusedId = (view: Awaited<ReturnType<typeof open>>) =>
  view.page.evaluate(
    () => (globalThis as unknown as { document: { activeElement: { id: string } | null } }).document.activeElement?.id,
  );

describe('status window', () => {
  it('shows both systems with uptime, percentiles, a chart over what was watched and the log of changes', async () => {
    const view = await open();
    const { page } = view;
    const target = page.locator('[data-system="target"]');
    await expect.poll(() => target.locator('.status').textContent()).toMatch(/^up · \d+ ms · checked \d+ s ago$/);
    const dayUptime = Number((await target.locator('[data-uptime="day"]').textContent())!.replace(/[^\d.]/g, ''));
    expect(dayUptime).toBeGreaterThan(80);
    expect(dayUptime).toBeLessThan(95);
    expect(await page.locator('[data-system="source"] [data-uptime="day"]').textContent()).toBe('100%');
    expect(await target.locator('rect').count()).toBeGreaterThan(5);
    expect(await target.locator('svg').getAttribute('aria-label')).toMatch(
      /^Payroll link latency: highest \d+ ms in the last 3 h\. Checks failed during about (1[5-9]|2\d) min of it\.$/,
    );
    // The chart spans the three hours watched, not a day with the watch packed into its last eighth.
    expect(await target.locator('figcaption span').first().textContent()).toBe('3 h ago');
    const failedBands = await target
      .locator('rect.failure')
      .evaluateAll((rects) => rects.map((rect) => Number(rect.getAttribute('x'))));
    expect(Math.min(...failedBands)).toBeGreaterThan(96 * (115 / 180));
    expect(Math.max(...failedBands)).toBeLessThan(96 * (145 / 180));
    expect(await target.getByText('Typical / slowest 5 % (1 h)').count()).toBe(1);
    expect(await target.locator('rect.failure').count()).toBeGreaterThan(0);
    expect(
      await target
        .locator('rect.failure')
        .first()
        .evaluate(
          (rect) =>
            (globalThis as unknown as { getComputedStyle(element: unknown): { fill: string } }).getComputedStyle(rect).fill,
        ),
    ).toBe('rgb(198, 40, 40)');
    expect(await page.locator('[data-system="source"] rect.failure').count()).toBe(0);
    const changes = await page.locator('tbody tr td:nth-child(3)').allTextContents();
    expect(changes.slice(0, 3)).toEqual(['down → up', 'check failed → down', 'up → check failed']);
    // At a glance: one line for both, uptime over the three hours watched (not "24 h"), latency in words, a heartbeat bar.
    expect(await page.locator('.summary').textContent()).toBe(core.health.summary());
    expect(await target.locator('[data-uptime="day"]').locator('xpath=preceding-sibling::dt').textContent()).toBe(
      'Uptime · last 3 h',
    );
    // One uptime per card: the hour's beside the day's disagreed (issue 63, point 9).
    expect(await target.locator('[data-uptime]').count()).toBe(1);
    expect(await target.locator('.speed').textContent()).toBe('fast');
    expect(await target.locator('.beat').count()).toBe(40);
    expect(await target.locator('.beats').getAttribute('aria-label')).toBe('Last 40 checks: all answered');
    await view.screenshot('status-light');
    expect(view.problems).toEqual([]);
  });

  it('reads well in dark mode', async () => {
    const view = await open('dark');
    await expect.poll(() => view.page.locator('tbody tr').count()).toBeGreaterThan(2);
    await view.screenshot('status-dark');
    expect(view.problems).toEqual([]);
  });

  it('focuses the system a notification was about', async () => {
    const view = await open();
    await expect.poll(() => view.page.locator('[data-system="target"]').count()).toBe(1);
    core.events.emit('focusSystem', 'target');
    await expect.poll(() => focusedId(view)).toBe('system-target');
  });

  it('focuses the system named in its address once the cards are drawn (a notification opened it)', async () => {
    const view = await open('light', 'system=target');
    await expect.poll(() => focusedId(view)).toBe('system-target');
  });

  it('"Check now" shows a fresh failure at once, as the system said it (reports down), re-checking before calling it down', async () => {
    const view = await open();
    mock.control.setSystem('source', { status: 'down' });
    await view.page.getByRole('button', { name: 'Check now' }).click();
    await expect
      .poll(() => view.page.locator('[data-system="source"] .status').textContent())
      .toBe('reports that it is down · re-checking');
    // The line's own sentence and the state beside it say the same thing (issue 46, point 1).
    expect(await view.page.locator('[data-system="source"]').textContent()).not.toContain('not answering');
    await view.screenshot('status-check-now-suspect');
    mock.control.setSystem('source', { status: 'up' });
    // Leave the source up again, as the next tests find it: otherwise its recovery is said with their news.
    await runClockUntil(clock, clock.now() + 5 * MIN, () => core.health.flush());
    expect(core.health.snapshot().source.state).toBe('up');
  });

  it('mutes notifications for an hour, which end by themselves, says so, and resumes them on request', async () => {
    const view = await open();
    await view.page.getByRole('button', { name: 'Mute notifications for 1 hour' }).click();
    await expect
      .poll(() => view.page.locator('.notice').textContent())
      .toMatch(/^Notifications are paused until .+\. The tray still shows every change\./);
    expect(core.health.notificationsPausedUntil()).toBe(clock.now() + 60 * MIN);
    await view.page.getByRole('button', { name: 'Resume notifications' }).click();
    await expect.poll(() => view.page.locator('.notice').count()).toBe(0);
    expect(core.health.notificationsPausedUntil()).toBeNull();
  });

  it('opens with the focus on its title, and says at once when a system goes down and when it is back', async () => {
    const view = await open();
    const focusedTag = () =>
      view.page.evaluate(
        () =>
          (globalThis as unknown as { document: { activeElement: { tagName: string } | null } }).document.activeElement?.tagName,
      );
    await expect.poll(focusedTag).toBe('H1');
    const said = view.page.getByTestId('health-announcement');
    expect(await said.getAttribute('role')).toBe('alert');
    expect(await said.textContent()).toBe('');
    expect(core.health.snapshot().source.state).toBe('up');
    const runFor = (minutes: number) => runClockUntil(clock, clock.now() + minutes * MIN, () => core.health.flush());
    mock.control.setSystem('target', { status: 'down' });
    try {
      await runFor(3);
      await expect.poll(() => said.textContent()).toMatch(/^Payroll link: down since \d\d:\d\d\.$/);
    } finally {
      mock.control.setSystem('target', { status: 'up' });
    }
    await runFor(6);
    await expect.poll(() => said.textContent()).toMatch(/^Payroll link: up/);
    // Checks at one instant (a fake clock's) drew the heartbeat and the log with duplicate keys.
    expect(view.problems).toEqual([]);
  });
});

describe('status window in the user’s language', () => {
  it('shows the outage and its log in Spanish, and no text outside the catalogue in the pseudo-locale', async () => {
    core.settings.updatePreferences({ general: { language: 'es' } });
    try {
      const spanish = await open();
      await expect.poll(() => spanish.page.locator('h1').textContent()).toBe('Estado del servicio de fichajes');
      expect(await spanish.page.locator('#title-target').textContent()).toBe('Enlace con nóminas');
      expect(await spanish.page.locator('.log td strong').first().textContent()).toMatch(
        /^(en marcha|caído|comprobación fallida)$/,
      );
      await spanish.screenshot('status-spanish');

      core.settings.updatePreferences({ general: { language: 'en-XA' } });
      await expect.poll(() => spanish.page.locator('h1').textContent()).toMatch(/^\[/);
      // Data left out: the environment's name and the service's own words about a failure.
      expect(await untranslatedText(spanish.page, '.environment, .message, .details')).toEqual([]);
    } finally {
      core.settings.updatePreferences({ general: { language: 'system' } });
    }
  });
});

describe('status window with IT’s uptime targets (issue 66, point 4)', () => {
  it('shows this month against each target, met or missed, in en/de/es, light and dark', async () => {
    // The target system was down 20 minutes or more (the tests above add theirs): 99.5 % allows
    // 3 h 36 min of a 30-day month, 99.99 % only 4 min.
    core.settings.updatePreferences({ monitoring: { uptimeTarget: { source: '99.5', target: '99.99' } } });
    try {
      const view = await open();
      const source = view.page.locator('[data-system="source"] [data-testid="uptime-target"]');
      const target = view.page.locator('[data-system="target"] [data-testid="uptime-target"]');
      await expect.poll(() => source.getAttribute('data-met')).toBe('true');
      expect(await source.locator('.figures').textContent()).toBe('This month 100% · target 99.5%');
      expect(await source.locator('.left').textContent()).toMatch(/^\s*3 h 36 min of downtime still allowed this month\s*$/);
      expect(await target.getAttribute('data-met')).toBe('false');
      const over = Math.round(-core.health.status().systems[1]!.target!.leftMs / MIN);
      expect(over).toBeGreaterThanOrEqual(15);
      expect((await target.locator('.left').textContent())!.trim()).toBe(`Target missed: ${over} min more downtime than allowed`);
      await view.page.locator('[data-system="target"]').scrollIntoViewIfNeeded();
      await view.screenshot('status-target-light');
      for (const [language, scheme, missed] of [
        ['de', 'dark', /^Ziel verfehlt: \d+ Min\. mehr Ausfallzeit als erlaubt$/],
        ['es', 'light', /^Objetivo incumplido: \d+ min de caída por encima de lo permitido$/],
      ] as const) {
        core.settings.updatePreferences({ general: { language } });
        const translated = await open(scheme);
        const line = translated.page.locator('[data-system="target"] [data-testid="uptime-target"] .left');
        await expect.poll(async () => (await line.textContent())?.trim()).toMatch(missed);
        await translated.page.locator('[data-system="target"]').scrollIntoViewIfNeeded();
        await translated.screenshot(`status-target-${language}-${scheme}`);
      }
    } finally {
      core.settings.updatePreferences({
        general: { language: 'system' },
        monitoring: { uptimeTarget: { source: '', target: '' } },
      });
    }
  }, 90_000);
});

describe('status window when a system refuses the app’s requests (issue 66, point 2)', () => {
  it('shows it amber with the cause, never a healthy green, in en/de/es, light and dark', async () => {
    const cause = 'Timeclock service of Mock (built-in) accepted the credentials but does not allow clocking in (403).';
    core.health.requestSettled('source', { kind: 'forbidden', message: cause });
    try {
      for (const [language, scheme, words] of [
        ['system', 'light', /^up, but refusing this app's requests since \d\d:\d\d$/],
        ['de', 'dark', /^in Betrieb, lehnt aber seit \d\d:\d\d die Anfragen dieser App ab$/],
        ['es', 'light', /^en marcha, pero rechaza las peticiones de esta aplicación desde las \d\d:\d\d$/],
      ] as const) {
        core.settings.updatePreferences({ general: { language } });
        const view = await open(scheme);
        const card = view.page.locator('[data-system="source"]');
        await expect.poll(async () => (await card.locator('.status').textContent())?.trim()).toMatch(words);
        expect(await card.getAttribute('data-tone')).toBe('suspect');
        expect(await card.locator('.message').textContent()).toBe(cause);
        await view.screenshot(`status-refusing-${language}-${scheme}`);
      }
    } finally {
      core.health.requestSettled('source', null);
      core.settings.updatePreferences({ general: { language: 'system' } });
    }
  }, 90_000);
});

describe('status window with the status page IT runs (issue 66, point 5)', () => {
  it('shows its incident, latest update and maintenance in en/de/es, light and dark, and what a failed read leaves', async () => {
    const page = await startStatusPageServer({ kind: 'json', body: statuspageSummary('127.0.0.1') });
    core.settings.updatePreferences({ monitoring: { statusPage: { url: page.url } } });
    try {
      await core.checkHealthNow();
      for (const [language, scheme, heading] of [
        ['system', 'light', 'Status page: Acme Services'],
        ['de', 'dark', 'Statusseite: Acme Services'],
        ['es', 'light', 'Página de estado: Acme Services'],
      ] as const) {
        core.settings.updatePreferences({ general: { language } });
        const view = await open(scheme);
        const section = view.page.locator('[data-testid="published"]');
        await expect.poll(() => section.locator('h2').textContent()).toBe(heading);
        expect(await section.locator('.incident strong').textContent()).toBe('Clock-ins delayed');
        expect(await section.locator('.incident p').first().textContent()).toBe(
          'The database failover is running; punches are queued and will be recorded.',
        );
        expect(await section.locator('.maintenance').textContent()).toContain('Payroll database upgrade');
        await view.screenshot(`status-published-${language}-${scheme}`);
      }
      core.settings.updatePreferences({ general: { language: 'system' } });
      page.set({ kind: 'status', status: 502 });
      await core.checkHealthNow();
      const view = await open();
      const problem = view.page.locator('[data-testid="published-problem"]');
      await expect
        .poll(async () => (await problem.textContent())?.replace(/\s+/g, ' ').trim())
        .toMatch(/^It answered with HTTP 502\. Showing what was read at \d\d:\d\d\.$/);
      expect(await view.page.locator('[data-testid="published"] .incident strong').textContent()).toBe('Clock-ins delayed');
    } finally {
      core.settings.updatePreferences({ general: { language: 'system' }, monitoring: { statusPage: { url: '' } } });
      await page.close();
    }
  }, 90_000);
});

describe('status window: where a check’s time goes (issue 66, point 3)', () => {
  it('shows the last check’s phases as the engine published them, in en, de and es', async () => {
    await core.checkHealthNow();
    for (const [language, waiting] of [
      ['system', /waiting for the server \d+ ms/],
      ['de', /Warten auf den Server \d+ ms/],
      ['es', /espera al servidor \d+ ms/],
    ] as const) {
      core.settings.updatePreferences({ general: { language } });
      try {
        const view = await open(language === 'de' ? 'dark' : 'light');
        const phases = view.page.locator('[data-system="source"] [data-testid="phases"]');
        await expect.poll(async () => (await phases.locator('dd').textContent()) ?? '').toMatch(waiting);
        await view.page.locator('[data-system="source"]').scrollIntoViewIfNeeded();
        await view.screenshot(`status-phases-${language}`);
      } finally {
        core.settings.updatePreferences({ general: { language: 'system' } });
      }
    }
  }, 90_000);
});
