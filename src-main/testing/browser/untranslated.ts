/**
 * For a window shown in the pseudo-locale: the visible texts that did not come from the catalogue
 * (every catalogue text there is bracketed), leaving out what matches `data` (a CSS selector for
 * names, ids and the product's name) and text of digits and punctuation alone (times, counts).
 */
import type { Page } from 'playwright-core';

export function untranslatedText(page: Page, data = ''): Promise<string[]> {
  return page.evaluate<string[]>(`(() => {
    const skip = ${JSON.stringify([data, '.visually-hidden', 'script', 'style'].filter(Boolean).join(', '))};
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const found = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent.trim();
      const element = node.parentElement;
      if (text === '' || element.closest(skip) || !element.checkVisibility()) continue;
      if (!/[\\[\\]]/.test(text) && !/^[\\d\\s:.,–—·-]+$/.test(text)) found.push(text);
    }
    return found;
  })()`);
}
