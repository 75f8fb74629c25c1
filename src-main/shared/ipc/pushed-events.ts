/** Pushed state: what the main process tells every window, unasked. */
import type { HealthSystem } from '../api/types.ts';
import type { AppInfo, WindowMessages } from './app-requests.ts';
import type { HealthLine } from './status-requests.ts';
import type { ClockView } from './panel-requests.ts';
import type { LookupStatus } from './lookup-requests.ts';

/** Pushed state: main → windows (webContents.send / ipcRenderer.on). */
export interface PushedEvents {
  healthChanged: HealthLine[];
  /** A window should show this system (a notification was clicked). */
  focusSystem: HealthSystem;
  clockChanged: ClockView;
  lookupChanged: LookupStatus;
  /** The active environment or the list of environments changed. */
  environmentsChanged: AppInfo;
  /** The user's language changed: every window speaks it at once. */
  languageChanged: WindowMessages;
}

export type EventName = keyof PushedEvents;

/** Every pushed event, once: a new event left out of this list does not compile. */
const events = {
  healthChanged: true,
  focusSystem: true,
  clockChanged: true,
  lookupChanged: true,
  environmentsChanged: true,
  languageChanged: true,
} satisfies Record<EventName, true>;
export const eventNames = Object.keys(events) as EventName[];

export type EventApi = {
  [K in EventName as `on${Capitalize<K>}`]: (listener: (payload: PushedEvents[K]) => void) => () => void;
};
