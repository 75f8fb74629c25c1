/**
 * Loaded with `node --import tsx --import <this file> dist/main/main.js`: makes `electron` resolve
 * to the stand-in for the built main bundle as it ships, and for the libraries it loads
 * (electron-store imports it, electron-log requires it). Test support only; never shipped.
 */
import Module, { register } from 'node:module';
import { isMainThread } from 'node:worker_threads';

const standInUrl = new URL('./electron.ts', import.meta.url).href;

// ESM `import … from 'electron'`: a resolve hook (it runs on the loader thread, so it is inline).
const resolveHook = `export async function resolve(specifier, context, next) {
  if (specifier === 'electron') return { url: ${JSON.stringify(standInUrl)}, shortCircuit: true };
  return next(specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(resolveHook)}`);

// CommonJS `require('electron')`: the same module instance as the ESM import above.
const standIn: unknown = isMainThread ? await import(standInUrl) : {};
type Loader = (request: string, parent: unknown, isMain: boolean) => unknown;
const moduleWithLoad = Module as unknown as { _load: Loader };
const load = moduleWithLoad._load;
moduleWithLoad._load = (request, parent, isMain) => (request === 'electron' ? standIn : load(request, parent, isMain));
