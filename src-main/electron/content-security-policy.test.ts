/** Every window ships the same strict Content-Security-Policy (the browser tests fail on any violation). */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { APP_CSP, withAppCsp } from '../shared/content-security-policy.ts';
import { withSecurityHeaders } from './content-security-policy.ts';

const rendererDir = new URL('../../src-renderer/', import.meta.url);
const builtDir = new URL('../../dist/renderer/', import.meta.url);
const pages = readdirSync(rendererDir).filter((file) => file.endsWith('.html'));
const policyOf = (html: string) => /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)?.[1] ?? null;

describe('Content-Security-Policy', () => {
  it('covers every window', () => {
    expect(pages.sort()).toEqual(['hours.html', 'lookup.html', 'panel.html', 'settings.html', 'status.html', 'welcome.html']);
  });

  it.each(pages)('%s gets the one policy at build, which allows nothing remote and no inline script or style', (page) => {
    const source = readFileSync(new URL(page, rendererDir), 'utf8');
    expect(policyOf(source)).toBeNull(); // written once, in shared/content-security-policy.ts
    const policy = policyOf(withAppCsp(source));
    expect(policy).toBe(APP_CSP);
    expect(policy).not.toMatch(/unsafe-inline|unsafe-eval|https?:|\*/);
    expect(source).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    // The pages Vite built (npm test builds first) carry it as the first thing in their head.
    const built = new URL(page, builtDir);
    if (existsSync(built)) expect(policyOf(readFileSync(built, 'utf8'))).toBe(APP_CSP);
  });

  it('is sent as a header with every app:// response too', async () => {
    const served = withSecurityHeaders(new Response('<p>x</p>', { headers: { 'content-type': 'text/html' } }));
    expect(served.headers.get('content-security-policy')).toBe(APP_CSP);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-type')).toBe('text/html');
    expect(await served.text()).toBe('<p>x</p>');
    expect(APP_CSP).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'none'; base-uri 'none'; form-action 'none'; object-src 'none'; require-trusted-types-for 'script'; trusted-types svelte-trusted-html",
    );
  });
});
