/** How far a page scrolls sideways (0 when it does not): a zoomed page must never (WCAG 1.4.10). */
import type { Page } from 'playwright-core';

export const sidewaysOverflow = (page: Page): Promise<number> =>
  page.evaluate(() => {
    const root = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } })
      .document.documentElement;
    return root.scrollWidth - root.clientWidth;
  });
