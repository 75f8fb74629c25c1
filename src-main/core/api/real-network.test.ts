/**
 * The app against real components no one here wrote: Debian's squid as the company's proxy
 * (CONNECT only to SSL ports, Basic or NTLM sign-in) and nginx as a TLS reverse proxy signed by
 * an internal CA, in front of our mock. Each is started on loopback and stopped by its PID.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeInternalCa, type InternalCa } from '../../testing/corporate-network.ts';
import { useMockServer } from '../../testing/mock-fixture.ts';
import { freePort, realComponents, startNginx, startSquid, type RealServer } from '../../testing/real-network.ts';
import { activateAcme, createTestCore } from '../../testing/test-core.ts';
import { windowApi } from '../../testing/window-api.ts';
import { proxiesFromRule, type ProxyAnswer } from './network.ts';

// Real squid and nginx answer in milliseconds, but on a loaded 2-core machine a test that asks
// them a few times (a 407, the question for its schemes, the signed-in retry) once passed 5 s.
vi.setConfig({ testTimeout: 30_000 });

const mock = useMockServer({ debtors: 40 });
const ANNA = { user: 'anna.berg', password: 'Winter 2026!' };

it.runIf(process.env.CI)('has squid and nginx to test with in CI (.ci/run installs them)', () => {
  expect(realComponents).toEqual({ squid: true, nginx: true });
});

/** A core whose system answers `answer` for every URL (after `resolveMs`, as a PAC script takes), on `base`. */
function setup(answer: () => ProxyAnswer, base: string, caPem: string | null = null, resolveMs = 0) {
  const proxyFor = async () => {
    if (resolveMs > 0) await sleep(resolveMs);
    return answer();
  };
  const core = createTestCore(mock.server, { network: { route: { proxyFor }, systemCa: false }, lookupWorker: true });
  activateAcme(core, base, caPem);
  const { call } = windowApi(core);
  return { core, call };
}

