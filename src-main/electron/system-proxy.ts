/**
 * The system's proxy for a URL, as Chromium resolves it (system settings, PAC files, WPAD), for the
 * core's requests: the core then connects through it itself (see core/api/network.ts).
 */
import { session } from 'electron';
import { proxiesFromRule, proxyUnknown, type NetworkRoute } from '../core/api/network.ts';

export const systemProxyRoute: NetworkRoute = {
  async proxyFor(url) {
    let rule: string;
    try {
      rule = await session.defaultSession.resolveProxy(url);
    } catch (error) {
      // No answer from the resolver: going direct could go around a proxy the network requires.
      throw proxyUnknown((error as Error).message);
    }
    return proxiesFromRule(rule); // in order, as the browser tries them; only SOCKS or QUIC throws: never around it
  },
};
