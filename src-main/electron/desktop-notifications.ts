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

export function showNotification(notification: DesktopNotification, onClick: () => void): void {
  if (!Notification.isSupported()) return;
  const { button } = notification;
  const shown = new Notification({
    title: notification.title,
    body: notification.body,
    silent: !notification.sound,
    ...(button ? { actions: [{ type: 'button' as const, text: button.label }] } : {}),
  });
  shown.on('click', onClick);
  if (button) shown.on('action', () => button.run());
  shown.show();
}
