/**
 * The corporate network on loopback: an HTTPS server signed by an internal CA made here, reached
 * through a CONNECT proxy. The app trusts the CA only when told to, goes through the proxy the
 * system names, and the lookup's worker does the same.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveProfile } from '../../shared/api/api-profile.ts';
import {
  makeInternalCa,
  startConnectProxy,
  startHttpsFront,
  type InternalCa,
  type LoopbackServer,
} from '../../testing/corporate-network.ts';
import { useMockServer } from '../../testing/mock-fixture.ts';
import { activateAcme, createTestCore } from '../../testing/test-core.ts';
import { proxiesFromRule, UnsupportedProxyError, type ProxyAnswer } from './network.ts';

const mock = useMockServer({ debtors: 50 });
let ca: InternalCa;
let front: LoopbackServer;
let proxy: LoopbackServer & { tunnels: string[] };

beforeAll(async () => {
  ca = makeInternalCa();
  front = await startHttpsFront(ca, mock.server.url);
  proxy = await startConnectProxy();
});
afterAll(async () => {
  await front?.close();
  await proxy?.close();
});

/**
 * A core whose system names our proxy (or `rule`) for every URL, with an environment on the
 * internal HTTPS server; `resolveMs`: how long the system takes to answer (a PAC script).
 */
function coreBehindProxy(caPem: string | null, rule: string | null = null, resolveMs = 0) {
  const proxyFor = async () => {
    if (resolveMs > 0) await sleep(resolveMs);
    return rule === null ? proxy.url : proxiesFromRule(rule);
  };
  const core = createTestCore(mock.server, {
    network: { route: { proxyFor }, systemCa: true },
    lookupWorker: true, // the worker thread goes through the proxy too
  });
  activateAcme(core, front.url, caPem);
  return core;
}

// Each case starts a core (and some the lookup's worker) behind a proxy: seconds on a busy machine.
describe('the corporate network', { timeout: 30_000 }, () => {
  it('reads the proxies from Chromium’s resolution rules, in order', () => {
    expect(proxiesFromRule('PROXY proxy.corp:8080; DIRECT')).toEqual(['http://proxy.corp:8080', null]);
    expect(proxiesFromRule('PROXY a.corp:3128; PROXY b.corp:3128')).toEqual(['http://a.corp:3128', 'http://b.corp:3128']);
    expect(proxiesFromRule('HTTPS secure.corp:443')).toEqual(['https://secure.corp:443']);
    expect(proxiesFromRule('SOCKS5 socks.corp:1080; PROXY fallback.corp:3128')).toEqual(['http://fallback.corp:3128']);
    expect(proxiesFromRule('DIRECT')).toEqual([null]);
    expect(() => proxiesFromRule('SOCKS5 socks.corp:1080')).toThrow(UnsupportedProxyError);
    expect(() => proxiesFromRule('QUIC quic.corp:443; SOCKS socks.corp:1080')).toThrow(
      /"QUIC quic\.corp:443; SOCKS socks\.corp:1080"/,
    );
  });

  it('fails closed on a rule of only SOCKS, for the clock and the lookup’s worker alike: nothing goes direct', async () => {
    const core = coreBehindProxy(ca.caPem, 'SOCKS5 127.0.0.1:1080');
    await expect(core.clients().timeclock.health('source')).rejects.toThrow(/SOCKS5 127\.0\.0\.1:1080/);
    const loaded = await core.lookup.refresh(true);
    expect(JSON.stringify(loaded)).toMatch(/SOCKS5 127\.0\.0\.1:1080/);
    // Had either gone direct, the trusted server would have answered: the health check and the lists would have succeeded.
  });

  it('never lets the lookup’s worker go direct while the system’s proxy is still being resolved (a slow PAC script)', async () => {
    const core = coreBehindProxy(ca.caPem, 'SOCKS5 127.0.0.1:1080', 300);
    // Asked at once, before the 300 ms resolution is done: going direct would reach the trusted server and load.
    const loaded = await core.lookup.refresh(true);
    expect(loaded.counts.debtors).toBe(0);
    expect(JSON.stringify(loaded.problems)).toMatch(/SOCKS5 127\.0\.0\.1:1080/);
    await expect(core.clients().timeclock.health('source')).rejects.toThrow(/SOCKS5 127\.0\.0\.1:1080/);
  });

  it('refuses a server signed by an internal CA it was not told to trust, and says so', async () => {
    const core = coreBehindProxy(null);
    await expect(core.clients().timeclock.health('source')).rejects.toThrow(/TLS certificate not trusted/);
  });

  it('keeps refusing it when the user’s environment turns Node’s certificate checks off (NODE_TLS_REJECT_UNAUTHORIZED=0)', async () => {
    const before = process.env.NODE_TLS_REJECT_UNAUTHORIZED;
    process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
    // Node warns that the variable makes TLS insecure: exactly what this test sets on purpose, and
    // proves the app ignores; the warning would only be noise in every test run.
    const warn = process.emitWarning;
    process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
      if (!String(warning).includes('NODE_TLS_REJECT_UNAUTHORIZED'))
        (warn as (...args: unknown[]) => void).call(process, warning, ...rest);
    }) as typeof process.emitWarning;
    try {
      const core = coreBehindProxy(null);
      await expect(core.clients().timeclock.health('source')).rejects.toThrow(/TLS certificate not trusted/);
    } finally {
      process.emitWarning = warn;
      if (before === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
      else process.env.NODE_TLS_REJECT_UNAUTHORIZED = before;
    }
  });

  it('reaches the server through the proxy, trusting the environment’s CA, for the clock and the lookup alike', async () => {
    const core = coreBehindProxy(ca.caPem);
    const before = proxy.tunnels.length;
    expect((await core.clients().timeclock.health('source')).state).toBe('up');
    expect(await core.clients().timeclock.lastClockedTimeEvent('E1001')).toMatchObject({ employeeId: 'E1001' });
    const loaded = await core.lookup.refresh(true);
    expect(loaded).toMatchObject({ problems: [], counts: { debtors: 50 } });
    expect(proxy.tunnels.length).toBeGreaterThan(before);
    expect(new Set(proxy.tunnels.slice(before))).toEqual(new Set([new URL(front.url).host]));
  });
});

