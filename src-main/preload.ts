/**
 * The preload: exposes `window.api`, named functions from the IPC contract and nothing else (no
 * generic invoke, no ipcRenderer). Built as one CommonJS file, as a sandboxed renderer requires.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { buildWindowApi } from './shared/ipc/build-window-api.ts';
import { channelOf, eventNames, invokeNames, type EventName, type InvokeName } from './shared/ipc/contract.ts';

contextBridge.exposeInMainWorld(
  'api',
  buildWindowApi(
    invokeNames,
    eventNames,
    (name, args) => ipcRenderer.invoke(channelOf(name as InvokeName), ...args),
    (name, listener) => {
      const channel = channelOf(name as EventName);
      const relay = (_event: unknown, payload: unknown) => listener(payload);
      ipcRenderer.on(channel, relay);
      return () => void ipcRenderer.removeListener(channel, relay);
    },
  ),
);
