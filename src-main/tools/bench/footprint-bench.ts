/** Figure 6: renderer bundle sizes per window (gzip) and the cold load of the core in Node. */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { summarise, type Summary } from './stats.ts';

const dist = new URL('../../../dist/', import.meta.url);

export interface FootprintFigures {
  windowsGzipKb: Record<string, number>;
  coreColdLoad: Summary;
}

export function footprintBench(coldLoads: number): FootprintFigures {
  const windowsGzipKb: Record<string, number> = {};
  for (const window of ['panel', 'status', 'hours', 'settings', 'welcome', 'lookup']) {
    // Everything the window's page loads: its own chunk, the shared chunks it preloads, their CSS.
    const html = readFileSync(new URL(`renderer/${window}.html`, dist), 'utf8');
    const files = [...new Set(html.match(/assets\/[^"']+\.(?:js|css)/g) ?? [])];
    const bytes = files.reduce((sum, file) => sum + gzipSync(readFileSync(new URL(`renderer/${file}`, dist))).length, 0);
    windowsGzipKb[window] = Math.round((bytes / 1024) * 10) / 10;
  }
  // The main bundle imports electron, which plain Node cannot load; the chunk it shares with the lookup's worker can be.
  const chunk = readdirSync(new URL('main/', dist)).find((file) => /^lookup-backend-.*\.js$/.test(file))!;
  const chunkUrl = new URL(`main/${chunk}`, dist).href;
  const loads: number[] = [];
  for (let run = 0; run < coldLoads; run++) {
    const output = execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const t = performance.now(); await import(${JSON.stringify(chunkUrl)}); console.log(performance.now() - t);`,
      ],
      { encoding: 'utf8' },
    );
    loads.push(Number(output.trim()));
  }
  return { windowsGzipKb, coreColdLoad: summarise(loads) };
}
