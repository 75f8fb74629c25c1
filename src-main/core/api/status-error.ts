/**
 * What an answer other than 2xx says, as the facts of an ApiError: its kind (a limit, a refusal, a
 * redirect, "not like this"), the server's own words and field errors (secrets taken out), the
 * gateway that refused and why a sign-in failed, and how long to wait.
 */
import { redact, redactDeep } from '../security/redact.ts';
import type { ApiErrorFacts } from './api-error.ts';
import type { ApiErrorKind, Gateway, SignInReason } from '../../shared/domain/api-problem.ts';
import type { AuthScheme } from '../../shared/api/api-profile.ts';
import { parseJsonText } from './read-body.ts';
import { limitResetMs, parseRetryAfter } from './retry-policy.ts';
import { displayUrl } from './url.ts';
import { MULE_CLIENT_MISSING, recognizeGateway, type GatewayEvidence } from './gateway-recognition.ts';

/** An error's facts without what the client adds (service, operation, environment). */
export type FailureFacts = Omit<ApiErrorFacts, 'service' | 'operation' | 'environment'>;

export interface StatusContext {
  auth: AuthScheme;
  /** Where the request went (a redirect's Location is resolved against it). */
  requestUrl: URL;
  /** The secret and any live token: taken out of every word kept. */
  secrets: string[];
  now: number;
}

/** Statuses that say "not like this": another method, content type or feature is wanted. */
const NOT_SUPPORTED = new Set([405, 406, 415, 501]);

const statusKinds: Record<number, ApiErrorKind> = {
  400: 'bad-request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not-found',
  409: 'conflict',
  422: 'unprocessable',
  429: 'rate-limited',
};

export function statusFacts(response: Response, text: string, context: StatusContext): FailureFacts {
  const { secrets, now } = context;
  const status = response.status;
  const { message, details, body } = readErrorBody(text);
  const common = {
    status,
    serverMessage: message === undefined ? undefined : redact(message, secrets),
    serverDetails: details,
    serverBody: redactDeep(body, secrets),
  };
  if (status >= 300 && status < 400) {
    const location = resolveLocation(response.headers.get('location'), context.requestUrl);
    // A redirect to the company's single sign-on: a session that ran out in front of the service, not a moved one.
    const toSignIn = location !== undefined && isSignInAddress(location);
    return { kind: 'redirected', ...common, location, ...(toSignIn ? { toSignIn } : {}) };
  }
  if (NOT_SUPPORTED.has(status)) return { kind: 'not-supported', ...common, wants: wantsOf(response.headers) };
  const refusal = status === 401 || status === 403 || status === 429;
  const evidence = refusal ? gatewayEvidence(response.headers, message, body, secrets) : null;
  const gateway = evidence ? recognizeGateway(evidence) : null;
  // A 403 that is a limit (Azure's exhausted quota, with Retry-After) is waited out, never "ask for access".
  const quota = status === 403 && (response.headers.has('retry-after') || QUOTA_WORDS.test(evidence!.said));
  const kind = quota ? 'rate-limited' : (statusKinds[status] ?? (status >= 500 ? 'server' : 'bad-response'));
  const retryAfterMs =
    parseRetryAfter(response.headers.get('retry-after'), now) ??
    (kind === 'rate-limited' || status === 503 ? limitResetMs(response.headers, now) : undefined);
  return {
    kind,
    ...common,
    // A gateway's bare 502/503/504 (a limit, an ingress): no answer from the service, not its report.
    ...(status >= 502 && status <= 504 && text.trim() === '' ? { emptyAnswer: true as const } : {}),
    retryAfterMs,
    ...(quota ? { quota: true as const } : {}),
    ...(kind === 'rate-limited' ? allowanceOf(response.headers) : {}),
    // 504: the gateway gave up waiting on a slow service; 502: it could not reach it (refused, reset, no route).
    ...(status === 504 ? { gatewayTimeout: true as const } : {}),
    ...(status === 502 ? { gatewayUnreached: true as const } : {}),
    reason: kind === 'bad-response' ? `unexpected status ${status}` : undefined,
    signIn: kind === 'unauthorized' ? signInReason(context.auth, response.headers, evidence!.said, gateway) : undefined,
    ...(gateway ? { gateway } : {}),
    ...(evidence ? { challenge: evidence.challenge, headerNames: evidence.headers } : {}),
    // A challenge's own words (error_description) when the body had none.
    ...(kind === 'unauthorized' && common.serverMessage === undefined ? challengeWords(response.headers, secrets) : {}),
  };
}

/** The server's error sentence and details, from the usual shapes of error bodies. */
function readErrorBody(text: string): { message?: string; details?: Record<string, unknown>; body?: unknown } {
  let body: unknown;
  try {
    body = parseJsonText(text, null);
  } catch {
    const plain = text.trim();
    // A short plain-text or HTML-free answer is still the server's own words.
    return plain !== '' && plain.length <= 300 && !plain.startsWith('<') ? { message: plain } : {};
  }
  if (typeof body !== 'object' || body === null) return { body };
  const record = body as Record<string, unknown>;
  // Spring's `message`, RFC 9457's `detail` / `title`, OAuth's `error_description`, ASP.NET's `title`,
  // MuleSoft's `description` beside its code in `error` ("missing_client").
  const said = ['message', 'Message', 'errorMessage', 'detail', 'error_description', 'description', 'title', 'error']
    .map((key) => record[key])
    .find((value): value is string => typeof value === 'string' && value.trim() !== '');
  const fields = fieldErrors(record.errors);
  const message = [said, fields].filter(Boolean).join(' ') || undefined;
  const details =
    typeof record.details === 'object' && record.details !== null ? (record.details as Record<string, unknown>) : undefined;
  return { message, details, body };
}

