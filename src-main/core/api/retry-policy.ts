/**
 * When to try a GET again: exponential backoff with full jitter, or what the server asked for
 * with Retry-After (capped, so a hostile or broken header can't stall the app for hours).
 */
export interface RetryPolicy {
  /** Retries after the first attempt (0 = never retry). */
  retries: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** Longest Retry-After we honour; beyond it we give up and report rate limiting. */
  maxRetryAfterMs: number;
  /** Retry only when the server said when (Retry-After): a test that reports, rather than waits out, failures. */
  onlyWhenAsked?: boolean;
}

export const defaultRetryPolicy: RetryPolicy = { retries: 2, baseDelayMs: 400, maxDelayMs: 5_000, maxRetryAfterMs: 30_000 };

/** Delay before retry number `retry` (1-based), or null when the policy says stop. */
export function retryDelay(
  policy: RetryPolicy,
  retry: number,
  retryAfterMs: number | undefined,
  random: () => number,
): number | null {
  if (retry > policy.retries || (policy.onlyWhenAsked && retryAfterMs === undefined)) return null;
  if (retryAfterMs !== undefined) return retryAfterMs <= policy.maxRetryAfterMs ? retryAfterMs : null;
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (retry - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** Retry-After as milliseconds: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(header: string | null, now: number): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * When a limit resets, from the headers gateways send instead of Retry-After: MuleSoft's
 * X-Ratelimit-Reset in milliseconds (an epoch in seconds, as GitHub's, when that large), the IETF
 * draft's RateLimit-Reset in seconds, or its structured `RateLimit: …, reset=N`. Undefined when none says.
 */
export function limitResetMs(headers: Headers, now: number): number | undefined {
  const number = (text: string | null | undefined) => (text && /^\s*\d+(\.\d+)?\s*$/.test(text) ? Number(text) : undefined);
  const mule = number(headers.get('x-ratelimit-reset'));
  if (mule !== undefined) return mule > 1e9 ? Math.max(0, mule * 1000 - now) : mule;
  const ietf = number(headers.get('ratelimit-reset')) ?? number(/\breset=(\d+)/i.exec(headers.get('ratelimit') ?? '')?.[1]);
  return ietf === undefined ? undefined : ietf * 1000;
}
