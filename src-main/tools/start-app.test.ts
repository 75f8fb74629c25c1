import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('./start-app.ts', import.meta.url));
const tsx = fileURLToPath(new URL('../../node_modules/tsx/dist/cli.mjs', import.meta.url));

describe('npm start without Electron', () => {
  it('says how to get Electron, and to run npm run try where it cannot be had', () => {
    // A runtime path that does not exist: what a machine without Electron's binary comes to.
    const run = spawnSync(process.execPath, [tsx, script], {
      encoding: 'utf8',
      env: { ...process.env, ELECTRON_OVERRIDE_DIST_PATH: '/nonexistent/electron-runtime' },
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('could not be started');
    expect(run.stderr).toContain('npx install-electron --no');
    expect(run.stderr).toContain('npm run try');
    expect(run.stderr).toContain('xvfb-run -a npm run try');
  });

  it('prints only the project’s explanation when the download fails: no stack trace, no advice to delete node_modules (issue 46, point 12)', () => {
    const run = spawnSync(process.execPath, [tsx, script], {
      encoding: 'utf8',
      env: {
        ...process.env,
        ELECTRON_OVERRIDE_DIST_PATH: '',
        // A mirror nobody answers on, and an empty download cache: the download fails at once.
        ELECTRON_MIRROR: 'http://127.0.0.1:9/',
        electron_config_cache: mkdtempSync(join(tmpdir(), 'electron-cache-')),
      },
      timeout: 120_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("Electron's runtime is not on this machine and could not be downloaded.");
    expect(run.stderr).not.toMatch(/^\s+at /m);
    expect(run.stderr).not.toContain('Please delete');
  });
});
