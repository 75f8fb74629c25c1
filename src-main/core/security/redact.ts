/**
 * Removes secrets from text bound for logs, error messages or a renderer. Every known secret is
 * replaced in the forms it travels in (as is, percent-encoded, JSON-escaped, base64 and inside
 * HTTP Basic), and the whole value of any credential-looking field or header is replaced too, as
 * is the user information of any address (https://user:password@host).
 */
import { maskUrlCredentials } from '../../shared/it-url.ts';

export const REDACTED = '[redacted]';

/** Names of fields and headers whose values are credentials, whatever the secret is. */
const NAMES = String.raw`(?:client[_-]?secret|password|passwd|authorization|proxy-authorization|secret|(?:access|refresh|id)?[_-]?token|x-api-key|api[_-]?key|apikey)`;
/** "name": "value" — the whole JSON string. */
const jsonField = new RegExp(String.raw`("${NAMES}"\s*:\s*")((?:[^"\\]|\\.)*)(")`, 'gi');
/** name=value — to the next & or white space (query strings, forms). */
const formField = new RegExp(String.raw`(\b${NAMES}=)([^&\s"]*)`, 'gi');
/** name: value — the rest of the line (headers, log lines), keeping a Basic / Bearer scheme word. */
const headerField = new RegExp(String.raw`(\b${NAMES}["']?\s*:\s*["']?)(Basic\s+|Bearer\s+)?([^\r\n"']+)`, 'gi');
/** A Basic credential anywhere: redacted when it decodes to something holding a secret. */
const basicToken = /\bBasic\s+([A-Za-z0-9+/=_-]{8,})/g;

/** "Basic " or "Bearer " at the start of a credential stays readable: it says what kind was sent. */
const schemeOf = (value: string) => /^(Basic|Bearer)\s+/i.exec(value)?.[0] ?? '';

/** The forms one secret can take in a message. */
function formsOf(secret: string): string[] {
  const forms = new Set([
    secret,
    encodeURIComponent(secret),
    JSON.stringify(secret).slice(1, -1),
    Buffer.from(secret).toString('base64'),
  ]);
  forms.add(Buffer.from(secret).toString('base64').replace(/=+$/, ''));
  return [...forms].filter((form) => form.length >= 4);
}

export function redact(text: string, secrets: Iterable<string> = []): string {
  const known = [...secrets].filter((secret) => secret.length >= 4);
  let result = text;
  for (const secret of known) for (const form of formsOf(secret)) result = result.split(form).join(REDACTED);
  result = result.replace(basicToken, (whole, token: string) => {
    const decoded = Buffer.from(token, 'base64').toString('utf8');
    return known.some((secret) => decoded.includes(secret)) ? `Basic ${REDACTED}` : whole;
  });
  // An address's user name and password (https://user:password@host/) whatever they are.
  return maskUrlCredentials(result, REDACTED)
    .replace(jsonField, (_, before: string, value: string, after: string) => `${before}${schemeOf(value)}${REDACTED}${after}`)
    .replace(formField, (_, before: string) => `${before}${REDACTED}`)
    .replace(headerField, (_, before: string, scheme: string | undefined) => `${before}${scheme ?? ''}${REDACTED}`);
}

/** A parsed body with every secret taken out of its text (JSON's own escapes included). */
export function redactDeep(body: unknown, secrets: Iterable<string>): unknown {
  if (body === undefined) return body;
  if (typeof body === 'string') return redact(body, secrets);
  try {
    return JSON.parse(redact(JSON.stringify(body), secrets)) as unknown;
  } catch {
    return undefined; // redaction cut through the JSON: better no body than a secret
  }
}
