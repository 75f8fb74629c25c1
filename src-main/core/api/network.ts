/**
 * Every request of the app on the corporate network: through the proxy the system's settings
 * name for that URL (the shell asks Chromium, so PAC files work), trusting the operating system's
 * certificate store as well as Node's, plus an environment's own CA certificate when IT gives one.
 * Built on undici (the engine of Node's fetch) so the main process and the lookup's worker thread
 * behave the same; no environment variables are read.
 */
import * as tls from 'node:tls';
import type { ProxySignIn } from '../../shared/domain/api-problem.ts';
import { Agent, Client, ProxyAgent, fetch as undiciFetch, type Dispatcher } from 'undici';
import { UntrustedCertificateError, caNames, presentedIssuer, untrustedCertificateCode } from './presented-certificate.ts';

/** A proxy ("http://host:port"), null for a direct connection, or such entries to try in order (a PAC rule's list). */
export type ProxyAnswer = string | null | ReadonlyArray<string | null>;

/** A route's answer as the proxies to try in order (null: direct). */
export const proxyList = (answer: ProxyAnswer): ReadonlyArray<string | null> =>
  Array.isArray(answer) ? answer : [answer as string | null];

export interface NetworkRoute {
  /** The proxy, or proxies in order, to use for a URL. */
  proxyFor(url: string): Promise<ProxyAnswer>;
}

export interface TrustOptions {
  /** Trust the operating system's certificate store (where this Node can read it). */
  systemCa: boolean;
  /** An extra CA certificate (PEM) for this environment. */
  extraCaPem: string | null;
}

/** The system's store, read once; empty where this Node cannot read it (before Node 22.15). */
let systemCertificates: string[] | null = null;
function systemStore(): string[] {
  if (systemCertificates === null) {
    const read = (tls as { getCACertificates?: (type: 'system') => string[] }).getCACertificates;
    try {
      systemCertificates = read ? read('system') : [];
    } catch {
      systemCertificates = [];
    }
  }
  return systemCertificates;
}

/**
 * A proxy rule that names only proxies the app's HTTP engine cannot use (SOCKS, QUIC). Requests
 * fail closed: going direct instead would go around an egress policy that allows only the proxy.
 */
export class UnsupportedProxyError extends Error {
  constructor(readonly rule: string) {
    super(
      `the system's proxy rule "${rule}" names only proxies this app cannot use (SOCKS, QUIC), and nothing is sent around them`,
    );
  }
}

/**
 * The system could not say which proxy a URL takes (its resolver failed): nothing is sent, since
 * going direct could go around the proxy the company's network requires.
 */
export class ProxyUnknownError extends Error {}

/** The refusal for a resolver that failed, saying why. */
export const proxyUnknown = (reason: string) =>
  new ProxyUnknownError(`the system's proxy settings could not be read (${reason}), and nothing is sent without them`);

/**
 * What the lookup's worker is told of a URL's proxy, resolved before it starts: its address (or
 * addresses in order), null for direct, a rule it must not go around, or a resolution that failed
 * (it sends nothing then).
 */
export type KnownProxy = ProxyAnswer | { unsupported: string } | { unknown: string };

/** A user name and password for the proxy (Basic), as the user or IT gave them. */
export interface ProxyCredentials {
  user: string;
  password: string;
}

/** Why a request did not get past the proxy, naming it: the app's words for the proxy's fault, not the service's. */
export class ProxyError extends Error {
  constructor(
    readonly problem: 'unreachable' | 'sign-in' | 'refused',
    readonly proxy: string,
    detail: string,
    /** For a 407: what went wrong with the sign-in, and the schemes the proxy offered. */
    readonly signIn?: { why: ProxySignIn; schemes: string[] },
  ) {
    super(
      problem === 'sign-in'
        ? signInSentence(proxy, signIn)
        : problem === 'unreachable'
          ? `the proxy ${proxy} cannot be reached (${detail})`
          : `the proxy ${proxy} refused to connect to the service (${detail})`,
    );
  }
}