describe.runIf(realComponents.squid && realComponents.nginx)('squid with Basic sign-in, nginx with an internal CA', () => {
  let ca: InternalCa;
  let nginx: RealServer;
  let squid: RealServer;
  beforeAll(async () => {
    ca = makeInternalCa();
    nginx = await startNginx(ca, mock.server.url, { underscoresInHeaders: true });
    squid = await startSquid({ basic: ANNA, sslPorts: [nginx.port] });
  }, 60_000);
  afterAll(async () => {
    await squid?.close();
    await nginx?.close();
  });
  const name = () => new URL(squid.url).host;

  it('says the proxy wants a user name and password, naming it, for https (CONNECT) and plain http alike (point 3, 6)', async () => {
    for (const base of [nginx.url, mock.server.url]) {
      const { core } = setup(() => squid.url, base, ca.caPem);
      await expect(core.clients().timeclock.health('source')).rejects.toThrow(
        new RegExp(`the proxy ${name()} of this computer's network asks for a user name and password`),
      );
    }
  });

  it('signs in with Basic: the clock over https and plain http, and the lookup’s worker, all in squid’s log as the user (points 1, 3, 4)', async () => {
    // A squid of its own: it logs a tunnel when it closes, so its log is read once it has stopped.
    const own = await startSquid({ basic: ANNA, sslPorts: [nginx.port] });
    const secure = setup(() => own.url, nginx.url, ca.caPem, 300); // a PAC script that takes 300 ms
    await secure.call('setProxySignIn', ANNA.user, ANNA.password, (await secure.call('proxySignIn')).proxy ?? '');
    const loaded = await secure.core.lookup.refresh(true); // asked at once, before the route is known
    expect(loaded).toMatchObject({ problems: [], counts: { debtors: 40 } });
    expect((await secure.core.clients().timeclock.health('source')).state).toBe('up');
    const plain = setup(() => own.url, mock.server.url);
    await plain.call('setProxySignIn', ANNA.user, ANNA.password, (await plain.call('proxySignIn')).proxy ?? '');
    expect((await plain.core.clients().timeclock.health('target')).state).toBe('up');
    await own.close();
    const lines = own.accessLog();
    // Every request went through squid as anna.berg: https as tunnels to nginx, plain http forwarded (never CONNECT to it).
    expect(lines.filter((line) => line.includes(`CONNECT 127.0.0.1:${nginx.port} ${ANNA.user}`)).length).toBeGreaterThan(0);
    expect(lines.some((line) => line.includes(`GET ${mock.server.url}/timeclock/health ${ANNA.user}`))).toBe(true);
    expect(lines.some((line) => line.includes(`CONNECT 127.0.0.1:${new URL(mock.server.url).port}`))).toBe(false);
    // Nothing around it: nginx saw the lookup's lists, all of them came through the tunnel.
    expect(nginx.accessLog().some((line) => line.includes('/debtors/'))).toBe(true);
  });

  it('says a refused password is refused (point 3)', async () => {
    const { core, call } = setup(() => squid.url, nginx.url, ca.caPem);
    await call('setProxySignIn', ANNA.user, 'Summer 2026!', (await call('proxySignIn')).proxy ?? '');
    await expect(core.clients().timeclock.health('source')).rejects.toThrow(/refused the proxy user name and password/);
  });

  it('fails over to the rule’s next proxy when the first cannot be reached, as the browser does (point 5)', async () => {
    const dead = await freePort();
    const { core, call } = setup(() => proxiesFromRule(`PROXY 127.0.0.1:${dead}; PROXY ${name()}`), nginx.url, ca.caPem);
    await call('setProxySignIn', ANNA.user, ANNA.password, (await call('proxySignIn')).proxy ?? '');
    expect((await core.clients().timeclock.health('source')).state).toBe('up');
  });

  it('names the proxy when it is down, and the certificate when the CA is not trusted, never the service (points 6, 9)', async () => {
    const dead = await freePort();
    const down = setup(() => `http://127.0.0.1:${dead}`, nginx.url, ca.caPem);
    await expect(down.core.clients().timeclock.health('source')).rejects.toThrow(
      new RegExp(
        `the proxy 127\\.0\\.0\\.1:${dead} cannot be reached .*This is the proxy of this computer's network, not the service`,
      ),
    );
    expect((await down.core.checkHealthNow())[0]!.text).toBe('Time recording — the proxy is in the way');
    const untrusted = setup(() => squid.url, nginx.url, null);
    await untrusted.call('setProxySignIn', ANNA.user, ANNA.password, (await untrusted.call('proxySignIn')).proxy ?? '');
    await expect(untrusted.core.clients().timeclock.health('source')).rejects.toThrow(
      /its TLS certificate is not trusted on this computer .*add its CA certificate to the API settings of environment Acme\. The certificate it presented was issued by “Test Internal CA”/,
    );
    expect((await untrusted.core.checkHealthNow())[0]!.text).toBe('Time recording — certificate not trusted');
    // A CA set, but not the one that issued what the server (or a TLS-inspecting proxy) presents.
    const other = setup(() => squid.url, nginx.url, makeInternalCa('Acme Old Root').caPem);
    await other.call('setProxySignIn', ANNA.user, ANNA.password, (await other.call('proxySignIn')).proxy ?? '');
    await expect(other.core.clients().timeclock.health('source')).rejects.toThrow(
      /issued by “Test Internal CA”.* The CA certificate in the API settings \(Acme Old Root\) did not issue it\.$/,
    );
  });
});

describe.runIf(realComponents.squid)('squid with NTLM sign-in only', () => {
  let squid: RealServer;
  beforeAll(async () => {
    squid = await startSquid({ ntlm: true });
  }, 60_000);
  afterAll(async () => squid?.close());

  it('says the app cannot do Windows sign-in, naming the scheme, even with Basic credentials saved (point 3)', async () => {
    const { core, call } = setup(() => squid.url, mock.server.url);
    await call('setProxySignIn', ANNA.user, ANNA.password, (await call('proxySignIn')).proxy ?? '');
    await expect(core.clients().timeclock.health('source')).rejects.toThrow(
      /asks for a sign-in this app cannot do \(NTLM; the app can sign in with Basic only\)\. Ask your IT department/,
    );
  });
});

