/**
 * Notifications on the desktop. A click is the main action: Linux servers offer no buttons to rely
 * on. A button (Windows and macOS show them) is a shortcut to the same thing the panel offers.
 *
 * On Windows a notification is a toast whose click and button carry what to do in their arguments
 * (core/windows/windows-identity.ts), and every activation — the toast still on screen, in the
 * Action Center, or clicked after a restart — comes through one router (`routeToastActivations`),
 * never through the notification object, which may be gone by then.
 */
import { Notification } from 'electron';
import { toastActivation, toastXml, type ToastAction, type ToastTarget } from '../core/windows/windows-identity.ts';

export interface DesktopNotification {
  title: string;
  body: string;
  sound?: boolean;
  /** One button, where the OS shows buttons; `action` names it for Windows' router. */
  button?: { label: string; action: Exclude<ToastAction, 'open'>; run: () => void };
}

/** What a click opens: the window (Windows' router opens it by name), and how, while the app runs. */
export interface NotificationOpening {
  target: ToastTarget;
  run: () => void;
}

/**
 * A body as the desktop reads it: Linux notification servers read a little markup (libnotify's
 * <b>, <i>, <a href>), so text from data — a debtor's name, a server's words — is escaped there and
 * shown as written. Windows and macOS show text as text.
 */
export function notificationBody(body: string, platform: NodeJS.Platform = process.platform): string {
  return platform === 'linux' ? body.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;') : body;
}

export function showNotification(notification: DesktopNotification, opening: NotificationOpening): void {
  if (!Notification.isSupported()) return;
  const { button } = notification;
  if (process.platform === 'win32') {
    const { title, body, sound } = notification;
    const toast = toastXml({ title, body, silent: !sound, target: opening.target, ...(button ? { button } : {}) });
    return new Notification({ title, body, silent: !sound, toastXml: toast }).show();
  }
  const shown = new Notification({
    title: notification.title,
    body: notificationBody(notification.body),
    silent: !notification.sound,
    ...(button ? { actions: [{ type: 'button' as const, text: button.label }] } : {}),
  });
  shown.on('click', opening.run);
  if (button) shown.on('action', () => button.run());
  shown.show();
}

/** Windows: every toast activation, also one that started the app; what it cannot read opens the panel. */
export function routeToastActivations(route: (action: ToastAction, target: ToastTarget) => void): void {
  if (process.platform !== 'win32') return;
  Notification.handleActivation((details) => {
    const asked = toastActivation(details.arguments);
    route(asked?.action ?? 'open', asked?.target ?? 'panel');
  });
}
