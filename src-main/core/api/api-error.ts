/**
 * The one error type of the API clients. `kind` is a closed set the rest of the app switches
 * on; `message` is a plain-language sentence naming the service, the operation and what the
 * user can do. Never carries a secret (messages are built from redacted parts).
 */
export type ApiErrorKind =
  | 'unreachable'
  | 'timeout'
  | 'cancelled'
  | 'bad-request'
  | 'unauthorized'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'unprocessable'
  | 'rate-limited'
  | 'server'
  | 'bad-response'
  /** A 3xx: never followed (a write must not go where nobody configured it). */
  | 'redirected'
  /** 405, 406, 415, 501: the server wants another method or content type; a configuration matter. */
  | 'not-supported';

export type ServiceName = 'timeclock' | 'debtors';

export interface ApiErrorFacts {
  kind: ApiErrorKind;
  service: ServiceName;
  /** Human name of the operation, e.g. "clock-in" or "credit scores". */
  operation: string;
  environment: string;
  status?: number;
  /** From Retry-After, when the server sent one. */
  retryAfterMs?: number;
  /** What the server said (its error `message`), already redacted. */
  serverMessage?: string;
  /** The server's error body when it sent one (e.g. the current event with a 409). */
  serverDetails?: Record<string, unknown>;
  /** The whole error body as parsed (JSON), when there was one: a 409 may carry the event anywhere in it. */
  serverBody?: unknown;
  /** Extra explanation for unreachable / timeout / bad-response. */
  reason?: string;
  /** Where a redirect pointed. */
  location?: string;
  /** What the server says it accepts (Allow, Accept, Accept-Patch headers), for not-supported. */
  wants?: string;
}

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly facts: ApiErrorFacts;

  constructor(facts: ApiErrorFacts) {
    super(describeApiError(facts));
    this.name = 'ApiError';
    this.kind = facts.kind;
    this.facts = facts;
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
    return (
      this.kind === 'redirected' ||
      this.kind === 'not-supported' ||
      (this.kind === 'bad-response' && this.status !== undefined && (this.status < 200 || this.status >= 300))
    );
  }

  /** The service answered 2xx, so a write was accepted, but the answer could not be read. */
  get acceptedButUnreadable(): boolean {
    return this.kind === 'bad-response' && this.status !== undefined && this.status >= 200 && this.status < 300;
  }
}

/** A wait in words; a Retry-After of days is not repeated verbatim. */
export function waitText(ms: number | undefined): string {
  if (ms === undefined) return 'a moment';
  if (ms > 2 * 3_600_000) return 'a few hours (the server asked for a long wait)';
  if (ms > 120_000) return `${Math.ceil(ms / 60_000)} min`;
  return `${Math.ceil(ms / 1000)} s`;
}

const serviceTitle = { timeclock: 'Timeclock service', debtors: 'Debtors service' } as const;

export function describeApiError(facts: ApiErrorFacts): string {
  const where = `${serviceTitle[facts.service]} of ${facts.environment}`;
  const said = facts.serverMessage ? ` The server said: “${facts.serverMessage}”` : '';
  const op = facts.operation;
  switch (facts.kind) {
    case 'unreachable':
      return `${where} can't be reached for ${op}${facts.reason ? ` (${facts.reason})` : ''}. Check the network connection and the base URL of environment ${facts.environment}.`;
    case 'timeout':
      return `${where} did not answer ${op} in time${facts.reason ? ` (${facts.reason})` : ''}. It may be overloaded; try again shortly.`;
    case 'cancelled':
      return `${op} was cancelled before ${where} answered.`;
    case 'bad-request':
      return `${where} rejected ${op} as malformed (400).${said}`;
    case 'unauthorized':
      if (facts.reason === 'no client secret is set') {
        return `No client secret is set for environment ${facts.environment}, so ${op} was not sent. Enter the secret in Settings.`;
      }
      if (facts.reason === 'the server wants OAuth bearer tokens')
        return `${where} refused the credentials for ${op} (401): it wants OAuth bearer tokens. Set the environment's sign-in to “OAuth 2.0 client credentials” with the token URL IT gives you.`;
      if (facts.reason)
        return `${where} could not sign in for ${op}: ${facts.reason}. Check the token URL, client id and client secret of environment ${facts.environment}.`;
      return `${where} refused the credentials for ${op} (401). Check the client id and client secret for environment ${facts.environment}.`;
    case 'forbidden':
      return `${where} accepted the credentials but does not allow ${op} (403). Ask your administrator to grant this client id access to the ${facts.service} service.`;
    case 'not-found':
      return `${where} found nothing for ${op} (404).${said}`;
    case 'conflict':
      return `${where} refused ${op} because its current state differs (409).${said}`;
    case 'unprocessable':
      return `${where} rejected ${op} as impossible (422).${said}`;
    case 'rate-limited':
      return `${where} is limiting requests (429) for ${op}. Try again in ${waitText(facts.retryAfterMs)}.`;
    case 'server':
      return `${where} failed on ${op} (${facts.status ?? '5xx'}). The problem is on the server's side; try again later.${said}`;
    case 'bad-response':
      return `${where} sent an answer to ${op} that the app can't read: ${facts.reason ?? 'unexpected content'}. Check that the base URL points at the right service.`;
    case 'redirected':
      return `${where} redirected ${op} (${facts.status ?? '3xx'}) to ${facts.location ?? 'another address'}. Redirects are not followed: update the base URL of environment ${facts.environment} if that is the right address.`;
    case 'not-supported':
      return `${where} does not accept ${op} as this app sends it (${facts.status ?? 'refused'}${facts.wants ? `; it accepts ${facts.wants}` : ''}).${said} Its API differs from this app's default: IT needs to adjust the environment's API settings.`;
  }
}
