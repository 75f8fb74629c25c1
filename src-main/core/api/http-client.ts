/**
 * The request engine both service clients use: builds the URL and auth headers, enforces the
 * timeout and body-size cap, turns every failure into an ApiError of a known kind, and retries
 * GETs on transient failures. POST and PATCH are never retried here: the clock logic decides.
 */
import { ProxyError, ProxyUnknownError, UnsupportedProxyError } from './network.ts';
import { UntrustedCertificateError, untrustedCertificateCode } from './presented-certificate.ts';
import { setTimeout as sleep } from 'node:timers/promises';
import { redact } from '../security/redact.ts';
import { ApiError, type ApiErrorFacts } from './api-error.ts';
import type {
  ApiErrorKind,
  ApiProblemFacts,
  OperationName,
  ServiceName,
  SignInReason,
  Gateway,
} from '../../shared/domain/api-problem.ts';
import type { Translate } from '../../shared/i18n/translator.ts';
import { createAuthSource, TokenError, type AuthSource, type Credentials } from './auth.ts';
import type { AuthScheme } from '../../shared/api/api-profile.ts';
import { BodyTooLargeError, bodyProblemText, NotJsonError, notJsonError, parseJsonText, readCappedText } from './read-body.ts';
import { defaultRetryPolicy, limitResetMs, parseRetryAfter, retryDelay, type RetryPolicy } from './retry-policy.ts';
import { readJsonStreamed } from './streamed-json.ts';
import { displayUrl, joinUrl } from './url.ts';
import { recognizeGateway, type GatewayEvidence } from './gateway-recognition.ts';
import { reportPhase } from '../util/phase-timings.ts';

export interface HttpClientOptions {
  service: ServiceName;
  /** Environment name, for messages. */
  environment: string;
  baseUrl: string;
  auth: AuthScheme;
  /** Null when no secret is set: every request then fails as unauthorized without being sent. */
  credentials: Credentials | null;
  timeoutMs?: number;
  maxBodyBytes?: number;
  retry?: RetryPolicy;
  /** The user's words for problems, at the time they happen (the core's live translate); English if not given. */
  t?: Translate;
  /** IT's API portal, where access is requested: said where credentials are missing or refused. */
  accessPortalUrl?: string;
  /** Injection points for tests. */
  fetch?: typeof fetch;
  wait?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
  now?: () => number;
}

/** The credentials an attempt sent, so that a 401 tells which token was refused. */
type SentCredentials = { headers?: Record<string, string> };

export interface ApiRequest {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'OPTIONS';
  path: string;
  /** A whole URL instead of base URL + path (a next-page link, already checked to be on the base URL's origin). */
  url?: string;
  /** Which operation, for messages; `subject` is whom it is about (an employee id, a transaction key). */
  operation: OperationName;
  subject?: string;
  query?: Record<string, string | undefined>;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Retry transient failures (default: GET only). Never enable for non-idempotent writes. */
  retry?: boolean;
  /** Hand back a 2xx body that is not JSON as text instead of failing (health checks). */
  acceptText?: boolean;
  /** Told before each retry, so that a window can say what is happening rather than only "loading". */
  onRetry?: (retrying: Retrying) => void;
}

/** A failed attempt that will be tried again: attempt `attempt` of `of` failed, the next after `delayMs`. */
export interface Retrying {
  attempt: number;
  of: number;
  error: ApiError;
  delayMs: number;
}

export interface ApiResponse {
  status: number;
  headers: Headers;
  /** Parsed JSON, or undefined for an empty body (204). */
  body: unknown;
  latencyMs: number;
}

export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_BODY_BYTES = 200 * 1024 * 1024;

/** Error bodies are read only this far: the sentence is at the start, and a huge one must not cost memory. */
const MAX_ERROR_BODY_BYTES = 64 * 1024;
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

export interface HttpClient {
  readonly options: Readonly<HttpClientOptions>;
  request(request: ApiRequest): Promise<ApiResponse>;
  /** How far the server's clock (its Date header) is ahead of ours, as last measured; null before any answer. */
  serverClockOffsetMs(): number | null;
}

