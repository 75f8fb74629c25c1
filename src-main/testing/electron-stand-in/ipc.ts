/**
 * `ipcMain`, and the renderer half a preload sees (`contextBridge`, `ipcRenderer`) as source text
 * that runs in each window's page before the page's own scripts.
 */
import { EventEmitter } from 'node:events';

type InvokeHandler = (event: unknown, ...args: unknown[]) => unknown;

export class IpcMain extends EventEmitter {
  readonly handlers = new Map<string, InvokeHandler>();
  handle(channel: string, handler: InvokeHandler): void {
    if (this.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    this.handlers.set(channel, handler);
  }
  removeHandler(channel: string): void {
    this.handlers.delete(channel);
  }
}
export const ipcMain = new IpcMain();

/** The stand-in's own names in the page: the binding that carries invoke, and the event entry. */
export const INVOKE_BINDING = '__electronStandInInvoke';
export const DELIVER = '__electronStandInDeliver';

/**
 * A sandboxed preload is CommonJS that may require only `electron`: run it with a `require` that
 * gives it contextBridge and ipcRenderer. Like Electron, only in the top frame.
 */
export function preloadScript(preloadSource: string): string {
  return `(() => {
  if (window !== window.top) return;
  const listeners = new Map();
  Object.defineProperty(window, ${JSON.stringify(DELIVER)}, {
    value: (channel, payload) => (listeners.get(channel) || []).slice().forEach((listener) => listener({}, payload)),
  });
  const invoke = window[${JSON.stringify(INVOKE_BINDING)}];
  const electron = {
    contextBridge: {
      exposeInMainWorld: (name, api) => Object.defineProperty(window, name, { value: Object.freeze(api), enumerable: true }),
    },
    ipcRenderer: {
      invoke: (channel, ...args) => invoke(channel, args),
      on(channel, listener) {
        listeners.set(channel, [...(listeners.get(channel) || []), listener]);
        return this;
      },
      removeListener(channel, listener) {
        listeners.set(channel, (listeners.get(channel) || []).filter((other) => other !== listener));
        return this;
      },
    },
  };
  const require = (name) => {
    if (name === 'electron') return electron;
    throw new Error('module not found: ' + name + ' (a sandboxed preload may require only electron)');
  };
  const module = { exports: {} };
  (function (require, module, exports) {
${preloadSource}
  })(require, module, module.exports);
})();`;
}
