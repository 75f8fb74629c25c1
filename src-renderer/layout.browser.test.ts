/**
 * Every window at its minimum size and at 200 % zoom: nothing cut off sideways, the main action
 * reachable by scrolling, axe-clean in both themes (the screenshot checks that).
 * The sizes are the shell's own (electron/window-sizes.ts), so the two cannot drift apart.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWindowHandlers } from '../src-main/core/ipc/window-handlers.ts';
import { smallestSize, windowSizes } from '../src-main/electron/window-sizes.ts';
import { startMockServer, type MockServer } from '../src-main/mock/mock-server.ts';
import { startHarness, type Harness } from '../src-main/testing/browser/harness.ts';
import { createTestCore } from '../src-main/testing/test-core.ts';
import { createFakeClock, runClockUntil } from '../src-main/testing/fake-clock.ts';
import { recordingShell } from '../src-main/testing/test-shell.ts';
import { startStatusPageServer, statuspageSummary } from '../src-main/testing/status-pages.ts';

let mock: MockServer;
let harness: Harness;

beforeAll(async () => {
  mock = await startMockServer({ debtors: 50 });
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.close();
  await mock?.close();
});

const windows = [
  { name: 'panel', action: 'Clock in' },
  { name: 'settings', action: 'Environments' },
  { name: 'status', action: 'Check now' },
  { name: 'hours', action: 'Spreadsheet (CSV)' },
  { name: 'welcome', action: null },
  { name: 'lookup', action: 'Refresh' },
] as const;

/** Whether the element is wholly inside the window as it is, without scrolling anything. */
const inView = (page: Page, name: string) =>
  page
    .getByRole('button', { name, exact: true })
    .first()
    .evaluate((element) => {
      const box = element.getBoundingClientRect();
      const { innerWidth, innerHeight } = globalThis as unknown as { innerWidth: number; innerHeight: number };
      return box.top >= 0 && box.left >= 0 && box.bottom <= innerHeight && box.right <= innerWidth;
    });

describe('layout at minimum size and 200 % zoom', () => {
  for (const window of windows) {
    for (const zoom of [1, 2]) {
      it(`${window.name} at ${zoom * 100} %: nothing cut off sideways, the main action reachable`, async () => {
        const core = createTestCore(mock);
        core.environments.save({ ...core.environments.get('mock')!.environment, employeeId: 'E1002' });
        const view = await harness.open(
          window.name,
          { handlers: createWindowHandlers(core, recordingShell()), subscribe: core.events.on },
          { size: smallestSize(window.name), zoom, colorScheme: zoom === 2 ? 'dark' : 'light' },
        );
        const { page } = view;
        await expect.poll(() => page.locator('h1').count()).toBeGreaterThan(0);
        const overflow = await page.evaluate(() => {
          const root = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } })
            .document.documentElement;
          return root.scrollWidth - root.clientWidth;
        });
        expect(overflow).toBeLessThanOrEqual(1);
        if (window.name === 'panel') {
          // The clock button is in view as it opens; at 100 % the links stay in view too (the middle
          // scrolls), at 200 % the whole panel scrolls. Either way each place Tab reaches is seen.
          expect(await inView(page, 'Clock in')).toBe(true);
          if (zoom === 1) expect(await inView(page, 'Settings…')).toBe(true);
          expect(await focusedButNotSeen(page)).toEqual([]);
        }
        if (window.action) {
          const action = page.getByRole('button', { name: window.action, exact: true }).first();
          await expect.poll(() => action.count()).toBe(1);
          await action.scrollIntoViewIfNeeded();
          expect(await action.isVisible()).toBe(true);
        }
        await view.screenshot(`layout-${window.name}-${zoom * 100}`);
        expect(view.problems).toEqual([]);
      });
    }
  }
});

/** Tabs through the page: every element focus lands on must be on screen whole (a clipped one is named). */
async function focusedButNotSeen(page: Page): Promise<string[]> {
  const unseen: string[] = [];
  for (let step = 0; step < 30; step++) {
    await page.keyboard.press('Tab');
    const seen = await page.evaluate<{ name: string; visible: number; height: number } | null>(`(() => {
      const element = document.activeElement;
      if (!element || element === document.body) return null;
      const box = element.getBoundingClientRect();
      let top = Math.max(box.top, 0), bottom = Math.min(box.bottom, innerHeight);
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        if (style.overflowY === 'visible') continue;
        const clip = parent.getBoundingClientRect();
        top = Math.max(top, clip.top);
        bottom = Math.min(bottom, clip.bottom);
      }
      return { name: (element.getAttribute('aria-label') || element.textContent || element.tagName).trim().slice(0, 40), visible: bottom - top, height: box.height };
    })()`);
    if (seen === null) break;
    if (seen.visible < seen.height - 1) unseen.push(seen.name);
  }
  return unseen;
}

