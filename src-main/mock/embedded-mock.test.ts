/** The mock inside the app: only while the Mock environment is active, and only for the app. */
import { afterEach, describe, expect, it } from 'vitest';
import { demoHeaders } from '../testing/mock-fixture.ts';
import { createEmbeddedMock, type EmbeddedMock } from './embedded-mock.ts';
import { startMockServer } from './mock-server.ts';
import { MAX_ADDED_DEBTORS } from './routes/control-routes.ts';

let embedded: EmbeddedMock | null = null;
afterEach(async () => {
  await embedded?.close();
  embedded = null;
});

const reachable = (url: string) =>
  fetch(url, { headers: demoHeaders }).then(
    (response) => response.status,
    () => 'closed' as const,
  );

describe('the embedded mock', () => {
  it('runs only while the Mock environment is active, and comes back at the same address', async () => {
    embedded = createEmbeddedMock({ debtors: 10 });
    expect(embedded.running()).toBe(false);
    await embedded.follow(true);
    const { timeclockBaseUrl } = embedded.urls();
    expect(await reachable(`${timeclockBaseUrl}/health`)).toBe(200);
    await embedded.follow(false);
    expect(embedded.control()).toBeNull();
    expect(await reachable(`${timeclockBaseUrl}/health`)).toBe('closed');
    await embedded.follow(true);
    expect(embedded.urls().timeclockBaseUrl).toBe(timeclockBaseUrl);
    expect(await reachable(`${timeclockBaseUrl}/health`)).toBe(200);
  });

  it('keeps its control API for the app: no token, no change, however much is asked', async () => {
    embedded = createEmbeddedMock({ debtors: 10 });
    await embedded.follow(true);
    const base = new URL(embedded.urls().timeclockBaseUrl).origin;
    const inflate = await fetch(`${base}/__mock/debtors/changes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ add: 100_000 }),
    });
    expect(inflate.status).toBe(403);
    expect(embedded.control()!.dataset.debtors).toHaveLength(10);
  });

  it('checks the token on the path as the router sees it: no escape, letter case or absolute form gets past', async () => {
    embedded = createEmbeddedMock({ debtors: 10 });
    await embedded.follow(true);
    const { hostname, port } = new URL(embedded.urls().timeclockBaseUrl);
    const targets = [
      '/%5f%5fmock/debtors/changes',
      '/_%5Fmock/debtors/changes',
      '/__%6Dock/debtors/changes',
      '/__MOCK/debtors/changes',
      '//__mock/debtors/changes',
      `http://127.0.0.1:${port}/__mock/debtors/changes`,
    ];
    for (const path of targets) {
      const status = await rawPost(hostname, Number(port), path, JSON.stringify({ add: 10 }));
      expect([path, status]).toEqual([path, expect.toSatisfy((code: number) => code === 400 || code === 403 || code === 404)]);
    }
    expect(embedded.control()!.dataset.debtors).toHaveLength(10);
  });
});

/** A POST with the request target exactly as given (fetch would normalise it). */
function rawPost(host: string, port: number, path: string, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    import('node:http').then(({ request }) =>
      request(
        { host, port, path, method: 'POST', headers: { 'content-type': 'application/json', host: `127.0.0.1:${port}` } },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      )
        .on('error', reject)
        .end(body),
    );
  });
}

describe('the control API of any mock', () => {
  it("adds at most a demo's worth of debtors until a reset", async () => {
    const server = await startMockServer({ debtors: 5 });
    try {
      const add = (count: number) =>
        fetch(`${server.url}/__mock/debtors/changes`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ add: count }),
        });
      expect((await add(MAX_ADDED_DEBTORS - 1)).status).toBe(200);
      const refused = await add(2);
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { message: string }).message).toMatch(
        /at most 10000 debtors may be added until a reset \(1 left\)/,
      );
      expect(server.control.dataset.debtors).toHaveLength(5 + MAX_ADDED_DEBTORS - 1);
      server.control.reset();
      expect((await add(2)).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

describe('any mock server', () => {
  it('refuses requests addressed to another host name (DNS rebinding from a web page)', async () => {
    const server = await startMockServer({ debtors: 5 });
    try {
      const { request } = await import('node:http');
      const status = await new Promise<number>((resolve, reject) => {
        const url = new URL(`${server.timeclockBaseUrl}/health`);
        request(
          {
            host: url.hostname,
            port: url.port,
            path: url.pathname,
            headers: { ...demoHeaders, host: `evil.example:${url.port}` },
          },
          (response) => {
            response.resume();
            resolve(response.statusCode ?? 0);
          },
        )
          .on('error', reject)
          .end();
      });
      expect(status).toBe(403);
      expect(await reachable(`${server.timeclockBaseUrl}/health`)).toBe(200);
    } finally {
      await server.close();
    }
  });
});
