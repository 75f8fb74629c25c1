/**
 * Addresses IT gives the app besides the services (the update feed, the metrics collector, the
 * witness): what each may be, and how any address is shown without the credentials someone put
 * in it. A user name or password in such an address would be copied into logs and support info,
 * so it is refused; a header (fleet.headerName) carries a collector's credentials instead.
 */
export type ItUrlProblem = 'notUrl' | 'notHttps' | 'userInfo' | 'hiddenCharacters';

export interface ItUrlRule {
  /** https only (the update feed: what it names is run as code). */
  https: 'always' | 'exceptLoopback' | 'either';
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** What is wrong with an address IT gave, or null; empty is "none" and always fine. */
export function itUrlProblem(text: string, rule: ItUrlRule): ItUrlProblem | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  // The URL parser drops line breaks and tabs, but the text as typed is what a dialog would show:
  // lines a window added would pass the check and speak in the confirmation.
  // eslint-disable-next-line no-control-regex -- the control characters are the point
  if (/[\u0000-\u001F\u007F-\u009F\u2028\u2029]/.test(trimmed)) return 'hiddenCharacters';
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return 'notUrl';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'notUrl';
  // Checked before the scheme: the words for credentials matter more than those for http.
  if (url.username !== '' || url.password !== '') return 'userInfo';
  if (url.protocol === 'http:' && !(rule.https === 'either' || (rule.https === 'exceptLoopback' && LOOPBACK.has(url.hostname))))
    return 'notHttps';
  return null;
}

/** Text as it may be shown or logged: any user name and password in an address in it replaced by `mark`. */
export function maskUrlCredentials(text: string, mark = '***'): string {
  return text.replace(/\b([a-z][a-z0-9+.-]*:\/\/)([^/?#@\s"'<>]*)@/gi, (_whole, scheme: string) => `${scheme}${mark}@`);
}
