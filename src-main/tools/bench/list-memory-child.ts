/**
 * Run alone by list-memory-bench.ts: serves a debtors list of the size asked over loopback, loads it
 * and prints the process's peak memory (maxRSS) before and after. Its own process, so that the
 * peak is this list's and nothing else's. `list`: the app's debtors client reads the list alone;
 * `whole`: the whole lookup loads it (the other lists empty), indexes it and writes its snapshot.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDebtorsClient } from '../../core/api/debtors-client.ts';
import { createHttpClient } from '../../core/api/http-client.ts';
import { lookupCacheFile, newCacheKey } from '../../core/lookup/lookup-cache.ts';
import { createLookupEngine } from '../../core/lookup/lookup-engine.ts';

const megabytes = Number(process.argv[2]);
const longIds = process.argv[3] === 'long-ids';
const whole = process.argv[4] === 'whole';
const target = megabytes * 1024 * 1024;

/** A debtor as a real server might send it; ids beyond 2^53 take the exact-digits path. */
const debtor = (n: number) =>
  JSON.stringify({
    debtorKey: longIds ? `1234567890123${String(n).padStart(7, '0')}` : String(100_000 + n),
    name: `Debtor ${n} Holdings LLC`,
    city: 'Springfield',
    state: 'IL',
    mcNumber: `MC${n}`,
    creditLimit: 25_000 + (n % 100) * 1_000,
    status: 'active',
    modifiedAt: '2026-01-02T03:04:05.000Z',
    address: `${n} Main Street`,
  }).replace(/"debtorKey":"(\d{20})"/, longIds ? '"debtorKey":$1' : '$&');

const server = createServer((request, response) => {
  response.writeHead(200, { 'content-type': 'application/json' });
  // The other lists of the whole lookup are empty: the figure is the debtors list's.
  if (new URL(request.url ?? '/', 'http://bench').pathname !== '/Debtors') return void response.end('{"data":[]}');
  let sent = 0;
  let n = 0;
  response.write('{"data":[');
  const pump = () => {
    while (sent < target) {
      const piece = (n === 0 ? '' : ',') + debtor(n++);
      sent += piece.length;
      if (!response.write(piece)) return void response.once('drain', pump);
    }
    response.end('],"nextLink":null}');
  };
  pump();
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address() as AddressInfo;
const http = createHttpClient({
  service: 'debtors',
  environment: 'bench',
  baseUrl: `http://127.0.0.1:${port}/`,
  auth: { kind: 'basic' },
  credentials: { clientId: 'bench', clientSecret: 'bench' },
  timeoutMs: 600_000,
  maxBodyBytes: target + 1024 * 1024,
});
/** The whole lookup: load, index, and the snapshot kept on disk; how many debtors it holds. */
async function loadWholeLookup(): Promise<number> {
  const folder = mkdtempSync(join(tmpdir(), 'bench-whole-'));
  try {
    const cache = lookupCacheFile({ path: join(folder, 'cache.bin'), key: newCacheKey(), binding: 'bench' });
    const engine = createLookupEngine({ client: createDebtorsClient(http), environmentName: 'bench', cache });
    await engine.sync('full');
    return engine.counts().debtors;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

const before = process.resourceUsage().maxRSS;
const started = performance.now();
const records = whole ? await loadWholeLookup() : (await createDebtorsClient(http).debtors()).length;
const seconds = (performance.now() - started) / 1000;
const after = process.resourceUsage().maxRSS;
console.log(JSON.stringify({ records, seconds, beforeKb: before, peakKb: after }));
server.close();
process.exit(0);