/**
 * Elements whose text runs past their box and is cut (not scrolled, not wrapped). An ellipsis is a
 * deliberate cut, not one of these: the lookup's rows end long names with "…" and the details show them whole.
 */
const clippedText = (page: Page) =>
  page.evaluate<string[]>(`(() => {
    const cut = [];
    for (const element of document.querySelectorAll('body *')) {
      const style = getComputedStyle(element);
      const hides = ['hidden', 'clip'].includes(style.overflowX) && style.textOverflow !== 'ellipsis';
      // The visually-hidden pattern (1 px, clipped) is meant for screen readers alone.
      if (element.getBoundingClientRect().width <= 1) continue;
      if (hides && element.scrollWidth > element.clientWidth + 1 && element.textContent.trim() !== '' && !element.classList.contains('visually-hidden'))
        cut.push(element.tagName + ': ' + element.textContent.trim().slice(0, 60));
    }
    return cut;
  })()`);

// German runs about a third longer than English: the translated windows at their smallest and at 200 %.
const german = [
  { name: 'panel', action: 'Einstempeln' },
  { name: 'status', action: 'Jetzt prüfen' },
  { name: 'hours', action: 'Tabelle (CSV)' },
  { name: 'welcome', action: 'Mit Demodaten beginnen' },
  { name: 'settings', action: 'Umgebungen' },
  { name: 'lookup', action: 'Aktualisieren' },
] as const;

describe('layout in German at minimum size and 200 % zoom', () => {
  for (const window of german) {
    for (const zoom of [1, 2]) {
      it(`${window.name} at ${zoom * 100} %: no text cut off, nothing sideways, the main action reachable`, async () => {
        const core = createTestCore(mock, { systemLanguages: () => ['de-DE'] });
        core.environments.save({ ...core.environments.get('mock')!.environment, employeeId: 'E1002' });
        const view = await harness.open(
          window.name,
          { handlers: createWindowHandlers(core, recordingShell()), subscribe: core.events.on },
          { size: smallestSize(window.name), zoom },
        );
        const { page } = view;
        const action = page.getByRole('button', { name: window.action, exact: true }).first();
        await expect.poll(() => action.count()).toBe(1);
        const overflow = await page.evaluate<number>(
          'document.documentElement.scrollWidth - document.documentElement.clientWidth',
        );
        expect(overflow).toBeLessThanOrEqual(1);
        expect(await clippedText(page)).toEqual([]);
        await action.scrollIntoViewIfNeeded();
        expect(await action.isVisible()).toBe(true);
        await view.screenshot(`layout-${window.name}-${zoom * 100}-de`);
        expect(view.problems).toEqual([]);
      });
    }
  }
});

describe('the Welcome at the size it opens', () => {
  for (const language of ['en-US', 'de-DE', 'es-ES']) {
    it(`fits without scrolling in ${language}: the whole first screen and both buttons in view`, async () => {
      const core = createTestCore(mock, { systemLanguages: () => [language] });
      const { width, height } = windowSizes.welcome;
      const view = await harness.open(
        'welcome',
        { handlers: createWindowHandlers(core, recordingShell()), subscribe: core.events.on },
        { size: { width, height } },
      );
      const { page } = view;
      await expect.poll(() => page.locator('button').count()).toBeGreaterThan(1);
      const overflow = await page.evaluate<number>(
        'document.documentElement.scrollHeight - document.documentElement.clientHeight',
      );
      await view.screenshot(`welcome-opening-${language}`);
      expect(overflow).toBeLessThanOrEqual(1);
    });
  }
});

/**
 * Words broken inside (a German compound split over two lines without a hyphenation dictionary)
 * and values split over lines ("23 Std. 42 | Min."): every word of the visible text, and every
 * value (`strong`, `time`, `.value`), must sit on one line.
 */
const brokenText = (page: Page) =>
  page.evaluate<string[]>(`(() => {
    const broken = [];
    const lines = (rects) => new Set([...rects].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top / 4))).size;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('.visually-hidden, script, style, option, textarea') || parent.getBoundingClientRect().width <= 1) continue;
      for (const match of node.data.matchAll(/\\S+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        if (lines(range.getClientRects()) > 1) broken.push('word: ' + match[0]);
      }
    }
    // Values: times, durations and counts with their unit (in <time>, .value, or a <strong> holding a digit).
    for (const value of document.querySelectorAll('strong, time, .value')) {
      const text = value.textContent.trim();
      if (value.getBoundingClientRect().width <= 1 || (value.tagName === 'STRONG' && !/\\d/.test(text))) continue;
      if (lines(value.getClientRects()) > 1) broken.push('value: ' + text);
    }
    return broken;
  })()`);

