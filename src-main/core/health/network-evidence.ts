/**
 * Whether this computer's network works, when a health check got no answer: an outage of the
 * service, or our network? Beyond any HTTP answer of the environment (probe.ts environmentAnswers),
 * two more pieces of evidence: a witness address IT names (`monitoring.witnessUrl`, an intranet
 * page: any HTTP answer counts), and a TCP connection to the service's host that completes — a
 * gateway that accepts connections and never answers is the server's fault, not the network's.
 * The TCP evidence is taken only where the system's proxy settings send the service direct: the
 * app opens no connection by another route than those settings give.
 */
import { connect } from 'node:net';
import { proxyList, type ProxyAnswer } from '../api/network.ts';

/** Any HTTP answer from the witness address (a redirect, a 401, a 404 all prove the network). */
export async function witnessAnswers(url: string, fetch: typeof globalThis.fetch, signal: AbortSignal): Promise<boolean> {
  if (url.trim() === '') return false;
  try {
    const response = await fetch(url, { method: 'GET', redirect: 'manual', signal });
    await response.body?.cancel();
    return true;
  } catch {
    return false;
  }
}

/** Whether the route the system gives a URL is direct (only then is a TCP connection to its host the app's own route). */
export const isDirect = (answer: ProxyAnswer): boolean => proxyList(answer)[0] === null;

/** A TCP connection to the URL's host and port completes within `timeoutMs` (it is closed at once, nothing sent). */
export function tcpConnects(url: string, signal: AbortSignal, timeoutMs = 5_000): Promise<boolean> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return Promise.resolve(false);
  }
  const port = Number(target.port || (target.protocol === 'https:' ? 443 : 80));
  const host = target.hostname.replace(/^\[|\]$/g, '');
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (connected: boolean) => {
      clearTimeout(timer);
      signal.removeEventListener('abort', aborted);
      socket.destroy();
      resolve(connected);
    };
    const aborted = () => done(false);
    const timer = setTimeout(() => done(false), timeoutMs);
    signal.addEventListener('abort', aborted, { once: true });
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}
