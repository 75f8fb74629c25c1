/**
 * Run alone by list-memory-bench.ts: serves a debtors list of the size asked over loopback, loads it
 * and prints the process's peak memory (maxRSS) before and after. Its own process, so that the
 * peak is this list's and nothing else's. `list`: the app's debtors client reads the list alone
 * (`score-list`: a credit score list of that size instead);
 * `whole`: the whole lookup loads it (the other lists empty), indexes it and writes its snapshot,
 * in the built worker threads as the app runs it (`npm run build` first); `scores`: the same with a
 * credit score list of that size instead of the debtors.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDebtorsClient } from '../../core/api/debtors-client.ts';
import { createHttpClient } from '../../core/api/http-client.ts';
import { Worker } from 'node:worker_threads';
import { mockEnvironment } from '../../core/environments/environment.ts';
import { newCacheKey } from '../../core/lookup/lookup-cache.ts';
import { workerBackend } from '../../core/lookup/lookup-backend.ts';
import { defaultPreferences } from '../../shared/settings-schema.ts';

const builtWorker = new URL('../../../dist/main/lookup-worker.js', import.meta.url);

const megabytes = Number(process.argv[2]);
const longIds = process.argv[3] === 'long-ids';
const what = process.argv[4] ?? 'list';
const target = megabytes * 1024 * 1024;

/** A credit score as a real server might send it. */
const creditScore = (n: number) =>
  JSON.stringify({
    debtorKey: String(100_000 + n),
    score: 300 + (n % 550),
    grade: 'BCDE'[n % 4],
    daysBeyondTerms: n % 40,
    calculatedAt: '2026-01-02T03:04:05.000Z',
    modifiedAt: '2026-01-02T03:04:05.000Z',
  });

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
  const served = what.startsWith('score') ? '/Debtors/CreditScore' : '/Debtors';
  if (new URL(request.url ?? '/', 'http://bench').pathname !== served) return void response.end('{"data":[]}');
  const record = what.startsWith('score') ? creditScore : debtor;
  let sent = 0;
  let n = 0;
  response.write('{"data":[');
  const pump = () => {
    while (sent < target) {
      const piece = (n === 0 ? '' : ',') + record(n++);
      sent += piece.length;
      if (!response.write(piece)) return void response.once('drain', pump);
    }
    response.end('],"nextLink":null}');
  };
  pump();
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address() as AddressInfo;
const origin = `http://127.0.0.1:${port}`;
const http = createHttpClient({
  service: 'debtors',
  environment: 'bench',
  baseUrl: `http://127.0.0.1:${port}/`,
  auth: { kind: 'basic' },
  credentials: { clientId: 'bench', clientSecret: 'bench' },
  timeoutMs: 600_000,
  maxBodyBytes: target + 1024 * 1024,
});
/**
 * The whole lookup as the app runs it: the built worker (dist/main/lookup-worker.js) with the score
 * keeper's thread beside it, loading, indexing and keeping its snapshot; how many records of the
 * served list it holds. The threads share this process, so its peak counts them all.
 */
async function loadWholeLookup(): Promise<number> {
  const folder = mkdtempSync(join(tmpdir(), 'bench-whole-'));
  const environment = mockEnvironment({ timeclockBaseUrl: `${origin}/`, debtorsBaseUrl: `${origin}/` }, 'bench');
  const network = { ...defaultPreferences().network, maxResponseMegabytes: megabytes + 1, requestTimeoutSeconds: 600 };
  const cache = { path: join(folder, 'cache.bin'), key: newCacheKey(), binding: 'bench' };
  const config = { environment, secret: 'bench', network, proxy: null, systemCa: false, cache, proxySignIn: {} };
  const backend = workerBackend(new Worker(builtWorker, { workerData: { config } }), () => undefined);
  try {
    const status = await backend.sync('full');
    if (status.problems.length > 0) throw new Error(JSON.stringify(status.problems));
    return what === 'scores' ? status.counts.creditScores : status.counts.debtors;
  } finally {
    await backend.stop();
    rmSync(folder, { recursive: true, force: true });
  }
}

const before = process.resourceUsage().maxRSS;
const started = performance.now();
/** The list alone, read by the app's debtors client. */
const readAlone = async () =>
  (await (what === 'score-list' ? createDebtorsClient(http).creditScores() : createDebtorsClient(http).debtors())).length;
const records = what === 'list' || what === 'score-list' ? await readAlone() : await loadWholeLookup();
const seconds = (performance.now() - started) / 1000;
const after = process.resourceUsage().maxRSS;
console.log(JSON.stringify({ records, seconds, beforeKb: before, peakKb: after }));
server.close();
process.exit(0);
