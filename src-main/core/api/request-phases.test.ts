/**
 * Issue 66, point 3: where a request's time goes, as the engine publishes it — against real
 * servers on loopback, over HTTP and HTTPS, with the server's part made slow on purpose.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent, fetch as undiciFetch } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeInternalCa, startHttpsFront, type LoopbackServer } from '../../testing/corporate-network.ts';
import { measured } from './request-phases.ts';

/** Waits `wait` ms before the headers and `read` ms more before the body ends (from the query). */
let server: Server;
let base: string;
let https: LoopbackServer;
beforeAll(async () => {
  server = createServer((req, res) => {
    const query = new URL(req.url!, 'http://x').searchParams;
    setTimeout(
      () => {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.write('U');
        setTimeout(() => res.end('P'), Number(query.get('read') ?? 0));
      },
      Number(query.get('wait') ?? 0),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://localhost:${(server.address() as AddressInfo).port}`;
  https = await startHttpsFront(makeInternalCa(), base.replace('localhost', '127.0.0.1'));
});
afterAll(async () => {
  await https.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const read = (url: string, init?: Parameters<typeof undiciFetch>[1]) => async () => {
  const response = await (init ? undiciFetch(url, init) : fetch(url));
  return response.text();
};

describe('where a request’s time goes', () => {
  it('splits a new connection’s time into name lookup and connecting, the server’s part into waiting and reading', async () => {
    const { value, phases } = await measured(read(`${base}/?wait=120&read=80`));
    expect(value).toBe('UP');
    expect(phases!.dnsMs).not.toBeNull();
    expect(phases!.connectMs).not.toBeNull();
    expect(phases!.tlsMs).toBeNull(); // plain HTTP
    // The server answers 120 ms after the request and ends 80 ms later: bounds a busy machine keeps.
    expect(phases!.waitMs).toBeGreaterThanOrEqual(115);
    expect(phases!.waitMs! + phases!.readMs!).toBeGreaterThanOrEqual(195);
    // A connection kept open and used again: nothing to look up or connect.
    const dispatcher = new Agent({ keepAliveTimeout: 10_000 });
    // Two first: undici releases a socket a moment after its answer is read, so the second may open another.
    for (let warm = 0; warm < 2; warm++) await measured(read(`${base}/?wait=0`, { dispatcher }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const again = await measured(read(`${base}/?wait=0`, { dispatcher }));
    expect(again.phases).toMatchObject({ dnsMs: null, connectMs: null, tlsMs: null });
    await dispatcher.close();
  });

  it('tells an HTTPS connection through undici’s own fetch, TLS within connecting where Node does not show the socket', async () => {
    const dispatcher = new Agent({ connect: { rejectUnauthorized: false } });
    const { phases } = await measured(read(`${https.url}/?wait=50`, { dispatcher }));
    expect(phases!.connectMs).toBeGreaterThan(0);
    expect(phases!.waitMs).toBeGreaterThanOrEqual(45);
    // Either the socket was seen (its TLS apart) or it was not (no lookup or TLS of its own told).
    if (phases!.tlsMs === null) expect(phases!.dnsMs).toBeNull();
    else expect(phases!.tlsMs).toBeGreaterThan(0);
    await dispatcher.close();
  });

  it('keeps requests made at the same time apart, and follows none outside', async () => {
    const [slow, quick] = await Promise.all([measured(read(`${base}/?wait=200&n=1`)), measured(read(`${base}/?wait=0&n=2`))]);
    expect(slow.phases!.waitMs).toBeGreaterThanOrEqual(180);
    expect(quick.phases!.waitMs).toBeLessThan(150);
    expect((await measured(() => Promise.resolve('no request'))).phases).toBeNull();
  });
});