// Over 80 lines on purpose: the engine's options, auth and clock offset shared by small named
// functions; the longest, attemptOnce (51 lines), is one request's path read top to bottom.
export function createHttpClient(options: HttpClientOptions): HttpClient {
  const doFetch = options.fetch ?? fetch;
  const wait = options.wait ?? ((ms, signal) => sleep(ms, undefined, { signal }));
  const random = options.random ?? Math.random;
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const policy = options.retry ?? defaultRetryPolicy;
  const auth: AuthSource | null = options.credentials
    ? createAuthSource(options.auth, options.credentials, { fetch: doFetch, now, timeoutMs })
    : null;
  /** The secret and any live token: never in a message. */
  const secrets = () => auth?.secrets() ?? [];
  let serverClockOffsetMs: number | null = null;
  const measureClock = (headers: Headers) => {
    const date = Date.parse(headers.get('date') ?? '');
    if (Number.isFinite(date)) serverClockOffsetMs = date - now();
  };

  const fail = (request: ApiRequest, facts: Omit<ApiErrorFacts, 'service' | 'operation' | 'environment'>) =>
    new ApiError(
      {
        service: options.service,
        operation: request.operation,
        ...(request.subject === undefined ? {} : { subject: request.subject }),
        environment: options.environment,
        ...facts,
        ...(options.accessPortalUrl && (facts.kind === 'unauthorized' || facts.kind === 'forbidden')
          ? { portal: options.accessPortalUrl }
          : {}),
      },
      options.t,
    );

  /** One attempt; a 401 with an OAuth token gets a fresh token (one renewal for all refused at once) and one more try. */
  async function attempt(request: ApiRequest): Promise<ApiResponse> {
    const sent: SentCredentials = {};
    try {
      return await attemptOnce(request, sent);
    } catch (error) {
      if (error instanceof ApiError && error.kind === 'unauthorized' && auth?.invalidate(sent.headers))
        return attemptOnce(request);
      throw error;
    }
  }

  async function attemptOnce(request: ApiRequest, sent: SentCredentials = {}): Promise<ApiResponse> {
    if (!auth) throw fail(request, { kind: 'unauthorized', signIn: 'no-secret' });
    const url = request.url ? new URL(request.url) : joinUrl(options.baseUrl, request.path, request.query);
    const controller = new AbortController();
    // One deadline for connecting, the headers and the whole body.
    const timer = setTimeout(() => controller.abort('timeout'), timeoutMs);
    const onCallerAbort = () => controller.abort('cancelled');
    request.signal?.addEventListener('abort', onCallerAbort, { once: true });
    const started = performance.now();
    /** The status line, once it came: a failure after it is the server's, not the network's. */
    let answered: number | undefined;
    try {
      const credentials = await auth.headers(controller.signal).catch((error: unknown) => {
        if (error instanceof TokenError) throw fail(request, { kind: 'unauthorized', reason: redact(error.message, secrets()) });
        throw error;
      });
      sent.headers = credentials;
      // Credentials in the query (the `query` scheme): only on the wire; every address shown or logged drops its query.
      for (const [name, value] of Object.entries(auth.params())) url.searchParams.set(name, value);
      const response = await doFetch(url, {
        method: request.method,
        headers: {
          accept: 'application/json',
          ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
          // The request's own headers (a merge-patch content type, the idempotency key) win.
          ...credentials,
          ...request.headers,
        },
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        signal: controller.signal,
        // Never followed: a write must not land where nobody configured it. 3xx is reported below.
        redirect: 'manual',
      });
      answered = response.status;
      measureClock(response.headers);
      // Asked conditionally (If-None-Match, If-Modified-Since) and not modified: what we hold is current.
      if (response.status === 304 && isConditional(request)) {
        await response.body?.cancel();
        return { status: 304, headers: response.headers, body: undefined, latencyMs: performance.now() - started };
      }
      if (!response.ok) {
        const text = await readCappedText(response, {
          maxBytes: MAX_ERROR_BODY_BYTES,
          signal: controller.signal,
          truncate: true,
        });
        throw errorFromStatus(request, response, text);
      }
      const body = await readSuccessBody(request, response, controller.signal);
      const latencyMs = performance.now() - started;
      reportPhase('network', latencyMs);
      return { status: response.status, headers: response.headers, body, latencyMs };
    } catch (error) {
      if (error instanceof ApiError) throw error;
      throw classifyFailure(request, error, controller.signal, url, answered);
    } finally {
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', onCallerAbort);
    }
  }

  /**
   * A 2xx body: empty is undefined; one we cannot read is a bad response that still carries the 2xx
   * status (for a write that means done, even if we cannot read what it said). JSON is parsed as it
   * arrives, so a long list never exists whole as text.
   */
  async function readSuccessBody(request: ApiRequest, response: Response, signal: AbortSignal): Promise<unknown> {
    const limits = { maxBytes: maxBodyBytes, signal };
    const type = response.headers.get('content-type');
    try {
      if (!request.acceptText) return await readJsonStreamed(response, limits);
      const text = await readCappedText(response, limits);
      // A text answer that is a page (a health route answered by a sign-in page) is not the service's word.
      if (text.trimStart().startsWith('<') && webPageOf(type, text)) throw notJsonError(type, text);
      return text.trim() === '' ? undefined : jsonOrText(text, type);
    } catch (error) {
      if (!(error instanceof NotJsonError || error instanceof BodyTooLargeError)) throw error;
      const page = error instanceof NotJsonError ? webPageOf(type, error.excerpt?.start ?? '') : null;
      const facts = page ? { webPage: { ...page, host: new URL(response.url || options.baseUrl).host } } : {};
      throw fail(request, { kind: 'bad-response', status: response.status, reason: bodyProblemText(error, secrets()), ...facts });
    }
  }

  function errorFromStatus(request: ApiRequest, response: Response, text: string): ApiError {
    const status = response.status;
    const { message, details, body } = readErrorBody(text);
    const common = {
      status,
      serverMessage: message === undefined ? undefined : redact(message, secrets()),
      serverDetails: details,
      serverBody: redactDeep(body, secrets()),
    };
    if (status >= 300 && status < 400) {
      const location = resolveLocation(response.headers.get('location'), joinUrl(options.baseUrl, request.path));
      return fail(request, { kind: 'redirected', ...common, location });
    }
    if (NOT_SUPPORTED.has(status)) return fail(request, { kind: 'not-supported', ...common, wants: wantsOf(response.headers) });
    const refusal = status === 401 || status === 403 || status === 429;
    const evidence = refusal ? gatewayEvidence(response.headers, message, body, secrets()) : null;
    const gateway = evidence ? recognizeGateway(evidence) : null;
    // A 403 that is a limit (Azure's exhausted quota, with Retry-After) is waited out, never "ask for access".
    const quota = status === 403 && (response.headers.has('retry-after') || QUOTA_WORDS.test(evidence!.said));
    const kind = quota ? 'rate-limited' : (statusKinds[status] ?? (status >= 500 ? 'server' : 'bad-response'));
    const retryAfterMs =
      parseRetryAfter(response.headers.get('retry-after'), now()) ??
      (kind === 'rate-limited' || status === 503 ? limitResetMs(response.headers, now()) : undefined);
    return fail(request, {
      kind,
      ...common,
      // A gateway's bare 502/503/504 (a limit, an ingress): no answer from the service, not its report.
      ...(status >= 502 && status <= 504 && text.trim() === '' ? { emptyAnswer: true as const } : {}),
      retryAfterMs,
      ...(quota ? { quota: true as const } : {}),
      ...(kind === 'rate-limited' ? allowanceOf(response.headers) : {}),
      ...(status === 502 || status === 504 ? { gatewayTimeout: true as const } : {}),
      reason: kind === 'bad-response' ? `unexpected status ${status}` : undefined,
      signIn: kind === 'unauthorized' ? signInReason(options.auth, response.headers, evidence!.said, gateway) : undefined,
      ...(gateway ? { gateway } : {}),
      ...(evidence ? { challenge: evidence.challenge, headerNames: evidence.headers } : {}),
      // A challenge's own words (error_description) when the body had none.
      ...(kind === 'unauthorized' && common.serverMessage === undefined ? challengeWords(response.headers, secrets()) : {}),
    });
  }

  function classifyFailure(request: ApiRequest, error: unknown, signal: AbortSignal, url: URL, answered?: number): ApiError {
    // With a status line the server did answer: its body stalling or breaking off is its failure, and
    // the error carries the status so that no one reads it as "no network".
    const status = answered === undefined ? {} : { status: answered };
    if (signal.aborted) {
      if (signal.reason === 'cancelled') return fail(request, { kind: 'cancelled' });
      const reason =
        answered === undefined
          ? `no answer within ${timeoutMs / 1000} s`
          : `it answered ${answered}, but its body did not finish within ${timeoutMs / 1000} s`;
      return fail(request, { kind: 'timeout', ...status, reason });
    }
    if (error instanceof BodyTooLargeError || error instanceof NotJsonError) {
      return fail(request, { kind: 'bad-response', reason: bodyProblemText(error, secrets()) });
    }
    // Still "unreachable" (a write's outcome is then confirmed by reading, never assumed), but answered.
    const where = answered === undefined ? '' : ` after it answered ${answered}`;
    const culprit = culpritOf(error);
    const certificate = certificateOf(error);
    const signIn = error instanceof ProxyError && error.signIn ? { proxySignIn: { ...error.signIn, proxy: error.proxy } } : {};
    return fail(request, {
      kind: 'unreachable',
      ...status,
      ...(culprit ? { culprit } : {}),
      ...certificate,
      ...signIn,
      reason: `${networkReason(error)}${where} at ${displayUrl(url)}`,
    });
  }

  return {
    options,
    serverClockOffsetMs: () => serverClockOffsetMs,
    async request(request) {
      const retries = request.retry ?? request.method === 'GET';
      for (let retry = 1; ; retry++) {
        try {
          return await attempt(request);
        } catch (error) {
          const apiError = error as ApiError;
          const delay = retries && apiError.transient ? retryDelay(policy, retry, apiError.retryAfterMs, random) : null;
          if (delay === null) throw apiError;
          request.onRetry?.({ attempt: retry, of: policy.retries + 1, error: apiError, delayMs: delay });
          try {
            await wait(delay, request.signal);
          } catch {
            throw fail(request, { kind: 'cancelled' });
          }
        }
      }
    },
  };
}

