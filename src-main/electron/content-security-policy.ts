/**
 * The one Content-Security-Policy of every window: in each page's meta tag (checked by a test) and
 * as a header on every app:// response, so a page that lost its tag is still held to it.
 */
export const APP_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'none'; base-uri 'none'; form-action 'none'; object-src 'none'; require-trusted-types-for 'script'; trusted-types svelte-trusted-html";

// Trusted Types: every HTML a script writes goes through a policy; Svelte's own ('svelte-trusted-html')
// is the only one allowed. Checked in real Chromium by the browser tests, which fail on any violation.

/** A file's response as the app serves it: the same body, with the policy and no sniffing. */
export function withSecurityHeaders(response: Response): Response {
  const headers = new Headers(response.headers);
  headers.set('content-security-policy', APP_CSP);
  headers.set('x-content-type-options', 'nosniff');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
