/**
 * The request engine both service clients use: builds the URL and auth headers, enforces the
 * timeout and body-size cap, turns every failure into an ApiError of a known kind, and retries
 * GETs on transient failures. POST and PATCH are never retried here: the clock logic decides.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { redact } from '../security/redact.ts';
import { ApiError, type ApiErrorFacts, type ApiErrorKind, type ServiceName } from './api-error.ts';
import { authHeaders, type AuthScheme, type Credentials } from './auth.ts';
import { BodyTooLargeError, NotJsonError, parseJsonText, readCappedText } from './read-body.ts';
import { defaultRetryPolicy, parseRetryAfter, retryDelay, type RetryPolicy } from './retry-policy.ts';
import { displayUrl, joinUrl } from './url.ts';

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
  /** Injection points for tests. */
  fetch?: typeof fetch;
  wait?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
  now?: () => number;
}

export interface ApiRequest {
  method: 'GET' | 'POST' | 'PATCH';
  path: string;
  /** Human name for messages, e.g. "clock-in". */
  operation: string;
  query?: Record<string, string | undefined>;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Retry transient failures (default: GET only). Never enable for non-idempotent writes. */
  retry?: boolean;
  /** Hand back a 2xx body that is not JSON as text instead of failing (health checks). */
  acceptText?: boolean;
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
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const doFetch = options.fetch ?? fetch;
  const wait = options.wait ?? ((ms, signal) => sleep(ms, undefined, { signal }));
  const random = options.random ?? Math.random;
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const policy = options.retry ?? defaultRetryPolicy;
  const secrets = options.credentials ? [options.credentials.clientSecret] : [];

  const fail = (request: ApiRequest, facts: Omit<ApiErrorFacts, 'service' | 'operation' | 'environment'>) =>
    new ApiError({ service: options.service, operation: request.operation, environment: options.environment, ...facts });

  async function attempt(request: ApiRequest): Promise<ApiResponse> {
    if (!options.credentials) throw fail(request, { kind: 'unauthorized', reason: 'no client secret is set' });
    const url = joinUrl(options.baseUrl, request.path, request.query);
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort('timeout'), timeoutMs);
    const onCallerAbort = () => controller.abort('cancelled');
    request.signal?.addEventListener('abort', onCallerAbort, { once: true });
    const started = performance.now();
    try {
      const response = await doFetch(url, {
        method: request.method,
        headers: {
          accept: 'application/json',
          ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...authHeaders(options.auth, options.credentials),
          ...request.headers,
        },
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        signal: controller.signal,
        redirect: 'error',
      });
      const text = await readCappedText(response, maxBodyBytes);
      const latencyMs = performance.now() - started;
      if (response.ok) {
        const body = text.trim() === '' ? undefined : parseBody(text, response.headers.get('content-type'), request.acceptText);
        return { status: response.status, headers: response.headers, body, latencyMs };
      }
      throw errorFromStatus(request, response, text);
    } catch (error) {
      if (error instanceof ApiError) throw error;
      throw classifyFailure(request, error, controller.signal, url);
    } finally {
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', onCallerAbort);
    }
  }

  function errorFromStatus(request: ApiRequest, response: Response, text: string): ApiError {
    const status = response.status;
    const kind = statusKinds[status] ?? (status >= 500 ? 'server' : 'bad-response');
    const { message, details } = readErrorBody(text);
    return fail(request, {
      kind,
      status,
      retryAfterMs: parseRetryAfter(response.headers.get('retry-after'), now()),
      serverMessage: message === undefined ? undefined : redact(message, secrets),
      serverDetails: details,
      reason: kind === 'bad-response' ? `unexpected status ${status}` : undefined,
    });
  }

  function classifyFailure(request: ApiRequest, error: unknown, signal: AbortSignal, url: URL): ApiError {
    if (signal.aborted) {
      return signal.reason === 'cancelled'
        ? fail(request, { kind: 'cancelled' })
        : fail(request, { kind: 'timeout', reason: `no answer within ${timeoutMs / 1000} s` });
    }
    if (error instanceof BodyTooLargeError || error instanceof NotJsonError) {
      return fail(request, { kind: 'bad-response', reason: error.message });
    }
    return fail(request, { kind: 'unreachable', reason: `${networkReason(error)} at ${displayUrl(url)}` });
  }

  return {
    options,
    async request(request) {
      const retries = request.retry ?? request.method === 'GET';
      for (let retry = 1; ; retry++) {
        try {
          return await attempt(request);
        } catch (error) {
          const apiError = error as ApiError;
          const delay = retries && apiError.transient ? retryDelay(policy, retry, apiError.retryAfterMs, random) : null;
          if (delay === null) throw apiError;
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

function parseBody(text: string, contentType: string | null, acceptText = false): unknown {
  try {
    return parseJsonText(text, contentType);
  } catch (error) {
    if (acceptText) return text;
    throw error;
  }
}

/** The server's error sentence and details, from the usual shapes of error bodies. */
function readErrorBody(text: string): { message?: string; details?: Record<string, unknown> } {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return {};
  }
  if (typeof body !== 'object' || body === null) return {};
  const record = body as Record<string, unknown>;
  const message = ['message', 'error_description', 'detail', 'title', 'error']
    .map((key) => record[key])
    .find((value) => typeof value === 'string');
  const details =
    typeof record.details === 'object' && record.details !== null ? (record.details as Record<string, unknown>) : undefined;
  return { message: message as string | undefined, details };
}

function networkReason(error: unknown): string {
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
    case 'CERT_HAS_EXPIRED':
    case 'DEPTH_ZERO_SELF_SIGNED_CERT':
    case 'UNABLE_TO_VERIFY_LEAF_SIGNATURE':
      return 'TLS certificate not trusted';
    default:
      return cause?.code ? `network error ${cause.code}` : 'network error';
  }
}
