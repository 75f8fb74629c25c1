/**
 * Figure 2: the lookup's full load of 100k debtors (debtors, scores, bureau scores, nicknames and
 * the client tables) from the mock over loopback — fetch, parse, join, index — and a delta of 100.
 * The mock runs in its own process, as a real server would: its serialising is not the app's time.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createServiceClients } from '../../core/api/service-clients.ts';
import { mockEnvironment, MOCK_CLIENT_SECRET } from '../../core/environments/environment.ts';
import { createLookupEngine } from '../../core/lookup/lookup-engine.ts';
import { defaultPreferences } from '../../shared/settings-schema.ts';
import { summarise, time, type Summary } from './stats.ts';

export interface SyncFigures {
  debtors: number;
  fullLoad: Summary;
  delta100: Summary;
  firstSearchAfterLoadMs: number;
}

const tsx = fileURLToPath(new URL('../../../node_modules/tsx/dist/cli.mjs', import.meta.url));
const cli = fileURLToPath(new URL('../../mock/cli.ts', import.meta.url));

/** Starts `npm run mock` in a child process; resolves with its base URL once it listens. */
function mockProcess(debtors: number) {
  const child = spawn(process.execPath, [tsx, cli, '--port', '0', '--debtors', String(debtors)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += String(chunk);
      const found = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (found) resolve(found[1]!);
    });
    child.on('exit', () => reject(new Error(`The mock exited early: ${output}`)));
  });
  return { url, stop: () => child.kill() };
}

export async function syncBench(debtors: number, repeats: number): Promise<SyncFigures> {
  const mock = mockProcess(debtors);
  try {
    const url = await mock.url;
    const environment = mockEnvironment({ timeclockBaseUrl: `${url}/timeclock`, debtorsBaseUrl: `${url}/debtors` });
    const client = () => createServiceClients(environment, MOCK_CLIENT_SECRET, defaultPreferences().network).debtors;
    const full: number[] = [];
    const delta: number[] = [];
    let firstSearch = 0;
    for (let round = 0; round < repeats; round++) {
      const engine = createLookupEngine({ client: client(), environmentName: 'Mock' });
      full.push((await time(() => engine.sync('full'))).ms);
      firstSearch = (await time(() => engine.search({ text: 'acme', sort: { key: 'relevance', descending: false } }))).ms;
      await fetch(`${url}/__mock/debtors/changes`, { method: 'POST', body: JSON.stringify({ count: 100 }) });
      delta.push((await time(() => engine.sync('auto'))).ms);
    }
    return {
      debtors,
      fullLoad: summarise(full),
      delta100: summarise(delta),
      firstSearchAfterLoadMs: Math.round(firstSearch * 1000) / 1000,
    };
  } finally {
    mock.stop();
  }
}
