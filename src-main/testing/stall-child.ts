/**
 * Run with `node --expose-gc --import tsx`: requests through the real HTTP engine from a server that
 * sends its headers and then stalls (or trickles), forcing garbage collections while waiting, and
 * prints one JSON line per case: how the request ended and after how long.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError } from '../core/api/api-error.ts';
import { createHttpClient } from '../core/api/http-client.ts';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('Run with --expose-gc.');

const server = createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.write('[');
  if (req.url?.includes('trickle')) {
    const timer = setInterval(() => res.write(' '), 200);
    res.on('close', () => clearInterval(timer));
  }
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address() as AddressInfo;
const client = createHttpClient({
  service: 'timeclock',
  environment: 'Test',
  baseUrl: `http://127.0.0.1:${port}`,
  auth: { kind: 'headers', clientIdHeader: 'client_id', clientSecretHeader: 'client_secret' },
  credentials: { clientId: 'a', clientSecret: 'b' },
  timeoutMs: 500,
});

for (const path of ['stall', 'trickle']) {
  const started = performance.now();
  const collecting = setInterval(() => gc(), 50);
  let ended: string;
  try {
    await client.request({ method: 'GET', path, operation: 'debtors', retry: false });
    ended = 'completed';
  } catch (error) {
    ended = error instanceof ApiError ? error.kind : String(error);
  } finally {
    clearInterval(collecting);
  }
  process.stdout.write(`${JSON.stringify({ path, ended, ms: Math.round(performance.now() - started) })}\n`);
}
server.closeAllConnections();
server.close();
