/**
 * A server that echoes what it was sent (a debug endpoint, a misconfigured gateway, a hostile one)
 * in every answer: each credential the app sends is taken out of every place a server's words are
 * quoted — the health lines and status window, the connection test, the outage history, the
 * notifications and the support information (issue 62, point 0).
 */
import type { IncomingMessage } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthScheme } from '../../shared/api/api-profile.ts';
import { resolveProfile } from '../../shared/api/api-profile.ts';
import { createFakeClock, runClockUntil } from '../../testing/fake-clock.ts';
import { startRawServer, type RawServer } from '../../testing/raw-server.ts';
import { createTestCore } from '../../testing/test-core.ts';
import { windowApi } from '../../testing/window-api.ts';
import { supportInfo } from '../support-info.ts';
import { createHttpClient } from '../api/http-client.ts';

// Ten minutes of health checks over real HTTP on a fake clock, and a connection test: seconds on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

const SECRET = 'echo-secret-7f3a9c';
const TOKEN = 'echo-token-51d0e2';
const servers: RawServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

const ORDINARY = new Set([
  'host',
  'connection',
  'accept',
  'accept-encoding',
  'accept-language',
  'user-agent',
  'sec-fetch-mode',
  'cache-control',
  'pragma',
  'content-length',
  'content-type',
]);
/** What the request carried of its own (its credentials), first: as a debug endpoint prints it. */
const echo = (req: IncomingMessage) =>
  [
    ...Object.entries(req.headers)
      .filter(([name]) => !ORDINARY.has(name))
      .map(([, value]) => String(value)),
    new URL(req.url!, 'http://x').search,
  ].join(' ');

async function echoServer(): Promise<RawServer> {
  const server = await startRawServer((req, res) => {
    if (req.url?.startsWith('/token')) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ access_token: TOKEN, expires_in: 3600 }));
      return;
    }
    // No status word the app knows: the answer is quoted as the system's own words.
    res.writeHead(200, { 'content-type': 'text/plain' }).end(echo(req));
  });
  servers.push(server);
  return server;
}

const schemes = (tokenUrl: string): Array<[string, AuthScheme]> => [
  ['headers', { kind: 'headers', clientIdHeader: 'client_id', clientSecretHeader: 'x-secret' }],
  ['query parameters', { kind: 'query', clientIdParam: 'client_id', clientSecretParam: 'client_secret' }],
  ['HTTP Basic', { kind: 'basic' }],
  ['an API key', { kind: 'api-key', header: 'x-gateway-key' }],
  ['OAuth client credentials', { kind: 'oauth-client-credentials', tokenUrl, credentialsIn: 'body' }],
];

describe('a server that echoes the request', () => {
  it.each(['headers', 'query parameters', 'HTTP Basic', 'an API key', 'OAuth client credentials'])(
    'quotes no credential sent by %s anywhere its words are shown',
    async (name) => {
      const server = await echoServer();
      const auth = schemes(`${server.url}/token`).find(([label]) => label === name)![1];
      const clock = createFakeClock(Date.parse('2026-11-25T09:00:00Z'));
      const core = createTestCore(
        { timeclockBaseUrl: 'http://127.0.0.1:9/x', debtorsBaseUrl: 'http://127.0.0.1:9/y' },
        { time: clock },
      );
      const saved = core.environments.save({
        name: 'Echo',
        timeclockBaseUrl: `${server.url}/timeclock`,
        debtorsBaseUrl: `${server.url}/debtors`,
        clientId: 'echo-client',
        auth,
        employeeId: 'E1001',
        profile: resolveProfile({}),
      });
      if (!saved.ok) throw new Error(JSON.stringify(saved.errors));
      core.vault.set(saved.value.id, SECRET, core.secretBinding(saved.value.id)!);
      core.environments.setActive(saved.value.id);
      core.environmentsChanged();
      const notified: string[] = [];
      core.health.onNotification((notification) => notified.push(JSON.stringify(notification)));
      core.health.start();
      const lines = await core.checkHealthNow();
      await runClockUntil(clock, clock.now() + 10 * 60_000, () => core.health.flush());
      const report = await windowApi(core).call('testConnection', { environmentId: saved.value.id });
      const shown = [
        JSON.stringify(lines),
        JSON.stringify(core.health.status()),
        JSON.stringify(report),
        core.health.outagesCsv(),
        notified.join('\n'),
        supportInfo(core, { version: '0', platform: 'test', runtime: 'node', dataFolder: '-', logsFolder: '-' }),
      ].join('\n');
      // The server's words are shown (the test would prove nothing otherwise), without what it echoed of ours.
      expect(shown).toContain('[redacted]');
      expect(shown).not.toContain(SECRET);
      expect(shown).not.toContain(Buffer.from(SECRET).toString('base64').slice(0, 12));
      expect(shown).not.toContain(TOKEN);
      core.health.stop();
    },
  );

  it('takes the proxy’s password out of a server’s words too, when a proxy passed it on', async () => {
    const server = await echoServer();
    const http = createHttpClient({
      service: 'timeclock',
      environment: 'Echo',
      baseUrl: `${server.url}/timeclock`,
      auth: { kind: 'headers', clientIdHeader: 'client_id', clientSecretHeader: 'client_secret' },
      credentials: { clientId: 'c', clientSecret: SECRET },
      moreSecrets: () => ['proxy-password-93b1'],
    });
    const answer = await http.request({
      method: 'GET',
      path: 'health',
      operation: 'targetHealth',
      acceptText: true,
      headers: {
        'proxy-authorization': `Basic ${Buffer.from('anna:proxy-password-93b1').toString('base64')}`,
        'x-note': 'proxy-password-93b1',
      },
    });
    expect(JSON.stringify(answer.body)).toContain('[redacted]');
    expect(JSON.stringify(answer.body)).not.toContain('proxy-password-93b1');
  });
});
