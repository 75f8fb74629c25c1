/**
 * A failed request to one of the services, as facts: what kind of failure, where, doing what, and
 * the details the server or network gave. The core keeps these; a sentence in the user's language
 * is made from them where they are shown (shared/i18n/api-problem-words.ts).
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

/** What the app was doing: one of the services' operations, or the network check before a probe. */
export type OperationName =
  | 'clockIn'
  | 'clockOut'
  | 'lastEvent'
  | 'sourceHealth'
  | 'targetHealth'
  | 'networkCheck'
  | 'debtors'
  | 'clientBanks'
  | 'clientGroups'
  | 'clientDelta'
  | 'creditScores'
  | 'bureauScores'
  | 'nicknames'
  | 'advanceClients'
  | 'transactions'
  | 'transactionDetails';

/** Why a sign-in failed when the app, not the server, knows (the other reasons are the server's or network's words). */
/**
 * `headers-dropped`: a gateway said the credentials were missing while they go in headers whose names
 * have underscores, which nginx and many gateways drop by default. `refused-or-pending`: MuleSoft's
 * Client ID Enforcement refused them — wrong, or the client's access request not yet approved (it
 * answers both with the same 401). `client-missing`: MuleSoft found no client id where it looks — it
 * wants query parameters (Mule 3's default), or a proxy dropped the underscore headers: the app
 * cannot tell which. `wants-key`: a gateway found no API key where it looks for one. `token-refused`: an access token the token server issued (so the client id and secret are right) was refused by the API.
 */
export type SignInReason =
  'no-secret' | 'wants-oauth' | 'headers-dropped' | 'refused-or-pending' | 'wants-key' | 'token-refused' | 'client-missing';

/** The API gateways the app recognises from their answers (core/api/gateway-recognition.ts). */
export type Gateway = 'mulesoft' | 'azure-apim' | 'kong' | 'apigee' | 'ibm-api-connect';

/**
 * Why a proxy's sign-in (407) failed: it wants one and none was given (`needed`), it refused the
 * one given (`refused`), or it offers only schemes this app cannot do — NTLM, Negotiate (`unsupported`).
 */
export type ProxySignIn = 'needed' | 'refused' | 'unsupported';

export interface ApiProblemFacts {
  kind: ApiErrorKind;
  service: ServiceName;
  operation: OperationName;
  /** Whom or what the operation was about: the employee id, the transaction key. */
  subject?: string;
  environment: string;
  status?: number;
  /** From Retry-After, when the server sent one. */
  retryAfterMs?: number;
  /** What the server said (its error `message`), already redacted. */
  serverMessage?: string;
  /** A sign-in failure the app recognised. */
  signIn?: SignInReason;
  /** The technical detail for unreachable / timeout / bad-response / a token failure (the network's or parser's words). */
  reason?: string;
  /**
   * Who is at fault when the service was not reached, when it is not the service: the proxy (named in
   * `reason`) or the service's TLS certificate (not trusted here). Absent: the service or the network.
   */
  culprit?: 'proxy' | 'certificate';
  /**
   * A certificate not trusted: the top issuer of the chain the server presented (a TLS-inspecting
   * proxy's CA in place of the service's), and the CAs the environment's API settings set, if any.
   */
  certificate?: { issuer: string | null; configuredCas: string[] };
  /** A proxy's 407: what went wrong with its sign-in, the proxy (host:port) and the schemes it offered. */
  proxySignIn?: { why: ProxySignIn; proxy: string; schemes: string[] };
  /** Where a redirect pointed. */
  location?: string;
  /** The redirect pointed to a sign-in (the company's single sign-on): the service was not reached. */
  toSignIn?: true;
  /** What the server says it accepts (Allow, Accept, Accept-Patch headers), for not-supported. */
  wants?: string;
  /**
   * A 2xx that was not the service: a web page answered from this host — a sign-in page (a company
   * proxy's or single sign-on's session expired) or another web page (the base URL points to a site).
   */
  webPage?: { signIn: boolean; host: string };
  /** A health answer in a word the app does not know: the system's own word, not taken as working. */
  unknownState?: string;
  /** An error status with an empty body (a gateway's 502/503/504): no answer from the service, not its report. */
  emptyAnswer?: true;
  /** The API gateway that answered, recognised from its challenge, words or headers. */
  gateway?: Gateway;
  /** Where access is requested (IT's API portal), said where credentials are missing or refused. */
  portal?: string;
  /** A 403 that is a limit, not a missing grant (Azure API Management's exhausted quota): waited out, not "ask for access". */
  quota?: true;
  /** A gateway's 504: it gave up waiting for the service behind it. */
  gatewayTimeout?: true;
  /** A gateway's 502: it could not reach the service behind it (refused, reset, no route). */
  gatewayUnreached?: true;
  /** Every route of the service was "not found" here: the environment's base URL is wrong, not a record missing. */
  wrongBaseUrl?: true;
}
