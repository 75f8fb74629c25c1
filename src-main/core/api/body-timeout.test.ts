/**
 * The request timeout covers the body too, even where the fetch implementation loses track of its
 * own abort after a garbage collection (seen with Node 20's undici): a real child process with
 * forced GCs, a server that stalls after its headers, and one that trickles.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const child = fileURLToPath(new URL('../../testing/stall-child.ts', import.meta.url));

it('ends a stalled or trickling body at the timeout, with garbage collections along the way', async () => {
  const { stdout } = await promisify(execFile)(process.execPath, ['--expose-gc', '--import', 'tsx', child], { timeout: 20_000 });
  const results = stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { path: string; ended: string; ms: number });
  expect(results.map(({ path, ended }) => ({ path, ended }))).toEqual([
    { path: 'stall', ended: 'timeout' },
    { path: 'trickle', ended: 'timeout' },
  ]);
  // The timeout is 0.5 s; generous room for a loaded machine, far below a stuck request.
  for (const result of results) expect(result.ms).toBeLessThan(3_000);
}, 30_000);
