/**
 * Notifications on the desktop. A click is the main action: Linux servers offer no buttons to rely
 * on. A button (Windows and macOS show them) is a shortcut to the same thing the panel offers.
 */
import { Notification } from 'electron';

export interface DesktopNotification {
  title: string;
  body: string;
  sound?: boolean;
  /** One button, where the OS shows buttons. */
  button?: { label: string; run: () => void };
}

/**
 * A body as the desktop reads it: Linux notification servers read a little markup (libnotify's
 * <b>, <i>, <a href>), so text from data — a debtor's name, a server's words — is escaped there and
 * shown as written. Windows and macOS show text as text.
 */
export function notificationBody(body: string, platform: NodeJS.Platform = process.platform): string {
  return platform === 'linux' ? body.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;') : body;
}

export function showNotification(notification: DesktopNotification, onClick: () => void): void {
  if (!Notification.isSupported()) return;
  const { button } = notification;
  const shown = new Notification({
    title: notification.title,
    body: notificationBody(notification.body),
    silent: !notification.sound,
    ...(button ? { actions: [{ type: 'button' as const, text: button.label }] } : {}),
  });
  shown.on('click', onClick);
  if (button) shown.on('action', () => button.run());
  shown.show();
}