const languages = [
  { language: 'en', systemLanguages: ['en-US'] },
  { language: 'de', systemLanguages: ['de-DE'] },
  { language: 'es', systemLanguages: ['es-ES'] },
] as const;

describe('no word or value broken inside (issue 46, point 5)', () => {
  for (const { language, systemLanguages } of languages)
    for (const window of windows)
      for (const zoom of [1, 2])
        it(`${window.name} in ${language} at ${zoom * 100} %`, async () => {
          const core = createTestCore(mock, { systemLanguages: () => systemLanguages });
          core.environments.save({ ...core.environments.get('mock')!.environment, employeeId: 'E1002' });
          const view = await harness.open(
            window.name,
            { handlers: createWindowHandlers(core, recordingShell()), subscribe: core.events.on },
            { size: smallestSize(window.name), zoom },
          );
          const { page } = view;
          await expect.poll(() => page.locator('h1').count()).toBeGreaterThan(0);
          await page.waitForTimeout(300);
          expect(await brokenText(page)).toEqual([]);
        });
});

/** Whether each system's row is wholly in view without scrolling, and the tops of the links below. */
const panelSeen = (page: Page) =>
  page.evaluate<{ rows: boolean[]; linkTops: number[] }>(`(() => {
    const whole = (element) => {
      const box = element.getBoundingClientRect();
      let top = box.top, bottom = box.bottom;
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowY === 'visible') continue;
        const clip = parent.getBoundingClientRect();
        top = Math.max(top, clip.top);
        bottom = Math.min(bottom, clip.bottom);
      }
      return bottom - top >= box.height - 1 && box.bottom <= innerHeight;
    };
    return {
      rows: [...document.querySelectorAll('.health li')].map(whole),
      linkTops: [...document.querySelectorAll('nav .link')].map((link) => Math.round(link.getBoundingClientRect().top)),
    };
  })()`);

describe('the panel at 360 × 480 in every language (issue 46, point 5)', () => {
  for (const { language, systemLanguages } of languages)
    it(`shows both systems and its links on one line, without scrolling, in ${language}`, async () => {
      const core = createTestCore(mock, { systemLanguages: () => systemLanguages });
      core.environments.save({ ...core.environments.get('mock')!.environment, employeeId: 'E1002' });
      await core.checkHealthNow();
      const view = await harness.open(
        'panel',
        { handlers: createWindowHandlers(core, recordingShell()), subscribe: core.events.on },
        { size: { width: 360, height: 480 } },
      );
      const { page } = view;
      await expect.poll(() => page.locator('.health li').count()).toBe(2);
      const seen = await panelSeen(page);
      expect(seen.rows).toEqual([true, true]);
      expect(new Set(seen.linkTops).size).toBe(1);
      await view.screenshot(`panel-360-${language}`);
    });
});

describe('the panel at 360 × 480, clocked in with a target during an outage (issue 63, point 1)', () => {
  for (const { language, systemLanguages } of languages)
    it(`keeps both systems in view in ${language}`, async () => {
      // A workday (a Wednesday), so the day has a target, on a clock the core and its own mock share.
      const clock = createFakeClock(Date.parse('2026-11-25T10:00:00Z'));
      const wednesday = await startMockServer({ debtors: 5, now: () => clock.now() });
      try {
        wednesday.control.timeclock.clockIn('E1002', new Date(clock.now() - 2 * 3_600_000).toISOString());
        wednesday.control.setSystem('target', { status: 'down' });
        const workingTime = { rules: 'custom', dailyTargetMinutes: 480, weeklyTargetMinutes: 2400 } as const;
        const core = createTestCore(wednesday, {
          time: clock,
          systemLanguages: () => systemLanguages,
          admin: { defaults: { clock: { workingTime } } },
        });
        core.environments.save({ ...core.environments.get('mock')!.environment, employeeId: 'E1002' });
        await core.clock.refresh();
        core.health.start();
        await runClockUntil(clock, clock.now() + 5 * 60_000, () => core.health.flush());
        expect(core.health.snapshot().target.state).toBe('down');
        expect(core.clock.view().hours.targets.length).toBeGreaterThan(0);
        const view = await harness.open(
          'panel',
          { handlers: createWindowHandlers(core, recordingShell()), subscribe: core.events.on },
          { size: { width: 360, height: 480 } },
        );
        const { page } = view;
        await expect.poll(() => page.getByTestId('health-banner').count()).toBe(1);
        await expect.poll(() => page.locator('.health li').count()).toBe(2);
        await view.screenshot(`panel-360-outage-${language}`);
        expect((await panelSeen(page)).rows).toEqual([true, true]);
        core.health.stop();
      } finally {
        await wednesday.close();
      }
    });
});

