/**
 * The main bundle built again with update keys pinned (as `npm run release` builds it from the
 * release machine's environment), beside the ordinary build's windows and preload: what the
 * update tests run, since the app trusts only keys compiled into it. Test support only.
 */
import { mkdirSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** Builds dist/main with `pins` (TIMECLOCK_UPDATE_* variables) into a folder of its own; the path of its main.js. */
export async function buildMainWith(pins: Record<string, string>): Promise<string> {
  const folder = mkdtempSync(join(tmpdir(), 'timeclock-trusted-build-'));
  mkdirSync(join(folder, 'dist'));
  // What main.js finds beside it and above it: the windows, the preload, the icons and the packages.
  symlinkSync(join(root, 'dist', 'renderer'), join(folder, 'dist', 'renderer'));
  symlinkSync(join(root, 'dist', 'preload'), join(folder, 'dist', 'preload'));
  symlinkSync(join(root, 'assets'), join(folder, 'assets'));
  symlinkSync(join(root, 'node_modules'), join(folder, 'node_modules'));
  symlinkSync(join(root, 'package.json'), join(folder, 'package.json')); // "type": "module"
  const saved = { ...process.env };
  Object.assign(process.env, pins);
  try {
    await build({
      configFile: join(root, 'vite.config.ts'),
      mode: 'main',
      logLevel: 'warn',
      build: { outDir: join(folder, 'dist', 'main'), emptyOutDir: true, sourcemap: false },
    });
  } finally {
    for (const name of Object.keys(pins)) if (saved[name] === undefined) delete process.env[name];
    Object.assign(process.env, saved);
  }
  return join(folder, 'dist', 'main', 'main.js');
}
