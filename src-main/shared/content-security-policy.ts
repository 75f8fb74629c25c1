/**
 * The one Content-Security-Policy of every window, written once: Vite puts it into each page's meta
 * tag at build (`withAppCsp`, used by vite.config.ts), and the shell sends it as a header on every
 * app:// response, so a page that lost its tag is still held to it.
 */
export const APP_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'none'; base-uri 'none'; form-action 'none'; object-src 'none'; require-trusted-types-for 'script'; trusted-types svelte-trusted-html";

// Trusted Types: every HTML a script writes goes through a policy; Svelte's own ('svelte-trusted-html')
// is the only one allowed. Checked in real Chromium by the browser tests, which fail on any violation.

const META = `<meta http-equiv="Content-Security-Policy" content="${APP_CSP}" />`;

/** A page's HTML with the policy's meta tag early in its head, after the charset (a page must not carry its own). */
export function withAppCsp(html: string): string {
  if (/http-equiv="Content-Security-Policy"/i.test(html))
    throw new Error('A page carries its own Content-Security-Policy: remove it, the build adds the one policy.');
  const anchor = /<meta charset="[^"]*"\s*\/?>/i.exec(html) ?? /<head>/i.exec(html);
  if (!anchor) throw new Error('A page without <head>: the build cannot add the Content-Security-Policy.');
  const at = anchor.index + anchor[0].length;
  return `${html.slice(0, at)}\n    ${META}${html.slice(at)}`;
}