function signInSentence(proxy: string, signIn?: { why: ProxySignIn; schemes: string[] }): string {
  const offered = signIn && signIn.schemes.length > 0 ? `, ${signIn.schemes.join(', ')}` : '';
  switch (signIn?.why) {
    case 'refused':
      return `the proxy ${proxy} refused the proxy user name and password (407${offered})`;
    case 'unsupported':
      return `the proxy ${proxy} asks for a sign-in this app cannot do (407${offered}); only Basic is supported`;
    default:
      return `the proxy ${proxy} asks for a user name and password (407${offered})`;
  }
}

/** The proxy for a URL as a thread without the system's resolver must be told it: resolved, or refused as such. */
export async function resolveForWorker(route: NetworkRoute | null, url: string): Promise<KnownProxy> {
  if (!route) return null;
  try {
    return await route.proxyFor(url);
  } catch (error) {
    if (error instanceof UnsupportedProxyError) return { unsupported: error.rule };
    return { unknown: (error instanceof ProxyUnknownError ? error : proxyUnknown(String((error as Error).message))).message };
  }
}

/**
 * One rule of Chromium's proxy resolution ("PROXY a:3128; PROXY b:3128; DIRECT") as the proxies
 * to try in order (null: direct), as the browser does. SOCKS and QUIC are not supported by the
 * app's HTTP engine: such an entry is skipped, and a rule of nothing else throws
 * UnsupportedProxyError rather than going direct.
 */
export function proxiesFromRule(rule: string): Array<string | null> {
  const entries = rule
    .split(';')
    .map((part) => part.trim())
    .filter((entry) => entry !== '');
  const usable: Array<string | null> = [];
  for (const entry of entries) {
    const [kind, address] = entry.split(/\s+/);
    if (kind === 'DIRECT') usable.push(null);
    else if ((kind === 'PROXY' || kind === 'HTTPS') && address)
      usable.push(`${kind === 'HTTPS' ? 'https' : 'http'}://${address}`);
  }
  if (entries.length > 0 && usable.length === 0) throw new UnsupportedProxyError(rule.trim());
  return usable.length === 0 ? [null] : usable;
}

/** The route a thread without the system's resolver takes, from what the main process learnt. */
export function knownRoute(proxy: KnownProxy): NetworkRoute | null {
  if (proxy === null) return null;
  return {
    async proxyFor() {
      if (typeof proxy === 'string' || Array.isArray(proxy)) return proxy as ProxyAnswer;
      if ('unsupported' in proxy) throw new UnsupportedProxyError(proxy.unsupported);
      throw new ProxyUnknownError((proxy as { unknown: string }).unknown);
    },
  };
}

/** The Proxy-Authorization value for Basic (RFC 7617: user-id ":" password, UTF-8). */
export const basicToken = (credentials: ProxyCredentials) =>
  `Basic ${Buffer.from(`${credentials.user}:${credentials.password}`, 'utf8').toString('base64')}`;

/**
 * The proxy's sign-in as the network needs it: the user name and password kept for a proxy
 * (scheme, host and port: the one they were entered for), or null for any other. They go to that
 * proxy only, and only once it has asked (a 407): a proxy the system names after a PAC or settings
 * change, which never asked, never sees them.
 */
export interface ProxySignInSource {
  credentialsFor(proxy: string): ProxyCredentials | null;
  /** A proxy answered 407: the one a password typed now is for. */
  signInWanted?(proxy: string): void;
}

export const noProxySignIn: ProxySignInSource = { credentialsFor: () => null };

/** "http://Proxy.Corp:3128/" → "http://proxy.corp:3128": what a proxy password is bound to. */
export function proxyOrigin(proxy: string): string {
  try {
    const url = new URL(proxy);
    return `${url.protocol}//${url.host}`;
  } catch {
    return proxy;
  }
}

