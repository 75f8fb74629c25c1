/** Every window ships the same strict Content-Security-Policy (the browser tests fail on any violation). */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const rendererDir = new URL('../../src-renderer/', import.meta.url);
const pages = readdirSync(rendererDir).filter((file) => file.endsWith('.html'));
const policyOf = (html: string) => /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)?.[1] ?? null;

describe('Content-Security-Policy', () => {
  it('covers every window', () => {
    expect(pages.sort()).toEqual(['lookup.html', 'panel.html', 'settings.html', 'status.html', 'welcome.html']);
  });

  it.each(pages)('%s allows nothing remote and no inline script or style', (page) => {
    const html = readFileSync(new URL(page, rendererDir), 'utf8');
    const policy = policyOf(html);
    expect(policy).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'none'; base-uri 'none'; form-action 'none'; object-src 'none'",
    );
    expect(policy).not.toMatch(/unsafe-inline|unsafe-eval|https?:|\*/);
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });
});