describe.runIf(realComponents.nginx)('nginx as the gateway, with its defaults', () => {
  let ca: InternalCa;
  let nginx: RealServer;
  beforeAll(async () => {
    ca = makeInternalCa();
    nginx = await startNginx(ca, mock.server.url, { http2: true });
  }, 60_000);
  afterAll(async () => nginx?.close());

  it('says the credential headers may have been dropped on the way when nginx drops client_id (point 8)', async () => {
    const { core } = setup(() => null, nginx.url, ca.caPem);
    await expect(core.clients().timeclock.health('source')).rejects.toThrow(/underscore/);
  });

  it('gets through with HTTP Basic, which no gateway drops, and with the CA from the profile (points 8, 9)', async () => {
    const { core } = setup(() => null, nginx.url, ca.caPem);
    const environment = core.activeEnvironment();
    core.environments.save({ ...environment, auth: { kind: 'basic' } });
    core.vault.set(environment.id, 'demo-secret', core.secretBinding(environment.id)!);
    core.environmentsChanged();
    expect((await core.clients().timeclock.health('source')).state).toBe('up');
  });
});

describe.runIf(realComponents.nginx)('nginx in front of a service that refuses connections', () => {
  let ca: InternalCa;
  let nginx: RealServer;
  beforeAll(async () => {
    ca = makeInternalCa();
    // Nothing listens there: nginx's connect() is refused, and it answers 502.
    nginx = await startNginx(ca, `http://127.0.0.1:${await freePort()}`);
  }, 60_000);
  afterAll(async () => nginx?.close());

  it('says that the gateway could not reach the service, not that it gave up waiting on a slow one (issue 61, point 6)', async () => {
    const { core } = setup(() => null, nginx.url, ca.caPem);
    const failure = core.clients().timeclock.health('source');
    await expect(failure).rejects.toThrow(/the gateway in front of it could not reach the service .*\(502\)/);
    await expect(failure).rejects.not.toThrow(/gave up waiting/);
  });
});

describe.runIf(realComponents.nginx)('nginx as a caching reverse proxy, serving the fleet', () => {
  let ca: InternalCa;
  let nginx: RealServer;
  beforeAll(async () => {
    ca = makeInternalCa();
    nginx = await startNginx(ca, mock.server.url, { underscoresInHeaders: true, cache: true });
  }, 60_000);
  afterAll(async () => nginx?.close());

  it('serves a second workstation’s lists from its cache, and answers the nicknames asked with their ETag by a 304 (issue 32, point 5)', async () => {
    const logged = (path: string) =>
      nginx
        .accessLog()
        .filter((line) => line.split(' ')[1]!.endsWith(path))
        .map((line) => line.split(' ').slice(2).join(' '));
    const first = setup(() => null, nginx.url, ca.caPem);
    expect((await first.call('lookupOpen')).counts.debtors).toBe(40);
    const second = setup(() => null, nginx.url, ca.caPem);
    expect((await second.call('lookupOpen')).counts.debtors).toBe(40);
    // Nothing in the app's requests keeps a shared cache from serving them: the second
    // workstation's lists never reached the service.
    expect(logged('/Debtors/Nicknames')).toEqual(['200 MISS', '200 HIT']);
    expect(logged('/Debtors/CreditScore')).toEqual(['200 MISS', '200 HIT']);
    // A full refresh asks for the nicknames with the ETag the app kept: the proxy answers 304 from its cache.
    await first.call('lookupRefresh', true);
    expect(logged('/Debtors/Nicknames').at(-1)).toBe('304 HIT');
    // The clock state is live: marked no-store by the service, nginx never serves it from its cache.
    const clockState = logged('/lastClockedTimeEvent');
    expect(clockState.length).toBeGreaterThanOrEqual(2);
    expect(clockState.filter((line) => line.endsWith('HIT'))).toEqual([]);
  });
});
