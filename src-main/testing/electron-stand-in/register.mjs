/**
 * Loaded with `node --import <this file> dist/main/main.js`: makes `electron` resolve to the
 * stand-in for the built main bundle as it ships, and for the libraries it loads (electron-store
 * imports it, electron-log requires it). Plain JavaScript because worker threads inherit this
 * flag: there it only adds the hook (workers never import electron) and loads no TypeScript.
 * Test support only; never shipped.
 */
import Module, { register } from 'node:module';
import { isMainThread } from 'node:worker_threads';

const standInUrl = new URL('./electron.ts', import.meta.url).href;
// The Windows personality's registry (win32-personality.ts) stands in for native-reg.
const registryUrl = process.env.TIMECLOCK_STANDIN_PLATFORM === 'win32' ? new URL('./native-reg.ts', import.meta.url).href : null;

// ESM `import … from 'electron'`: a resolve hook (it runs on the loader thread, so it is inline).
const resolveHook = `export async function resolve(specifier, context, next) {
  if (specifier === 'electron') return { url: ${JSON.stringify(standInUrl)}, shortCircuit: true };
  if (specifier === 'native-reg' && ${JSON.stringify(registryUrl)}) return { url: ${JSON.stringify(registryUrl)}, shortCircuit: true };
  return next(specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(resolveHook)}`);

if (isMainThread) {
  // The stand-in is TypeScript: tsx loads it (and only it needs tsx; the app runs as built).
  const tsx = await import('tsx/esm/api');
  tsx.register();
  // CommonJS `require('electron')`: the same module instance as the ESM import above.
  const standIn = await import(standInUrl);
  const load = Module._load;
  Module._load = (request, parent, isMain) => (request === 'electron' ? standIn : load(request, parent, isMain));
  // The stand-in is ready and the app's bundle loads next: its own start is timed from here.
  globalThis.timeclockStandInReadyAt = performance.now();
}
