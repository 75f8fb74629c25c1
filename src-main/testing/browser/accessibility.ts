/**
 * axe-core inside the real page: WCAG 2.2 A/AA rules plus axe's best practices, checked in both
 * colour schemes (emulated, so the page re-styles in place without reloading its state).
 */
import axe from 'axe-core';
import type { Page } from 'playwright-core';

interface Violation {
  id: string;
  help: string;
  nodes: Array<{ target: unknown[]; failureSummary?: string }>;
}

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

export async function accessibilityViolations(page: Page): Promise<Violation[]> {
  const loaded = await page.evaluate(() => 'axe' in globalThis);
  // Evaluated through the debugging protocol, which the page's CSP does not govern.
  if (!loaded) await page.evaluate(axe.source);
  return page.evaluate(async (tags) => {
    const inPage = globalThis as unknown as { axe: typeof axe; document: unknown };
    const results = await inPage.axe.run(inPage.document as Parameters<typeof axe.run>[0], {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    });
    return results.violations.map((violation) => ({
      id: violation.id,
      help: violation.help,
      nodes: violation.nodes.map((node) => ({ target: node.target, failureSummary: node.failureSummary })),
    }));
  }, TAGS);
}

/** Throws with every violation, naming the theme, the rule and the elements. */
export async function expectAccessible(page: Page, shownScheme: 'light' | 'dark', checkpoint: string): Promise<void> {
  const found: string[] = [];
  const other = shownScheme === 'light' ? 'dark' : 'light';
  for (const scheme of [shownScheme, other] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const violation of await accessibilityViolations(page)) {
      const where = violation.nodes.map(
        (node) =>
          `${JSON.stringify(node.target)}${node.failureSummary ? ` (${node.failureSummary.split('\n').slice(1).join(' ').trim()})` : ''}`,
      );
      found.push(`[${scheme}] ${violation.id}: ${violation.help}\n    ${where.join('\n    ')}`);
    }
  }
  await page.emulateMedia({ colorScheme: shownScheme });
  if (found.length > 0) throw new Error(`Accessibility violations at "${checkpoint}":\n${found.join('\n')}`);
}
