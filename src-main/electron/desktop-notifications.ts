/** Notifications on the desktop. A click is the action: Linux servers offer no buttons to rely on. */
import { Notification } from 'electron';

export interface DesktopNotification {
  title: string;
  body: string;
  sound?: boolean;
}

export function showNotification(notification: DesktopNotification, onClick: () => void): void {
  if (!Notification.isSupported()) return;
  const shown = new Notification({ title: notification.title, body: notification.body, silent: !notification.sound });
  shown.on('click', onClick);
  shown.show();
}