/**
 * Field errors as one sentence: ASP.NET's `errors: {Field: ["…"]}` and the common
 * `errors: [{field, message}]`, naming the fields the server named (at most three).
 */
function fieldErrors(errors: unknown): string | undefined {
  const pairs: Array<[string, string]> = [];
  if (Array.isArray(errors)) {
    for (const item of errors) {
      if (typeof item !== 'object' || item === null) continue;
      const entry = item as Record<string, unknown>;
      const field = [entry.field, entry.pointer, entry.name, entry.property].find((value) => typeof value === 'string');
      const text = [entry.message, entry.detail, entry.defaultMessage].find((value) => typeof value === 'string');
      if (typeof text === 'string') pairs.push([typeof field === 'string' ? field : '', text]);
    }
  } else if (typeof errors === 'object' && errors !== null) {
    for (const [field, value] of Object.entries(errors)) {
      const text = Array.isArray(value) ? value.find((item) => typeof item === 'string') : value;
      if (typeof text === 'string') pairs.push([field, text]);
    }
  }
  if (pairs.length === 0) return undefined;
  return pairs
    .slice(0, 3)
    .map(([field, text]) => (field ? `${field}: ${text}` : text))
    .join('; ');
}

function resolveLocation(location: string | null, from: URL): string | undefined {
  if (location === null || location.trim() === '') return undefined;
  try {
    return displayUrl(new URL(location, from));
  } catch {
    return undefined;
  }
}

/** A limit's allowance as the gateway says it (MuleSoft's X-Ratelimit-Limit, the IETF draft's RateLimit-Limit). */
function allowanceOf(headers: Headers): { limit?: number } {
  const said = headers.get('x-ratelimit-limit') ?? headers.get('ratelimit-limit');
  const limit = said !== null && /^\s*\d+\s*$/.test(said) ? Number(said) : undefined;
  return limit === undefined ? {} : { limit };
}

/** A 403's words that say a limit or quota, not a missing grant. */
const QUOTA_WORDS = /\b(quota|rate ?limit|limit exceeded|too many requests|call volume|spike arrest|throttl)/i;

/** What a refusal shows of the gateway that sent it: its challenge, its headers' names, its words (redacted). */
function gatewayEvidence(headers: Headers, message: string | undefined, body: unknown, secrets: string[]): GatewayEvidence {
  const names: string[] = [];
  headers.forEach((_value, name) => names.push(name));
  const challenge = redact(headers.get('www-authenticate') ?? '', secrets).slice(0, 200);
  const said = redact(`${message ?? ''} ${body === undefined ? '' : JSON.stringify(body)}`, secrets).slice(0, 2000);
  return { challenge, headers: names, said };
}

/**
 * What a 401 says of the sign-in: bearer tokens wanted while we send something else (never when we
 * already send tokens: then the gateway refused a token, and its words say why); MuleSoft's refusal,
 * which is the same for a wrong secret and an access not yet approved; a gateway that found no API
 * key where it looks; or credentials "missing" while they go in underscore headers, which gateways
 * drop on the way — never said of a gateway that wants a key (Azure's "missing subscription key").
 */
function signInReason(auth: AuthScheme, headers: Headers, said: string, gateway: Gateway | null): SignInReason | undefined {
  const challenge = headers.get('www-authenticate') ?? '';
  if (auth.kind !== 'oauth-client-credentials' && /^\s*bearer\b/i.test(challenge)) return 'wants-oauth';
  // The token server took the client id and secret (a refused sign-in there is a TokenError): the API refused its token.
  if (auth.kind === 'oauth-client-credentials') return 'token-refused';
  if (gateway === 'mulesoft') return MULE_CLIENT_MISSING.test(said) ? 'client-missing' : 'refused-or-pending';
  const missing =
    /\b(missing|not (provided|present|supplied|found)|required|no (client|credentials?|api ?key)|failed to resolve)\b/i;
  if (gateway !== null) return missing.test(said) && gateway !== 'ibm-api-connect' ? 'wants-key' : undefined;
  const underscores = auth.kind === 'headers' && `${auth.clientIdHeader}${auth.clientSecretHeader}`.includes('_');
  return underscores && missing.test(`${said} ${challenge}`) ? 'headers-dropped' : undefined;
}

/** A WWW-Authenticate challenge's error_description, as the server's words. */
function challengeWords(headers: Headers, secrets: string[]): { serverMessage?: string } {
  const described = /error_description="([^"]{1,300})"/i.exec(headers.get('www-authenticate') ?? '')?.[1];
  return described ? { serverMessage: redact(described, secrets) } : {};
}

/** What a 405/415 answer says it accepts, in words. */
function wantsOf(headers: Headers): string | undefined {
  const parts = [
    ['allow', 'methods'],
    ['accept-patch', 'PATCH content types'],
    ['accept-post', 'POST content types'],
    ['accept', 'content types'],
  ]
    .map(([header, what]) => [headers.get(header!), what] as const)
    .filter(([value]) => value !== null && value.trim() !== '')
    .map(([value, what]) => `${what} ${value!.trim()}`);
  return parts.length === 0 ? undefined : parts.join('; ');
}

/**
 * An address of a sign-in (single sign-on) service: Entra ID, ADFS, Okta, Ping, OneLogin, Auth0,
 * Keycloak, or a path that says it is a login, SAML or OAuth authorisation page.
 */
export function isSignInAddress(location: string): boolean {
  return /login\.microsoftonline\.|\/adfs\/|okta(preview)?\.com|pingone\.|onelogin\.com|auth0\.com|\/realms\/[^/]+\/protocol\/|\/(saml2?|sso|login|signin|sign-in|logon)\b|\/oauth2?\/(v2\.0\/)?authorize\b/i.test(
    location,
  );
}
