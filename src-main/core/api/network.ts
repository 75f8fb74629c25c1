/**
 * Every request of the app on the corporate network: through the proxy the system's settings
 * name for that URL (the shell asks Chromium, so PAC files work), trusting the operating system's
 * certificate store as well as Node's, plus an environment's own CA certificate when IT gives one.
 * Built on undici (the engine of Node's fetch) so the main process and the lookup's worker thread
 * behave the same; no environment variables are read.
 */
import * as tls from 'node:tls';
import { Agent, ProxyAgent, fetch as undiciFetch, type Dispatcher } from 'undici';

export interface NetworkRoute {
  /** The proxy to use for a URL ("http://host:port"), or null for a direct connection. */
  proxyFor(url: string): Promise<string | null>;
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
 * What the lookup's worker is told of a URL's proxy, resolved before it starts: its address, null
 * for direct, a rule it must not go around, or a resolution that failed (it sends nothing then).
 */
export type KnownProxy = string | null | { unsupported: string } | { unknown: string };

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
 * One rule of Chromium's proxy resolution ("PROXY host:port; DIRECT") as a proxy URL, or null for
 * direct, taking its entries in order as the browser does. SOCKS and QUIC are not supported by
 * the app's HTTP engine: such an entry is skipped for the next one, and a rule of nothing else
 * throws UnsupportedProxyError rather than going direct.
 */
export function proxyFromRule(rule: string): string | null {
  const entries = rule
    .split(';')
    .map((part) => part.trim())
    .filter((entry) => entry !== '');
  for (const entry of entries) {
    const [kind, address] = entry.split(/\s+/);
    if (kind === 'DIRECT') return null;
    if ((kind === 'PROXY' || kind === 'HTTPS') && address) return `${kind === 'HTTPS' ? 'https' : 'http'}://${address}`;
  }
  if (entries.length > 0) throw new UnsupportedProxyError(rule.trim());
  return null;
}

/** The route a thread without the system's resolver takes, from what the main process learnt. */
export function knownRoute(proxy: KnownProxy): NetworkRoute | null {
  if (proxy === null) return null;
  return {
    async proxyFor() {
      if (typeof proxy === 'string') return proxy;
      if ('unsupported' in proxy) throw new UnsupportedProxyError(proxy.unsupported);
      throw new ProxyUnknownError(proxy.unknown);
    },
  };
}

export function createNetworkFetch(route: NetworkRoute | null, trust: TrustOptions): typeof fetch {
  const ca = [...tls.rootCertificates, ...(trust.systemCa ? systemStore() : []), ...(trust.extraCaPem ? [trust.extraCaPem] : [])];
  // Pinned: NODE_TLS_REJECT_UNAUTHORIZED=0 in a user's environment must not turn certificate checks off.
  const connect = { ca, rejectUnauthorized: true };
  const direct = new Agent({ connect });
  const viaProxy = new Map<string, Dispatcher>();
  const dispatcherFor = (proxy: string | null): Dispatcher => {
    if (proxy === null) return direct;
    let agent = viaProxy.get(proxy);
    if (!agent) {
      agent = new ProxyAgent({ uri: proxy, requestTls: connect, proxyTls: connect });
      viaProxy.set(proxy, agent);
    }
    return agent;
  };
  const networkFetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = input instanceof Request ? input.url : String(input);
    const proxy = route ? await route.proxyFor(url) : null;
    // undici's own fetch with its own dispatcher: the two always match, whatever Node bundles.
    return (await undiciFetch(url, { ...(init as object), dispatcher: dispatcherFor(proxy) })) as unknown as Response;
  };
  return networkFetch as typeof fetch;
}

/** The fetch for one environment's requests: its route, the system's store if wanted, its own CA if it has one. */
export function environmentFetch(
  environment: { profile?: { caCertificatePem: string | null } },
  route: NetworkRoute | null,
  systemCa: boolean,
): typeof fetch | undefined {
  const extraCaPem = environment.profile?.caCertificatePem ?? null;
  if (!route && !systemCa && !extraCaPem) return undefined; // Node's own fetch, as before
  return createNetworkFetch(route, { systemCa, extraCaPem });
}
