/**
 * How an environment's credentials travel: two headers (default), HTTP Basic, one API-key header,
 * or an OAuth 2.0 client-credentials token. Tokens live in memory only, until shortly before they
 * expire; they are never logged, written or sent to a window.
 */
import { readCappedText } from './read-body.ts';
import { redact } from '../security/redact.ts';
import { liveSecrets } from '../security/live-secrets.ts';
import type { AuthScheme } from '../../shared/api/api-profile.ts';

/** A token answer is a few hundred bytes; beyond this the rest is not read. */
const MAX_TOKEN_ANSWER_BYTES = 64 * 1024;
export interface Credentials {
  clientId: string;
  clientSecret: string;
}

/** The auth headers for one request; `refresh` after a 401 gets a new token (OAuth) before the one retry. */
export interface AuthSource {
  headers(signal?: AbortSignal): Promise<Record<string, string>>;
  /** Query parameters that carry the credentials (the `query` scheme); none for the others. */
  params(): Record<string, string>;
  /**
   * A request was refused (401) with the headers it sent: forgets that token, unless another request
   * already renewed it (or is renewing it). True when a retry may help: a token was forgotten, or a
   * newer one is there for it.
   */
  invalidate(rejected?: Record<string, string>): boolean;
  /** A request with these headers succeeded: its token is one the API takes. */
  accepted(sent?: Record<string, string>): void;
  /** Values that must never appear in a message or log (the secret, the current token). */
  secrets(): string[];
}

export class TokenError extends Error {}

