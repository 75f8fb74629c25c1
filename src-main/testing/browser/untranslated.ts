/**
 * For a window shown in the pseudo-locale: the visible texts that did not come from the catalogue
 * (every catalogue text there is bracketed), leaving out what matches `data` (a CSS selector for
 * names, ids and the product's name) and what Intl formats: numbers, times, weekdays and months,
 * units ("ms", "%"), currency signs and symbols (● ✓ ✕ ↑ ↓ ★ ☆ →). A value set apart so that it
 * stays on one line (`.value`) is judged with the sentence it belongs to.
 */
import type { Page } from 'playwright-core';

export function untranslatedText(page: Page, data = ''): Promise<string[]> {
  return page.evaluate<string[]>(`(() => {
    const skip = ${JSON.stringify([data, '.visually-hidden', 'script', 'style'].filter(Boolean).join(', '))};
    const FORMATTED = /^(?:[\\d\\s:.,–—·\\/%$€●✓✕↑↓★☆→-]|ms|AM|PM|Mon|Tue|Wed|Thu|Fri|Sat|Sun|Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)+$/;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const found = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent.trim();
      const element = node.parentElement;
      if (text === '' || element.closest(skip) || !element.checkVisibility()) continue;
      // A value kept whole on its line (ValueText's .value) is a piece of its sentence: judged with it.
      const sentence = element.classList.contains('value') ? element.parentElement.textContent : text;
      if (!/[\\[\\]]/.test(sentence) && !FORMATTED.test(text)) found.push(text);
    }
    return found;
  })()`);
}
