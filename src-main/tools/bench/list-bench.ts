/**
 * Figure 3: the lookup's results list in real Chromium with 100k debtors: from a search to all
 * results on screen, frame intervals while scrolling fast, and how many rows exist in the page.
 */
import { createWindowHandlers } from '../../core/ipc/window-handlers.ts';
import { startMockServer } from '../../mock/mock-server.ts';
import { startHarness } from '../../testing/browser/harness.ts';
import { createTestCore } from '../../testing/test-core.ts';
import { recordingShell } from '../../testing/test-shell.ts';
import type { Page } from 'playwright-core';
import { summarise, type Summary } from './stats.ts';

export interface ListFigures {
  debtors: number;
  showAllResultsMs: Summary;
  /** Scrolling 1,200 px a frame into rows not fetched yet (each page a round trip through the test bridge). */
  frameIntervalWhileScrollingMs: Summary;
  /** The same scroll again, its rows already fetched: the list's own rendering. */
  frameIntervalScrollingFetchedMs: Summary;
  /** Frames with nothing to do: this machine's floor. */
  frameIntervalIdleMs: Summary;
  maxRowsInPage: number;
}

interface ScrollReport {
  intervals: number[];
  maxRows: number;
}

const SCROLL_STEP = 1_200;

/** The page's own view of what the harness runs in it. */
interface Scope {
  document: {
    querySelector(selector: string): { scrollTop: number } | null;
    querySelectorAll(selector: string): { length: number };
  };
  requestAnimationFrame(callback: () => void): void;
}

/** Frame intervals over 180 frames, scrolling the results `step` px each frame. */
function framesWhile(page: Page, step: number): Promise<ScrollReport> {
  return page.evaluate(async (step) => {
    const scope = globalThis as unknown as Scope;
    const scroller = scope.document.querySelector('.scroller')!;
    const intervals: number[] = [];
    let maxRows = 0;
    let last = performance.now();
    for (let frame = 0; frame < 180; frame++) {
      await new Promise<void>((resolve) => scope.requestAnimationFrame(resolve));
      const now = performance.now();
      intervals.push(now - last);
      last = now;
      scroller.scrollTop += step;
      maxRows = Math.max(maxRows, scope.document.querySelectorAll('.row').length);
    }
    return { intervals: intervals.slice(1), maxRows };
  }, step);
}

export async function listBench(debtors: number, repeats: number): Promise<ListFigures> {
  const mock = await startMockServer({ debtors });
  const harness = await startHarness();
  try {
    const core = createTestCore(mock);
    await core.lookup.ensureLoaded();
    const view = await harness.open(
      'lookup',
      { handlers: createWindowHandlers(core, recordingShell()), subscribe: core.events.on },
      { size: { width: 1200, height: 800 } },
    );
    const { page } = view;
    const all = `${debtors.toLocaleString('en-US')} debtors`;
    await page.locator('.count', { hasText: all }).waitFor({ timeout: 60_000 });

    const show: number[] = [];
    for (let round = 0; round < repeats; round++) {
      await page.locator('.search').fill('zzzz');
      await page.locator('.count', { hasText: 'match' }).waitFor();
      const started = performance.now();
      await page.locator('.search').fill('');
      await page.locator('.count', { hasText: all }).waitFor();
      await page.locator('.row .name').first().waitFor();
      show.push(performance.now() - started);
    }

    const scrolling = await framesWhile(page, SCROLL_STEP);
    // Back to the top, and the same way down again: every row is there now.
    await page.evaluate(() => ((globalThis as unknown as Scope).document.querySelector('.scroller')!.scrollTop = 0));
    await page.waitForTimeout(1_000);
    const fetched = await framesWhile(page, SCROLL_STEP);
    const idle = await framesWhile(page, 0);

    return {
      debtors,
      showAllResultsMs: summarise(show),
      frameIntervalWhileScrollingMs: summarise(scrolling.intervals),
      frameIntervalScrollingFetchedMs: summarise(fetched.intervals),
      frameIntervalIdleMs: summarise(idle.intervals),
      maxRowsInPage: Math.max(scrolling.maxRows, fetched.maxRows),
    };
  } finally {
    await harness.close();
    await mock.close();
  }
}