export function createNetworkFetch(
  route: NetworkRoute | null,
  trust: TrustOptions,
  proxySignIn: ProxySignInSource = noProxySignIn,
  /** HTTP/2 where the server offers it (measured, not used: docs/decisions/0017-http-1-1-kept.md). */
  engine: { http2?: boolean } = {},
): typeof fetch {
  const ca = [...tls.rootCertificates, ...(trust.systemCa ? systemStore() : []), ...(trust.extraCaPem ? [trust.extraCaPem] : [])];
  // Pinned: NODE_TLS_REJECT_UNAUTHORIZED=0 in a user's environment must not turn certificate checks off.
  const connect = { ca, rejectUnauthorized: true };
  const dispatcherFor = proxyDispatchers(connect, engine.http2 === true);
  /** Proxies that answered 407 here: only they are sent the password kept for them. */
  const challenged = new Set<string>();
  const tokenFor = (proxy: string) => {
    const credentials = proxySignIn.credentialsFor(proxyOrigin(proxy));
    return credentials ? basicToken(credentials) : null;
  };

  /** One proxy of the rule (or direct): a 407 is answered once with the password kept for that proxy. */
  async function through(proxy: string | null, url: string, init?: RequestInit): Promise<Response> {
    let token = proxy !== null && challenged.has(proxy) ? tokenFor(proxy) : null;
    for (;;) {
      try {
        // undici's own fetch with its own dispatcher: the two always match, whatever Node bundles.
        return (await undiciFetch(url, { ...(init as object), dispatcher: dispatcherFor(proxy, token) })) as unknown as Response;
      } catch (error) {
        const fault = proxy === null ? null : await proxyFault(proxy, error, { url, token, connect });
        if (!fault) throw await withPresentedCertificate(error, url, proxy, token, trust.extraCaPem ?? null);
        if (fault.problem === 'sign-in') proxySignIn.signInWanted?.(proxyOrigin(proxy!));
        if (fault.problem !== 'sign-in' || token !== null || fault.signIn?.why === 'unsupported') throw fault;
        // It asked: now, and only now, it may have the password kept for it (a 407 forwarded nothing).
        challenged.add(proxy!);
        token = tokenFor(proxy!);
        if (token === null) throw fault;
      }
    }
  }

  const networkFetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = input instanceof Request ? input.url : String(input);
    const answer = route ? await route.proxyFor(url) : null;
    const candidates = proxyList(answer);
    let unreachable: ProxyError | null = null;
    for (const proxy of candidates.length > 0 ? candidates : [null]) {
      try {
        return await through(proxy, url, init);
      } catch (error) {
        // A proxy that cannot be reached gives way to the rule's next entry, as in the browser; one that answered does not.
        if (!(error instanceof ProxyError) || error.problem !== 'unreachable') throw error;
        unreachable = error;
      }
    }
    throw unreachable!;
  };
  return networkFetch as typeof fetch;
}

/** A certificate not trusted is said with whose it is (presented-certificate.ts); anything else as it was. */
async function withPresentedCertificate(
  error: unknown,
  url: string,
  proxy: string | null,
  token: string | null,
  extraCaPem: string | null,
): Promise<unknown> {
  if (untrustedCertificateCode(error) === null) return error;
  return new UntrustedCertificateError(error, await presentedIssuer(url, proxy, token), caNames(extraCaPem));
}

/** The dispatcher for a proxy and sign-in (direct for none), one live agent per proxy. */
function proxyDispatchers(connect: { ca: string[]; rejectUnauthorized: boolean }, allowH2: boolean) {
  const direct = new Agent({ connect, allowH2 });
  const viaProxy = new Map<string, Dispatcher>();
  return (proxy: string | null, token: string | null): Dispatcher => {
    if (proxy === null) return direct;
    const key = `${proxy}\n${token ?? ''}`;
    let agent = viaProxy.get(key);
    if (!agent) {
      // Plain http goes as ordinary proxy requests (a default squid refuses CONNECT to port 80); https tunnels.
      agent = new ProxyAgent({
        uri: proxy,
        requestTls: connect,
        proxyTls: connect,
        proxyTunnel: false,
        allowH2,
        ...(token ? { token } : {}),
      });
      for (const [other, old] of viaProxy)
        if (other.startsWith(`${proxy}\n`)) {
          viaProxy.delete(other); // credentials changed: the old ones are not kept in a live agent
          void old.close().catch(() => {});
        }
      viaProxy.set(key, agent);
    }
    return agent;
  };
}

