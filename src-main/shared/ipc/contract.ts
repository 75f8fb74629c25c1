/**
 * The IPC contract: the one typed description of what a window may ask of the main process and
 * what it is told. Main and preload import it; the renderer imports its types only.
 * Arguments are validated against these schemas in the main process before any handler runs;
 * the handlers then apply the core's own rules (with field-level messages).
 * Types the contract carries are the core's, imported as types only.
 */
import * as v from 'valibot';
import type { AppRequests } from './app-requests.ts';
import { appArgs } from './app-requests.ts';
import type { StatusRequests } from './status-requests.ts';
import { statusArgs } from './status-requests.ts';
import type { PanelRequests } from './panel-requests.ts';
import { panelArgs } from './panel-requests.ts';
import type { LookupRequests } from './lookup-requests.ts';
import { lookupArgs } from './lookup-requests.ts';
import type { SettingsRequests } from './settings-requests.ts';
import { settingsArgs } from './settings-requests.ts';
import type { EventApi, EventName } from './pushed-events.ts';

// The contract gathers what each window asks (one module per window) and what is pushed to all.
export type * from './app-requests.ts';
export type * from './status-requests.ts';
export type * from './panel-requests.ts';
export type * from './lookup-requests.ts';
export type * from './settings-requests.ts';
export type * from './pushed-events.ts';
export { eventNames } from './pushed-events.ts';
export { detailOf, isPurposeAsked } from './lookup-requests.ts';
export type { HealthBadge, SystemState } from '../domain/health.ts';
export type { LookupProblem, TransactionsView } from '../domain/lookup.ts';
export type { ApiProfileInput, AuthScheme } from '../api/api-profile.ts';
export type { Preferences } from '../settings-schema.ts';
export type {
  CaCertificateView,
  ConnectionReport,
  EnvironmentOrigin,
  FieldErrors,
  ProfileSuggestion,
  SecretStatus,
} from '../domain/environments.ts';

/** Requests: window → main (ipcRenderer.invoke / ipcMain.handle). */
export interface InvokeApi extends AppRequests, StatusRequests, PanelRequests, LookupRequests, SettingsRequests {}

export type InvokeName = keyof InvokeApi;

/** Every request's arguments, validated in the main process before any handler runs. */
export const invokeArgs = {
  ...appArgs,
  ...statusArgs,
  ...panelArgs,
  ...lookupArgs,
  ...settingsArgs,
} satisfies { [K in InvokeName]: v.GenericSchema<unknown, Parameters<InvokeApi[K]>> };

export const invokeNames = Object.keys(invokeArgs) as InvokeName[];

/** The IPC channel of an invoke or event name. */
export const channelOf = (name: InvokeName | EventName) => `timeclock:${name}`;

/** What a window sees as `window.api`. */
export type WindowApi = InvokeApi & EventApi;

/** How an invoke comes back over IPC: errors travel as data so their message survives intact. */
export type Envelope<T> = { ok: true; value: T } | { ok: false; error: { kind: string; message: string } };