const basic = (credentials: Credentials) =>
  `Basic ${Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`, 'utf8').toString('base64')}`;

/** Headers for the schemes that need no round trip. */
export function staticAuthHeaders(
  scheme: Exclude<AuthScheme, { kind: 'oauth-client-credentials' }>,
  credentials: Credentials,
): Record<string, string> {
  switch (scheme.kind) {
    case 'basic':
      return { authorization: basic(credentials) };
    case 'api-key':
      return { [scheme.header]: credentials.clientSecret };
    case 'headers':
      return { [scheme.clientIdHeader]: credentials.clientId, [scheme.clientSecretHeader]: credentials.clientSecret };
    case 'query':
      return {};
  }
}

/** Query parameters for the `query` scheme: the client id (when it has a name) and the secret. */
export function authQueryParams(scheme: AuthScheme, credentials: Credentials): Record<string, string> {
  if (scheme.kind !== 'query') return {};
  return {
    ...(scheme.clientIdParam ? { [scheme.clientIdParam]: credentials.clientId } : {}),
    [scheme.clientSecretParam]: credentials.clientSecret,
  };
}

/** Renews a token this long before the server said it expires. */
const EXPIRY_MARGIN_MS = 60_000;
/**
 * A token refused before the API ever took it is not what the API wants (its scope, its audience,
 * its issuer): a configuration problem, so the next token is asked for only after this wait,
 * doubled at each such refusal up to the most (the token server is not asked once a request).
 */
export const REFUSED_TOKEN_HOLD_MS = { first: 30_000, most: 15 * 60_000 } as const;
const DEFAULT_TOKEN_LIFETIME_S = 300;

type AuthDeps = { fetch: typeof fetch; now: () => number; timeoutMs: number };
type OAuthScheme = Extract<AuthScheme, { kind: 'oauth-client-credentials' }>;

export function createAuthSource(scheme: AuthScheme, credentials: Credentials, deps: AuthDeps): AuthSource {
  if (scheme.kind === 'oauth-client-credentials') return createOAuthSource(scheme, credentials, deps);
  const headers = staticAuthHeaders(scheme, credentials);
  const params = authQueryParams(scheme, credentials);
  return {
    headers: async () => headers,
    params: () => params,
    invalidate: () => false,
    accepted: () => {},
    secrets: () => [credentials.clientSecret],
  };
}

/** Client-credentials tokens: one asked for at a time, renewed before they expire or once refused, held when the API never took one. */
function createOAuthSource(oauth: OAuthScheme, credentials: Credentials, deps: AuthDeps): AuthSource {
  /** `accepted`: a request with it succeeded; `heldUntil`: refused before that, kept (not renewed) until then. */
  let token: { value: string; expiresAt: number; accepted: boolean; heldUntil: number } | null = null;
  /** The wait after the last token refused before the API took it (0: none was). */
  let holdMs = 0;
  /** A token no longer held is no longer a secret the log must know. */
  const forgetToken = () => {
    if (token) liveSecrets.remove(token.value);
    token = null;
  };
  let pending: Promise<string> | null = null;

  async function renew(signal?: AbortSignal): Promise<string> {
    const issued = await requestToken(oauth, credentials, deps.timeoutMs, deps.fetch, signal);
    forgetToken();
    const expiresAt = deps.now() + Math.max(issued.lifetimeSeconds * 1000 - EXPIRY_MARGIN_MS, 5_000);
    token = { value: issued.value, expiresAt, accepted: false, heldUntil: 0 };
    liveSecrets.add(token.value);
    return token.value;
  }

  /**
   * A token refused before the API took any request with it: kept and not retried (every request
   * meanwhile meets the same refusal, said once as the API's) until its hold ends; then renewed.
   */
  function holdRefused(refused: NonNullable<typeof token>): boolean {
    const now = deps.now();
    if (refused.heldUntil === 0) {
      holdMs = Math.min(Math.max(holdMs * 2, REFUSED_TOKEN_HOLD_MS.first), REFUSED_TOKEN_HOLD_MS.most);
      refused.heldUntil = now + holdMs;
      refused.expiresAt = Math.max(refused.expiresAt, refused.heldUntil);
    }
    if (now < refused.heldUntil) return false;
    forgetToken();
    return true;
  }

  return {
    params: () => ({}),
    async headers(signal) {
      if (token && deps.now() < token.expiresAt) return { authorization: `Bearer ${token.value}` };
      // One request for a token at a time, however many calls wait for it.
      pending ??= renew(signal).finally(() => (pending = null));
      return { authorization: `Bearer ${await pending}` };
    },
    invalidate(rejected) {
      // Many requests in flight meet one revoked token: one renewal serves them all, each retried once.
      if (pending) return true;
      if (token && rejected?.authorization !== undefined && rejected.authorization !== `Bearer ${token.value}`) return true;
      if (token && rejected && !token.accepted) return holdRefused(token);
      const had = token !== null;
      forgetToken();
      return had;
    },
    accepted(sent) {
      if (!token || sent?.authorization !== `Bearer ${token.value}`) return;
      token.accepted = true;
      holdMs = 0;
    },
    secrets: () => [credentials.clientSecret, ...(token ? [token.value] : [])],
  };
}

/** Asks the token URL for a client-credentials token: its value and lifetime, or a TokenError saying why not. */
async function requestToken(
  oauth: OAuthScheme,
  credentials: Credentials,
  timeoutMs: number,
  fetchToken: typeof fetch,
  signal?: AbortSignal,
): Promise<{ value: string; lifetimeSeconds: number }> {
  const body = new URLSearchParams({ grant_type: 'client_credentials' });
  if (oauth.scope) body.set('scope', oauth.scope);
  if (oauth.audience) body.set('audience', oauth.audience);
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' };
  if (oauth.credentialsIn === 'basic') headers.authorization = basic(credentials);
  else {
    body.set('client_id', credentials.clientId);
    body.set('client_secret', credentials.clientSecret);
  }
  const timeout = AbortSignal.timeout(timeoutMs);
  const response = await fetchToken(oauth.tokenUrl, {
    method: 'POST',
    headers,
    body: body.toString(),
    redirect: 'manual',
    signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
  }).catch((error: unknown) => {
    throw new TokenError(`the token URL could not be reached (${(error as Error).message})`);
  });
  // Through the same bounded reader as every other answer: a huge token answer is cut as it
  // arrives, never read whole first (a 700 MB one once took the app to 1.4 GB).
  const text = await readCappedText(response, { maxBytes: MAX_TOKEN_ANSWER_BYTES, truncate: true, signal: timeout }).catch(
    (error: unknown) => {
      throw new TokenError(`the token URL's answer could not be read (${(error as Error).message})`);
    },
  );
  if (!response.ok)
    throw new TokenError(`the token URL answered ${response.status}${tokenErrorText(text, [credentials.clientSecret])}`);
  const parsed = safeJson(text) as { access_token?: unknown; expires_in?: unknown } | undefined;
  if (typeof parsed?.access_token !== 'string' || parsed.access_token === '')
    throw new TokenError('the token URL answered without an access_token');
  const lifetime = Number(parsed.expires_in ?? DEFAULT_TOKEN_LIFETIME_S);
  return {
    value: parsed.access_token,
    lifetimeSeconds: Number.isFinite(lifetime) && lifetime > 0 ? lifetime : DEFAULT_TOKEN_LIFETIME_S,
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The token server's own words, redacted before they are cut (a secret echoed across the cut must not leak in part). */
function tokenErrorText(text: string, secrets: string[]): string {
  const body = safeJson(text) as { error?: unknown; error_description?: unknown } | undefined;
  const parts = [body?.error, body?.error_description].filter((part): part is string => typeof part === 'string');
  return parts.length === 0 ? '' : ` (${redact(parts.join(': '), secrets).slice(0, 200)})`;
}
