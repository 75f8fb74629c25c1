/**
 * The lookup behind a caching proxy (issue 61, point 4): a full load asks past every cache on the
 * way (`Cache-Control: no-cache`), and a whole list that a cache answered anyway — older than
 * changes a delta already brought — is said as stale and never replaces the newer records.
 */
import type { IncomingMessage } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createServiceClients } from '../api/service-clients.ts';
import { MOCK_CLIENT_SECRET, mockEnvironment } from '../environments/environment.ts';
import { defaultPreferences } from '../../shared/settings-schema.ts';
import { useMockServer } from '../../testing/mock-fixture.ts';
import { startRawServer, type RawServer } from '../../testing/raw-server.ts';
import { createLookupEngine } from './lookup-engine.ts';

const mock = useMockServer({ debtors: 40, seed: 7 });
const proxies: RawServer[] = [];
afterEach(async () => {
  await Promise.all(proxies.splice(0).map((proxy) => proxy.close()));
});

/** A shared cache in front of the mock that keeps every answer; `honoursNoCache`: as squid, or as nginx by default. */
async function cachingProxy(honoursNoCache: boolean) {
  const kept = new Map<string, { status: number; type: string; body: string }>();
  const asked: string[] = [];
  const forward = async (req: IncomingMessage) => {
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
    const answer = await fetch(mock.server.url + req.url, { headers });
    return { status: answer.status, type: answer.headers.get('content-type') ?? 'application/json', body: await answer.text() };
  };
  const proxy = await startRawServer((req, res) => {
    asked.push(`${req.url} ${req.headers['cache-control'] ?? ''}`.trim());
    const hit = kept.get(req.url!);
    const revalidate = honoursNoCache && /no-cache/.test(req.headers['cache-control'] ?? '');
    const answer = hit && !revalidate ? Promise.resolve(hit) : forward(req);
    void answer.then((kept200) => {
      if (kept200.status === 200) kept.set(req.url!, kept200);
      res.writeHead(kept200.status, { 'content-type': kept200.type }).end(kept200.body);
    });
  });
  proxies.push(proxy);
  return { url: proxy.url, asked };
}

function engineThrough(proxyUrl: string) {
  const environment = { ...mockEnvironment(mock.server), debtorsBaseUrl: `${proxyUrl}/debtors` };
  const client = createServiceClients(environment, MOCK_CLIENT_SECRET, defaultPreferences().network).debtors;
  return createLookupEngine({ client, environmentName: 'Mock', cache: null });
}

describe('a full load behind a caching proxy', () => {
  it('asks with Cache-Control: no-cache, so a proxy that honours it answers with the service’s list now', async () => {
    mock.server.control.reset();
    const proxy = await cachingProxy(true);
    const engine = engineThrough(proxy.url);
    expect((await engine.sync('full')).counts.debtors).toBe(40);
    mock.server.control.changeDebtors({ add: 2 });
    const again = await engine.sync('full');
    expect(again.counts.debtors).toBe(42);
    expect(again.problems).toEqual([]);
    // Every list of a full load asks past the cache; the debtors list twice, once a load.
    expect(proxy.asked.every((line) => line.endsWith(' no-cache'))).toBe(true);
    expect(proxy.asked.filter((line) => line.startsWith('/debtors/Debtors '))).toEqual([
      '/debtors/Debtors no-cache',
      '/debtors/Debtors no-cache',
    ]);
  });

  it('says a whole list older than the last delta as stale, and keeps the debtors the delta brought', async () => {
    mock.server.control.reset();
    const proxy = await cachingProxy(false);
    const engine = engineThrough(proxy.url);
    expect((await engine.sync('full')).counts.debtors).toBe(40);
    mock.server.control.changeDebtors({ add: 2 });
    expect((await engine.sync()).counts.debtors).toBe(42); // a delta: another address, not in the cache
    const full = await engine.sync('full');
    expect(full.counts.debtors).toBe(42);
    expect(full.problems).toContainEqual({ resource: 'debtors', kind: 'stale' });
  });
});
