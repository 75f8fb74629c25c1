/**
 * `npm run bench -- --h2`: does HTTP/2 shorten the lookup's full load through a company's network?
 * The mock (its own process) behind Debian's nginx (TLS with an internal CA, HTTP/2 offered),
 * reached directly and through Debian's squid (a CONNECT tunnel), each with HTTP/1.1 and with
 * undici's HTTP/2; the same full load of the lookup engine, repeated. Needs squid and nginx.
 */
import { createNetworkFetch, noProxySignIn } from '../../core/api/network.ts';
import { createServiceClients } from '../../core/api/service-clients.ts';
import { mockEnvironment, MOCK_CLIENT_SECRET } from '../../core/environments/environment.ts';
import { createLookupEngine } from '../../core/lookup/lookup-engine.ts';
import { defaultPreferences } from '../../shared/settings-schema.ts';
import { resolveProfile } from '../../shared/api/api-profile.ts';
import { makeInternalCa } from '../../testing/corporate-network.ts';
import { startNginx, startSquid } from '../../testing/real-network.ts';
import { summarise, time, type Summary } from './stats.ts';
import { mockProcess } from './sync-bench.ts';

export interface H2Figures {
  debtors: number;
  repeats: number;
  /** Full load, ms, by route and protocol. */
  fullLoadMs: Record<Variant, Summary>;
  /** Requests nginx logged as HTTP/2.0 in each variant (proof of what was spoken). */
  http2Requests: Record<Variant, number>;
}

type Variant = 'direct-http1' | 'direct-http2' | 'proxy-http1' | 'proxy-http2';

export async function h2Bench(debtors: number, repeats: number): Promise<H2Figures> {
  const mock = mockProcess(debtors);
  const ca = makeInternalCa();
  const nginx = await startNginx(ca, await mock.url, { http2: true, underscoresInHeaders: true });
  const squid = await startSquid({ sslPorts: [nginx.port] });
  try {
    const environment = {
      ...mockEnvironment({ timeclockBaseUrl: `${nginx.url}/timeclock`, debtorsBaseUrl: `${nginx.url}/debtors` }),
      profile: resolveProfile({ caCertificatePem: ca.caPem }),
    };
    const load = async (viaProxy: boolean, http2: boolean) => {
      const route = viaProxy ? { proxyFor: async () => squid.url } : null;
      const fetch = createNetworkFetch(route, { systemCa: false, extraCaPem: ca.caPem }, noProxySignIn, { http2 });
      const client = createServiceClients(environment, MOCK_CLIENT_SECRET, defaultPreferences().network, { fetch }).debtors;
      const runs: number[] = [];
      for (let round = 0; round < repeats + 1; round++) {
        const engine = createLookupEngine({ client, environmentName: 'Mock', onStatus: () => {} });
        const { ms } = await time(() => engine.sync('full'));
        if (engine.status().counts.debtors !== debtors) throw new Error(`loaded ${engine.status().counts.debtors} of ${debtors}`);
        if (round > 0) runs.push(ms); // the first warms the connections and the JIT
      }
      return summarise(runs);
    };
    const variants: Array<[Variant, boolean, boolean]> = [
      ['direct-http1', false, false],
      ['direct-http2', false, true],
      ['proxy-http1', true, false],
      ['proxy-http2', true, true],
    ];
    const spokenHttp2 = () => nginx.accessLog().filter((line) => line.includes('HTTP/2.0"')).length;
    const figures = { debtors, repeats, fullLoadMs: {}, http2Requests: {} } as H2Figures;
    for (const [variant, viaProxy, http2] of variants) {
      const before = spokenHttp2();
      figures.fullLoadMs[variant] = await load(viaProxy, http2);
      figures.http2Requests[variant] = spokenHttp2() - before;
    }
    return figures;
  } finally {
    await squid.close();
    await nginx.close();
    mock.stop();
  }
}