describe('the forgotten clock-out at 200 % (issue 46, point 5)', () => {
  it('keeps its day and time fields and its button inside the panel, and the panel’s title in place', async () => {
    const yesterday = new Date();
    yesterday.setDate(yesterday.getDate() - 1);
    yesterday.setHours(8, 0, 0, 0);
    mock.control.timeclock.clockIn('E1002', yesterday.toISOString());
    const core = createTestCore(mock, { systemLanguages: () => ['de-DE'] });
    core.environments.save({ ...core.environments.get('mock')!.environment, employeeId: 'E1002' });
    await core.clock.refresh();
    const view = await harness.open(
      'panel',
      { handlers: createWindowHandlers(core, recordingShell()), subscribe: core.events.on },
      { size: smallestSize('panel'), zoom: 2 },
    );
    const { page } = view;
    const form = page.locator('section[aria-labelledby="forgotten-title"]');
    await expect.poll(() => form.count()).toBe(1);
    const outside = await page.evaluate<
      string[]
    >(`(() => [...document.querySelectorAll('section[aria-labelledby="forgotten-title"] input, section[aria-labelledby="forgotten-title"] button, h1')]
      .filter((element) => { const box = element.getBoundingClientRect(); return box.width === 0 || box.left < 0 || box.right > innerWidth + 1; })
      .map((element) => element.tagName + ': ' + (element.textContent || element.getAttribute('aria-label') || '').trim()))()`);
    expect(outside).toEqual([]);
    expect(await brokenText(page)).toEqual([]);
    // The panel says whose it is at 200 % too.
    expect(await page.locator('h1.app').isVisible()).toBe(true);
    expect(await page.locator('h1.app').evaluate((element) => element.getBoundingClientRect().height)).toBeGreaterThan(5);
    // Nothing runs past the panel's side (a value kept whole must still fit).
    expect(
      await page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth'),
    ).toBeLessThanOrEqual(1);
    await form.scrollIntoViewIfNeeded();
    await view.screenshot('layout-panel-forgotten-200-de');
    mock.control.reset();
  });
});

describe('the status window with all it can show, in German at 200 % (issue 66)', () => {
  it('keeps the status page, the uptime targets, a refusing system and the check’s phases inside the window', async () => {
    const page = await startStatusPageServer({ kind: 'json', body: statuspageSummary('127.0.0.1') });
    const core = createTestCore(mock, { systemLanguages: () => ['de-DE'] });
    core.settings.updatePreferences({
      monitoring: { statusPage: { url: page.url }, uptimeTarget: { source: '99,5', target: '99,99' } },
    });
    try {
      await core.checkHealthNow();
      core.health.requestSettled('source', {
        kind: 'forbidden',
        message: 'Der Zeiterfassungsdienst hat die Zugangsdaten angenommen, erlaubt aber das Einstempeln nicht (403).',
      });
      const view = await harness.open(
        'status',
        { handlers: createWindowHandlers(core, recordingShell()), subscribe: core.events.on },
        { size: smallestSize('status'), zoom: 2, colorScheme: 'dark' },
      );
      const { page: window } = view;
      await expect.poll(() => window.locator('[data-testid="published"] h2').textContent()).toBe('Statusseite: Acme Services');
      await expect.poll(() => window.locator('[data-testid="uptime-target"]').count()).toBe(2);
      await expect.poll(() => window.locator('[data-testid="phases"]').count()).toBeGreaterThan(0);
      const overflow = await window.evaluate<number>(
        'document.documentElement.scrollWidth - document.documentElement.clientWidth',
      );
      expect(overflow).toBeLessThanOrEqual(1);
      expect(await clippedText(window)).toEqual([]);
      await window.locator('[data-system="source"]').scrollIntoViewIfNeeded();
      await view.screenshot('layout-status-everything-200-de');
      expect(view.problems).toEqual([]);
    } finally {
      core.health.stop();
      await page.close();
    }
  }, 90_000);
});
