/**
 * `npm run test:electron`: the whole-app tests (src-main/e2e) on the REAL Electron instead of the
 * stand-in, through Playwright's Electron support (testing/electron-real/). Electron's binary is
 * node_modules/electron's (installed once: `npx install-electron --no`), or a packaged app built
 * with the test harness as its main script (TIMECLOCK_ELECTRON_PATH and TIMECLOCK_ELECTRON_PACKAGED=1,
 * as .github/workflows/electron.yml does). Where there is none — this project's own machines, where
 * Electron cannot be downloaded — it says so and ends without running anything, unless
 * TIMECLOCK_REQUIRE_ELECTRON=1 (the workflow), where that is a failure.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** Electron's runtime as installed in node_modules (never downloaded from here), or null. */
function installedElectron(): string | null {
  const pathFile = join(root, 'node_modules', 'electron', 'path.txt');
  if (!existsSync(pathFile)) return null;
  const binary = join(root, 'node_modules', 'electron', 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : null;
}

const executable = process.env.TIMECLOCK_ELECTRON_PATH || installedElectron();
if (!executable || !existsSync(executable)) {
  const required = process.env.TIMECLOCK_REQUIRE_ELECTRON === '1';
  console[required ? 'error' : 'log'](
    [
      `Electron's runtime is not on this machine${executable ? ` (${executable} does not exist)` : ''}: the whole-app tests were not run on it.`,
      'They run on the Electron stand-in in `npm test`; on the real Electron in .github/workflows/electron.yml,',
      'or here after `npx install-electron --no` where Electron can be downloaded.',
    ].join('\n'),
  );
  process.exit(required ? 1 : 0);
}
console.log(`Whole-app tests on ${executable}`);
const run = spawnSync('npx', ['vitest', 'run', '--project', 'whole-app', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  shell: process.platform === 'win32',
  env: { ...process.env, TIMECLOCK_E2E_ELECTRON: executable },
});
process.exit(run.status ?? 1);
