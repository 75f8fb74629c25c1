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
  | 'bad-response';

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
  /** Extra explanation for unreachable / timeout / bad-response. */
  reason?: string;
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
      return `${where} refused the credentials for ${op} (401). Check the client id and client secret for environment ${facts.environment}.`;
    case 'forbidden':
      return `${where} accepted the credentials but does not allow ${op} (403). Ask your administrator to grant this client id access to the ${facts.service} service.`;
    case 'not-found':
      return `${where} found nothing for ${op} (404).${said}`;
    case 'conflict':
      return `${where} refused ${op} because its current state differs (409).${said}`;
    case 'unprocessable':
      return `${where} rejected ${op} as impossible (422).${said}`;
    case 'rate-limited': {
      const wait = facts.retryAfterMs === undefined ? 'a moment' : `${Math.ceil(facts.retryAfterMs / 1000)} s`;
      return `${where} is limiting requests (429) for ${op}. Try again in ${wait}.`;
    }
    case 'server':
      return `${where} failed on ${op} (${facts.status ?? '5xx'}). The problem is on the server's side; try again later.${said}`;
    case 'bad-response':
      return `${where} sent an answer to ${op} that the app can't read: ${facts.reason ?? 'unexpected content'}. Check that the base URL points at the right service.`;
  }
}
