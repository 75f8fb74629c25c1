/** The app's policy as a header on every app:// response (the policy itself: shared/content-security-policy.ts). */
import { APP_CSP } from '../shared/content-security-policy.ts';

/** A file's response as the app serves it: the same body, with the policy and no sniffing. */
export function withSecurityHeaders(response: Response): Response {
  const headers = new Headers(response.headers);
  headers.set('content-security-policy', APP_CSP);
  headers.set('x-content-type-options', 'nosniff');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
