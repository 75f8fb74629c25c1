/**
 * Figure 3: the lookup's results list in real Chromium with 100k debtors: from a search to all
 * results on screen, frame intervals while scrolling fast, and how many rows exist in the page.
 */
import { createWindowHandlers } from '../../core/ipc/window-handlers.ts';
import { startMockServer } from '../../mock/mock-server.ts';
import { startHarness } from '../../testing/browser/harness.ts';
import { createTestCore } from '../../testing/test-core.ts';
import { recordingShell } from '../../testing/test-shell.ts';
import { summarise, type Summary } from './stats.ts';

export interface ListFigures {
  debtors: number;
  showAllResultsMs: Summary;
  frameIntervalWhileScrollingMs: Summary;
  maxRowsInPage: number;
}

interface ScrollReport {
  intervals: number[];
  maxRows: number;
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

    const report = (await page.evaluate(async () => {
      const scope = globalThis as unknown as {
        document: {
          querySelector(selector: string): { scrollTop: number } | null;
          querySelectorAll(selector: string): { length: number };
        };
        requestAnimationFrame(callback: () => void): void;
      };
      const scroller = scope.document.querySelector('.scroller')!;
      const intervals: number[] = [];
      let maxRows = 0;
      let last = performance.now();
      for (let frame = 0; frame < 180; frame++) {
        await new Promise<void>((resolve) => scope.requestAnimationFrame(resolve));
        const now = performance.now();
        intervals.push(now - last);
        last = now;
        scroller.scrollTop += 1_200;
        maxRows = Math.max(maxRows, scope.document.querySelectorAll('.row').length);
      }
      return { intervals: intervals.slice(1), maxRows };
    })) as ScrollReport;

    return {
      debtors,
      showAllResultsMs: summarise(show),
      frameIntervalWhileScrollingMs: summarise(report.intervals),
      maxRowsInPage: report.maxRows,
    };
  } finally {
    await harness.close();
    await mock.close();
  }
}
