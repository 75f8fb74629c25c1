/**
 * Connects the IPC contract to Electron: one ipcMain.handle per request name, each checking that
 * the sender is one of our windows on our origin before the shared dispatcher validates the
 * arguments; pushed events go to every open window.
 */
import type { IpcMain, WebContents, WebFrameMain } from 'electron';
import {
  channelOf,
  eventNames,
  invokeNames,
  type Envelope,
  type EventName,
  type InvokeApi,
  type PushedEvents,
} from '../shared/ipc/contract.ts';
import { dispatchInvoke, type UnexpectedErrorSink } from '../core/ipc/dispatch.ts';
import { APP_ORIGIN } from './app-paths.ts';
import type { Translate } from '../shared/i18n/translator.ts';

export interface IpcBridgeOptions {
  ipcMain: Pick<IpcMain, 'handle'>;
  handlers: InvokeApi;
  /** The web contents of the windows we created and still have open. */
  ourContents: () => Iterable<WebContents>;
  onUnexpected: UnexpectedErrorSink;
  /** The user's words of the moment, for an unexpected error's sentence. */
  words?: () => Translate;
  subscribe: <K extends EventName>(event: K, listener: (payload: PushedEvents[K]) => void) => () => void;
}

export function isTrustedSender(
  frame: Pick<WebFrameMain, 'url'> | null,
  sender: WebContents,
  ours: Iterable<WebContents>,
): boolean {
  if (!frame) return false;
  let url: URL;
  try {
    url = new URL(frame.url);
  } catch {
    return false;
  }
  // URL.origin is "null" for non-special schemes such as app:, so compare scheme and host.
  return `${url.protocol}//${url.host}` === APP_ORIGIN && [...ours].includes(sender);
}

const untrusted: Envelope<never> = {
  ok: false,
  error: { kind: 'forbidden-sender', message: 'This request did not come from a Timeclock Tray window.' },
};

export function connectIpc(options: IpcBridgeOptions): () => void {
  for (const name of invokeNames) {
    options.ipcMain.handle(channelOf(name), (event, ...args: unknown[]) =>
      isTrustedSender(event.senderFrame, event.sender, options.ourContents())
        ? dispatchInvoke(options.handlers, name, args, options.onUnexpected, options.words?.())
        : untrusted,
    );
  }
  const stops = eventNames.map((name) =>
    options.subscribe(name, (payload) => {
      for (const contents of options.ourContents()) if (!contents.isDestroyed()) contents.send(channelOf(name), payload);
    }),
  );
  return () => stops.forEach((stop) => stop());
}