/**
 * A web page where the service should answer: HTML by its type or its first tag. A sign-in page
 * (a company proxy's or single sign-on's session expired) when it asks for a password or says so.
 */
function webPageOf(contentType: string | null, start: string): { signIn: boolean } | null {
  const html = /html/i.test(contentType ?? '') || /^\s*<(!doctype html|html|head|body)\b/i.test(start);
  if (!html) return null;
  return { signIn: /type=["']?password|sign[ -]?in|log[ -]?in|login|anmeld|iniciar sesi|adfs|okta|saml/i.test(start) };
}

/** A health answer may be plain text: JSON when it is JSON, else the text as it came. */
function jsonOrText(text: string, contentType: string | null): unknown {
  try {
    return parseJsonText(text, contentType);
  } catch {
    return text;
  }
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
  // Spring's `message`, RFC 9457's `detail` / `title`, OAuth's `error_description`, ASP.NET's `title`.
  const said = ['message', 'Message', 'errorMessage', 'detail', 'error_description', 'title', 'error']
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

/** A parsed body with every secret taken out of its text. */
function redactDeep(body: unknown, secrets: string[]): unknown {
  if (body === undefined) return body;
  try {
    return JSON.parse(redact(JSON.stringify(body), secrets)) as unknown;
  } catch {
    return undefined; // redaction cut through the JSON: better no body than a secret
  }
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
  if (gateway === 'mulesoft') return 'refused-or-pending';
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

const isConditional = (request: ApiRequest) =>
  Object.keys(request.headers ?? {}).some((name) => /^if-(none-match|modified-since)$/i.test(name));

/** The proxy's fault (its rule, its resolver, itself), or a certificate not trusted here: not the service's. */
function culpritOf(error: unknown): ApiProblemFacts['culprit'] {
  if (error instanceof UnsupportedProxyError || error instanceof ProxyUnknownError || error instanceof ProxyError) return 'proxy';
  return untrustedCertificateCode(error) === null ? undefined : 'certificate';
}

/** Whose the untrusted certificate is, and the CAs the environment sets, where the network layer found them. */
function certificateOf(error: unknown): Pick<ApiProblemFacts, 'certificate'> {
  if (!(error instanceof UntrustedCertificateError) || (error.issuer === null && error.configuredCas.length === 0)) return {};
  return { certificate: { issuer: error.issuer, configuredCas: error.configuredCas } };
}

function networkReason(error: unknown): string {
  // The proxy (its rule, its resolver, itself) is the culprit, and is named.
  if (error instanceof UnsupportedProxyError || error instanceof ProxyUnknownError || error instanceof ProxyError)
    return error.message;
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  // fetch refuses a few well-known ports (e.g. 9, 25, 6000) outright.
  if (cause?.message === 'bad port') return 'this port is blocked for web requests; use another port';
  switch (cause?.code) {
    case 'ECONNREFUSED':
      return 'connection refused';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'host name not found';
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
      return 'connection lost';
    case 'ETIMEDOUT':
    case 'UND_ERR_CONNECT_TIMEOUT':
      return 'connection timed out';
    case 'ENETUNREACH':
    case 'EHOSTUNREACH':
      return 'network unreachable';
    default:
      if (untrustedCertificateCode(error) !== null) return 'TLS certificate not trusted';
      return cause?.code ? `network error ${cause.code}` : 'network error';
  }
}
