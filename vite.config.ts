import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'vitest/config';
import { withAppCsp } from './src-main/shared/content-security-policy.ts';
import { updateTrustFrom } from './src-main/core/updates/update-trust.ts';

/**
 * One config, three builds (see `npm run build`):
 * - default mode: the Svelte windows (multi-page, served from file:// in the app),
 * - `--mode main`: the Electron main process as one ESM bundle,
 * - `--mode preload`: the preload as one CommonJS file, as a sandboxed renderer requires.
 * Vitest reads the `test` block.
 */
const root = fileURLToPath(new URL('.', import.meta.url));
const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const nodeBuiltins = [...builtinModules, ...builtinModules.map((name) => `node:${name}`)];
const windows = ['panel', 'status', 'hours', 'settings', 'welcome', 'lookup'];

export default defineConfig(({ mode }) => {
  if (mode === 'main') {
    return {
      root,
      // Whose updates this build installs: from the release machine's environment (README, "Releasing").
      define: { __UPDATE_TRUST__: JSON.stringify(updateTrustFrom(process.env)) },
      build: {
        // The lookup's worker thread is a second entry beside the main process.
        ssr: true,
        outDir: 'dist/main',
        emptyOutDir: true,
        target: 'node22',
        sourcemap: true,
        rolldownOptions: {
          external: ['electron', ...nodeBuiltins],
          input: { main: fromRoot('src-main/main.ts'), 'lookup-worker': fromRoot('src-main/core/lookup/lookup-worker.ts') },
          output: {
            format: 'es',
            entryFileNames: '[name].js',
            // Beside the entries: the shell finds its preload, pages, assets and worker from its own place (app-paths.ts).
            chunkFileNames: '[name]-[hash].js',
            // Minified, as read from disk at every start at login (Task Manager's start-up impact);
            // function and class names kept, so that logs and stacks still name them.
            minify: { compress: { keepNames: { function: true, class: true } }, mangle: { keepNames: true } },
          },
        },
      },
    };
  }
  if (mode === 'preload') {
    return {
      root,
      // A sandboxed preload may require only `electron`: bundle everything else into the file.
      ssr: { noExternal: true },
      build: {
        ssr: fromRoot('src-main/preload.ts'),
        outDir: 'dist/preload',
        emptyOutDir: true,
        target: 'node22',
        rolldownOptions: {
          external: ['electron'],
          output: { format: 'cjs', entryFileNames: 'preload.cjs' },
        },
      },
    };
  }
  return {
    root: fromRoot('src-renderer'),
    base: './',
    // Every page gets the one Content-Security-Policy at build, written once in src-main/shared.
    plugins: [svelte({ configFile: false }), { name: 'app-csp', transformIndexHtml: withAppCsp }],
    resolve: process.env.VITEST ? { conditions: ['browser'] } : undefined,
    build: {
      outDir: fromRoot('dist/renderer'),
      emptyOutDir: true,
      target: 'chrome140',
      rolldownOptions: {
        input: Object.fromEntries(windows.map((name) => [name, fromRoot(`src-renderer/${name}.html`)])),
        // The windows' build is the Svelte compiler's work: on a loaded 2-core machine it passes 3 s
        // and Rolldown says "significant time in plugins" — true, and nothing to act on.
        checks: { bundlerTimings: false },
      },
    },
    test: {
      root,
      reporters: ['default', fromRoot('src-main/testing/summary-reporter.ts')],
      alias: { electron: fromRoot('src-main/testing/fake-electron.ts') },
      server: { deps: { inline: ['electron-store'] } },
      projects: [
        {
          extends: true,
          test: {
            name: 'unit',
            include: ['src-main/**/*.test.ts'],
            exclude: ['src-main/**/*.whole-app.test.ts', '**/node_modules/**'],
            environment: 'node',
          },
        },
        {
          extends: true,
          // The built app on the Electron stand-in: needs `npm run build` first (npm test does).
          test: {
            name: 'whole-app',
            include: ['src-main/**/*.whole-app.test.ts'],
            environment: 'node',
            // One app at a time: each is a Node process and a Chromium; two of them beside the other
            // projects starved a 2-core CI machine long enough for a window to take over 20 s.
            fileParallelism: false,
            testTimeout: 120_000,
            hookTimeout: 60_000,
          },
        },
        {
          extends: true,
          test: {
            name: 'browser',
            include: ['src-renderer/**/*.browser.test.ts'],
            environment: 'node',
            testTimeout: 30_000,
            hookTimeout: 60_000,
          },
        },
      ],
    },
  };
});