/** A proxy as it is named to people: its host and port. */
const proxyName = (proxy: string) => {
  try {
    return new URL(proxy).host;
  } catch {
    return proxy;
  }
};

/** Connection failures to the proxy itself (with a proxy, the app connects to nothing else). */
const PROXY_CONNECT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'UND_ERR_CONNECT_TIMEOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/** The proxy's part in a failed request through it, or null when the failure is beyond it (the service's, its certificate). */
async function proxyFault(proxy: string, error: unknown, attempt: ProxyAttempt): Promise<ProxyError | null> {
  if (error instanceof ProxyError) return error;
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  // undici says what the proxy answered only in words, somewhere along the chain of causes.
  const said = causeChain(error).join(' ');
  if (/Proxy response \(407\)|Proxy Authentication Required \(407\)/.test(said)) {
    const schemes = await proxySignInSchemes(proxy, attempt);
    const why: ProxySignIn =
      schemes.length > 0 && !schemes.some((scheme) => /^basic$/i.test(scheme))
        ? 'unsupported'
        : attempt.token
          ? 'refused'
          : 'needed';
    return new ProxyError('sign-in', proxyName(proxy), '', { why, schemes });
  }
  const tunnel = /Proxy response \((\d{3})\) !== 200/.exec(said);
  if (tunnel) return new ProxyError('refused', proxyName(proxy), tunnel[1]!);
  if (cause?.code && PROXY_CONNECT_CODES.has(cause.code)) return new ProxyError('unreachable', proxyName(proxy), cause.code);
  return null;
}

interface ProxyAttempt {
  url: string;
  token: string | null;
  connect: { ca: string[]; rejectUnauthorized: boolean };
}

/**
 * The schemes a proxy offers in its 407 (Proxy-Authenticate), asked again in a CONNECT of our own:
 * undici reports a refused tunnel only as words without the proxy's headers. Nothing else is
 * sent through; empty when the proxy does not say.
 */
async function proxySignInSchemes(proxy: string, attempt: ProxyAttempt): Promise<string[]> {
  const target = new URL(attempt.url);
  const client = new Client(proxy, { connect: attempt.connect });
  const headers = { host: target.host, ...(attempt.token ? { 'proxy-authorization': attempt.token } : {}) };
  const signal = AbortSignal.timeout(5_000);
  try {
    // Plain http goes to the proxy as an ordinary request (absolute URL), https as a tunnel: asked the same way.
    const offered =
      target.protocol === 'http:'
        ? await client.request({ method: 'HEAD', path: target.href, headers, signal }).then((answer) => {
            void answer.body.dump().catch(() => {}); // a 407's short body, read and dropped
            return answer.headers['proxy-authenticate'];
          })
        : await client.connect({ path: `${target.hostname}:${target.port || '443'}`, headers, signal }).then((answer) => {
            answer.socket.destroy();
            return answer.headers['proxy-authenticate'];
          });
    const values = Array.isArray(offered) ? offered : offered ? [offered] : [];
    return [...new Set(values.map((value) => value.trim().split(/[\s,]/)[0]!))];
  } catch {
    return [];
  } finally {
    void client.destroy().catch(() => {});
  }
}

/** The messages of an error and its causes, outermost first (a few levels at most). */
function causeChain(error: unknown): string[] {
  const messages: string[] = [];
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++)
    messages.push(current.message);
  return messages;
}

/** The fetch for one environment's requests: its route, the system's store if wanted, its own CA if it has one. */
export function environmentFetch(
  environment: { profile?: { caCertificatePem: string | null } },
  route: NetworkRoute | null,
  systemCa: boolean,
  proxySignIn?: ProxySignInSource,
): typeof fetch | undefined {
  const extraCaPem = environment.profile?.caCertificatePem ?? null;
  if (!route && !systemCa && !extraCaPem) return undefined; // Node's own fetch, as before
  return createNetworkFetch(route, { systemCa, extraCaPem }, proxySignIn);
}
