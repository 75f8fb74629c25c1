/**
 * Loaded with `node --import <this file> dist/main/main.js`: makes `electron` resolve to the
 * stand-in for the built main bundle as it ships, and for the libraries it loads (electron-store
 * imports it, electron-log requires it). Plain JavaScript because worker threads inherit this
 * flag: there it only adds the hook (workers never import electron) and loads no TypeScript.
 * Test support only; never shipped.
 */
import Module, { register } from 'node:module';
import { sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMainThread, MessageChannel, receiveMessageOnPort } from 'node:worker_threads';

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
  // tsx turns source maps on; the benchmark measures the app's start as it ships, without them.
  if (process.env.TIMECLOCK_STANDIN_SOURCE_MAPS === 'off') process.setSourceMapsEnabled(false);
  // CommonJS `require('electron')`: the same module instance as the ESM import above.
  const standIn = await import(standInUrl);
  const load = Module._load;
  Module._load = (request, parent, isMain) => (request === 'electron' ? standIn : load(request, parent, isMain));
  // The stand-in is ready and the app's bundle loads next: its own start is timed, and its CPU
  // time and the code files it loads are counted, from here (desktop.ts reports them with the
  // first tray menu: what Windows' Task Manager judges a start-up's impact by).
  globalThis.timeclockStandInReady = {
    at: performance.now(),
    cpu: process.cpuUsage(),
    codeFilesLoadedSince: codeFilesFromHere(),
  };
}

/**
 * The code files loaded from now on, as a function that lists them: ES modules as the loader's
 * hook reports them (on a port: it runs on the loader thread), CommonJS ones as their cache holds
 * them. The stand-in's own files (testing/) are left out.
 */
function codeFilesFromHere() {
  const { port1, port2 } = new MessageChannel();
  const loadHook = `let port;
export function initialize(data) { port = data.port; }
export async function load(url, context, next) {
  if (url.startsWith('file:')) port.postMessage(url);
  return next(url, context);
}`;
  register(`data:text/javascript,${encodeURIComponent(loadHook)}`, { data: { port: port2 }, transferList: [port2] });
  const commonJsBefore = new Set(Object.keys(Module._cache));
  return () => {
    const files = new Set();
    for (let message; (message = receiveMessageOnPort(port1));) files.add(fileURLToPath(message.message));
    for (const file of Object.keys(Module._cache)) if (!commonJsBefore.has(file)) files.add(file);
    return [...files].filter((file) => !file.includes(`${sep}testing${sep}`));
  };
}
