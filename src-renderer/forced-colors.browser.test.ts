/**
 * Issue 63, point 15: every window in Windows' contrast themes (Chromium's forced-colors emulation),
 * axe-clean, with what colour said elsewhere carried by a shape or a system colour: the health
 * dots keep their shapes, the chart's bars and the focus ring stay visible.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWindowHandlers } from '../src-main/core/ipc/window-handlers.ts';
import { windowSizes, type WindowName } from '../src-main/electron/window-sizes.ts';
import { startMockServer, type MockServer } from '../src-main/mock/mock-server.ts';
import { startHarness, type Harness } from '../src-main/testing/browser/harness.ts';
import { createFakeClock, runClockUntil } from '../src-main/testing/fake-clock.ts';
import { createTestCore } from '../src-main/testing/test-core.ts';
import { recordingShell } from '../src-main/testing/test-shell.ts';
import type { AppCore } from '../src-main/core/app-core.ts';

let mock: MockServer;
let harness: Harness;
let core: AppCore;
// A Wednesday, clocked in for two hours, the payroll link down: every state a window can show.
const clock = createFakeClock(Date.parse('2026-11-25T10:00:00Z'));

beforeAll(async () => {
  mock = await startMockServer({ debtors: 20, now: () => clock.now() });
  harness = await startHarness();
  mock.control.timeclock.clockIn('E1002', new Date(clock.now() - 2 * 3_600_000).toISOString());
  mock.control.setSystem('target', { status: 'down' });
  core = createTestCore(mock, {
    time: clock,
    admin: { defaults: { clock: { workingTime: { rules: 'custom', dailyTargetMinutes: 480, weeklyTargetMinutes: 2400 } } } },
  });
  core.environments.save({ ...core.environments.get('mock')!.environment, employeeId: 'E1002' });
  await core.clock.refresh();
  core.health.start();
  await runClockUntil(clock, clock.now() + 5 * 60_000, () => core.health.flush());
});
afterAll(async () => {
  core?.health.stop();
  await harness?.close();
  await mock?.close();
});

const open = (window: WindowName) =>
  harness.open(
    window,
    { handlers: createWindowHandlers(core, recordingShell()), subscribe: core.events.on },
    { size: windowSizes[window], forcedColors: true },
  );

/** What the page draws for each health dot: its shape, and whether it is drawn at all (not the page's background). */
const dots = (page: Page) =>
  page.locator('.dot').evaluateAll((elements) =>
    elements.map((element) => {
      const style = (globalThis as unknown as { getComputedStyle(e: unknown): Record<string, string> }).getComputedStyle(element);
      return { clip: style.clipPath, background: style.backgroundColor, adjust: style.forcedColorAdjust };
    }),
  );

describe('in a Windows contrast theme (forced colours)', () => {
  it('the panel keeps its dots by shape, drawn in a system colour, and its banner', async () => {
    const view = await open('panel');
    await expect.poll(() => view.page.locator('.health li').count()).toBe(2);
    await expect.poll(() => view.page.getByTestId('health-banner').count()).toBe(1);
    const drawn = await dots(view.page);
    // Up is a circle, down a square: told apart by shape; neither is the transparent of nothing drawn.
    expect(drawn.map((dot) => dot.background)).not.toContain('rgba(0, 0, 0, 0)');
    expect(new Set(drawn.map((dot) => dot.clip)).size).toBe(1); // circle and square: no clip-path for either
    expect(drawn.every((dot) => dot.adjust === 'none')).toBe(true);
    await view.screenshot('forced-colors-panel');
    expect(view.problems).toEqual([]);
  });

  it('the status window, My time, the lookup and Settings are axe-clean, their charts and keys still drawn', async () => {
    for (const window of ['status', 'hours', 'lookup', 'settings'] as const) {
      const view = await open(window);
      await expect.poll(() => view.page.locator('h1').count()).toBeGreaterThan(0);
      await view.page.waitForTimeout(300);
      await view.screenshot(`forced-colors-${window}`);
      expect(view.problems).toEqual([]);
      // What a fill said is still drawn in a system colour: the heartbeat, the bars, the legend's keys.
      const painted = await view.page
        .locator('.beat, .worked-key, .credit-key, .rest-key')
        .evaluateAll((elements) =>
          elements.map(
            (element) =>
              (globalThis as unknown as { getComputedStyle(e: unknown): { forcedColorAdjust: string } }).getComputedStyle(element)
                .forcedColorAdjust,
          ),
        );
      expect(painted.every((adjust) => adjust === 'none')).toBe(true);
      if (window !== 'lookup' && window !== 'settings') expect(painted.length).toBeGreaterThan(0);
    }
  });
});
