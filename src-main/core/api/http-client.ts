/**
 * The request engine both service clients use: builds the URL and auth headers, enforces the
 * timeout and body-size cap, turns every failure into an ApiError of a known kind, and retries
 * GETs on transient failures. POST and PATCH are never retried here: the clock logic decides.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { redact } from '../security/redact.ts';
import { ApiError } from './api-error.ts';
import type { OperationName, ServiceName } from '../../shared/domain/api-problem.ts';
import type { Translate } from '../../shared/i18n/translator.ts';
import { createAuthSource, TokenError, type AuthSource, type Credentials } from './auth.ts';
import { liveSecrets } from '../security/live-secrets.ts';
import type { AuthScheme } from '../../shared/api/api-profile.ts';
import { readCappedText } from './read-body.ts';
import { defaultRetryPolicy, retryDelay, type RetryPolicy } from './retry-policy.ts';
import { readSuccessBody } from './success-body.ts';
import { joinUrl } from './url.ts';
import { reportPhase } from '../util/phase-timings.ts';
import { statusFacts, type FailureFacts } from './status-error.ts';
import { failureFacts } from './transport-failure.ts';

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
  /** Other secrets a request may carry (the proxy's password): taken out of every server text quoted. */
  moreSecrets?: () => string[];
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
  /** The secret, any token held and the proxy's password: never in a message, nor in a server text quoted. */
  const secrets = () => [...(auth?.secrets() ?? []), ...liveSecrets.all(), ...(options.moreSecrets?.() ?? [])];
  let serverClockOffsetMs: number | null = null;
  const measureClock = (headers: Headers) => {
    const date = Date.parse(headers.get('date') ?? '');
    if (Number.isFinite(date)) serverClockOffsetMs = date - now();
  };

  const fail = (request: ApiRequest, facts: FailureFacts) =>
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
      const response = await attemptOnce(request, sent);
      auth?.accepted(sent.headers);
      return response;
    } catch (error) {
      if (!(error instanceof ApiError && error.kind === 'unauthorized' && auth?.invalidate(sent.headers))) throw error;
      const again: SentCredentials = {};
      const response = await attemptOnce(request, again);
      auth.accepted(again.headers);
      return response;
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
        const requestUrl = joinUrl(options.baseUrl, request.path);
        throw fail(request, statusFacts(response, text, { auth: options.auth, requestUrl, secrets: secrets(), now: now() }));
      }
      const read = await readSuccessBody(response, {
        acceptText: request.acceptText === true,
        maxBytes: maxBodyBytes,
        signal: controller.signal,
        secrets: secrets(),
        baseUrl: options.baseUrl,
      });
      if (read.failure) throw fail(request, read.failure);
      const { body } = read;
      const latencyMs = performance.now() - started;
      reportPhase('network', latencyMs);
      return { status: response.status, headers: response.headers, body, latencyMs };
    } catch (error) {
      if (error instanceof ApiError) throw error;
      const context = { signal: controller.signal, url, answered, timeoutMs, secrets: secrets() };
      throw fail(request, failureFacts(error, context));
    } finally {
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', onCallerAbort);
    }
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

const isConditional = (request: ApiRequest) =>
  Object.keys(request.headers ?? {}).some((name) => /^if-(none-match|modified-since)$/i.test(name));
