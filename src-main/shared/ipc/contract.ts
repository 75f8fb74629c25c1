/**
 * The IPC contract: the one typed description of what a window may ask of the main process and
 * what it is told. Main and preload import it; the renderer imports its types only.
 * Arguments are validated against these schemas in the main process before any handler runs.
 */
import * as v from 'valibot';
import type { HealthSystem } from '../api/types.ts';

export interface EnvironmentSummary {
  id: string;
  name: string;
  isMock: boolean;
}

export interface AppInfo {
  productName: string;
  version: string;
  environment: EnvironmentSummary;
}

export interface HealthLine {
  system: HealthSystem;
  /** "Source system" / "Target system". */
  label: string;
  state: 'up' | 'down' | 'error';
  latencyMs: number | null;
  /** Plain-language problem when state is error (never contains a secret). */
  message: string | null;
  checkedAt: string;
}

/** Requests: window → main (ipcRenderer.invoke / ipcMain.handle). */
export interface InvokeApi {
  getAppInfo(): Promise<AppInfo>;
  checkHealthNow(): Promise<HealthLine[]>;
}

/** Pushed state: main → windows (webContents.send / ipcRenderer.on). */
export interface PushedEvents {
  healthChanged: HealthLine[];
}

export type InvokeName = keyof InvokeApi;
export type EventName = keyof PushedEvents;

export const invokeArgs = {
  getAppInfo: v.strictTuple([]),
  checkHealthNow: v.strictTuple([]),
} satisfies { [K in InvokeName]: v.GenericSchema<unknown, Parameters<InvokeApi[K]>> };

export const invokeNames = Object.keys(invokeArgs) as InvokeName[];
export const eventNames: EventName[] = ['healthChanged'];

/** The IPC channel of an invoke or event name. */
export const channelOf = (name: InvokeName | EventName) => `timeclock:${name}`;

export type EventApi = {
  [K in EventName as `on${Capitalize<K>}`]: (listener: (payload: PushedEvents[K]) => void) => () => void;
};

/** What a window sees as `window.api`. */
export type WindowApi = InvokeApi & EventApi;

/** How an invoke comes back over IPC: errors travel as data so their message survives intact. */
export type Envelope<T> = { ok: true; value: T } | { ok: false; error: { kind: string; message: string } };
