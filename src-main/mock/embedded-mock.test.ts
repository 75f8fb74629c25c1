/** The mock inside the app: only while the Mock environment is active, and only for the app. */
import { afterEach, describe, expect, it } from 'vitest';
import { demoHeaders } from '../testing/mock-fixture.ts';
import { createEmbeddedMock, type EmbeddedMock } from './embedded-mock.ts';
import { startMockServer } from './mock-server.ts';

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
