/**
 * The one error type of the API clients. `kind` is a closed set the rest of the app switches
 * on; `facts` are what its sentence is made from (shared/i18n/api-problem-words.ts): `message` in
 * the user's language at the time of the failure, `englishMessage` for logs. Never carries a secret
 * (messages are built from redacted parts).
 */
import type { ApiErrorKind, ApiProblemFacts } from '../../shared/domain/api-problem.ts';
import { english } from '../../shared/i18n/catalogues.ts';
import { describeApiError } from '../../shared/i18n/api-problem-words.ts';
import type { Translate } from '../../shared/i18n/translator.ts';

export interface ApiErrorFacts extends ApiProblemFacts {
  /** The server's error body when it sent one (e.g. the current event with a 409). */
  serverDetails?: Record<string, unknown>;
  /** The whole error body as parsed (JSON), when there was one: a 409 may carry the event anywhere in it. */
  serverBody?: unknown;
  /** A refusal's WWW-Authenticate challenge and the names of the answer's headers: what tells a gateway and the sign-in it wants. */
  challenge?: string;
  headerNames?: string[];
  /** A rate limit's allowance, where the gateway says it (X-Ratelimit-Limit, RateLimit-Limit). */
  limit?: number;
}

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly facts: ApiErrorFacts;

  /** `t`: the user's words at the time of the failure (a live translate); English by default. */
  constructor(facts: ApiErrorFacts, t: Translate = english.t) {
    super(describeApiError(facts, t));
    this.name = 'ApiError';
    this.kind = facts.kind;
    this.facts = facts;
  }

  /** The problem in English, for logs. */
  get englishMessage(): string {
    return describeApiError(this.facts, english.t);
  }

  /** The facts a window may see and word: no server body (it may be large or carry data). */
  get problem(): ApiProblemFacts {
    const {
      serverDetails: _details,
      serverBody: _body,
      challenge: _challenge,
      headerNames: _names,
      limit: _limit,
      ...facts
    } = this.facts;
    return facts;
  }

  get status(): number | undefined {
    return this.facts.status;
  }

  get retryAfterMs(): number | undefined {
    return this.facts.retryAfterMs;
  }

  /** Transient failures: worth another try later without changing anything. */
  get transient(): boolean {
    return ['unreachable', 'timeout', 'rate-limited', 'server'].includes(this.kind);
  }

  /**
   * The request never reached the service's operation because of how the app is set up (wrong
   * base URL, method, content type): retrying without a change of settings cannot help.
   */
  get configuration(): boolean {
    if (this.notReached) return false;
    return (
      this.kind === 'redirected' ||
      this.kind === 'not-supported' ||
      (this.kind === 'bad-response' && this.status !== undefined && (this.status < 200 || this.status >= 300))
    );
  }

  /** The service answered 2xx, so a write was accepted, but the answer could not be read. */
  get acceptedButUnreadable(): boolean {
    if (this.notReached) return false;
    return this.kind === 'bad-response' && this.status !== undefined && this.status >= 200 && this.status < 300;
  }

  /**
   * A sign-in in front of the service answered (its page, or a redirect to it): the request never
   * reached the service, whatever the status. Waited out like a network fault — the sign-in is the
   * employee's or IT's to renew, and nothing was recorded.
   */
  get notReached(): boolean {
    return (this.kind === 'bad-response' && this.facts.webPage?.signIn === true) || this.facts.toSignIn === true;
  }
}