/** A core whose system answers `answer` for every URL, with an environment on the mock's own (plain http) addresses or the internal HTTPS server. */
function coreWithRoute(answer: () => ProxyAnswer, secure = false) {
  const core = createTestCore(mock.server, { network: { route: { proxyFor: async () => answer() }, systemCa: true } });
  const base = secure ? front.url : mock.server.url;
  activateAcme(core, base, secure ? ca.caPem : null);
  return core;
}

async function closedPort(): Promise<string> {
  const gone = await startConnectProxy();
  await gone.close();
  return gone.url;
}

describe('proxies as corporate networks have them', () => {
  it('sends plain http as ordinary proxy requests, which a proxy that refuses CONNECT to plain ports forwards', async () => {
    const squidLike = await startConnectProxy({ forwardPlain: true, refuseConnectTo: [new URL(mock.server.url).host] });
    try {
      const core = coreWithRoute(() => squidLike.url);
      expect((await core.clients().timeclock.health('source')).state).toBe('up');
      expect(squidLike.forwarded).toContain(`${mock.server.url}/timeclock/health-check`);
      expect(squidLike.tunnels).toEqual([]);
    } finally {
      await squidLike.close();
    }
  });

  it("follows a rule's list in order: a proxy that cannot be reached gives way to the next", async () => {
    const dead = await closedPort();
    const core = coreWithRoute(() => [dead, proxy.url], true);
    const before = proxy.tunnels.length;
    expect((await core.clients().timeclock.health('source')).state).toBe('up');
    expect(proxy.tunnels.length).toBeGreaterThan(before);
  });

  it('names the proxy, not the service, when the proxy is down — in the error and in health', async () => {
    const dead = await closedPort();
    const core = coreWithRoute(() => dead, true);
    const failure = core.clients().timeclock.health('source');
    await expect(failure).rejects.toThrow(
      new RegExp(
        `^Timeclock service of Acme was not reached for the check of time recording: the proxy ${new URL(dead).host} cannot be reached \\(ECONNREFUSED\\) at .+\\. This is the proxy of this computer's network, not the service`,
      ),
    );
    const [line] = await core.checkHealthNow();
    expect(line!.state).toBe('offline');
    expect(JSON.stringify(core.health.status())).toContain(`the proxy ${new URL(dead).host} cannot be reached`);
  });

  // A proxy's 407 (wanting Basic, refusing it, or wanting Windows sign-in): proxy-sign-in.test.ts.

  it('says an untrusted certificate is the certificate, and where to set the CA', async () => {
    const core = coreWithRoute(() => proxy.url, true);
    const environment = core.activeEnvironment();
    core.environments.save({ ...environment, profile: resolveProfile({}) });
    core.vault.set(environment.id, 'demo-secret', core.secretBinding(environment.id)!); // a changed CA asks for it again
    await expect(core.clients().timeclock.health('source')).rejects.toThrow(
      /its TLS certificate is not trusted on this computer .*add its CA certificate to the API settings of environment Acme\./,
    );
  });
});
