/** Health notifications on the desktop. A click opens the status window at the system concerned. */
import { Notification } from 'electron';
import type { HealthSystem } from '../shared/api/types.ts';
import type { HealthNotification } from '../core/health/notification-policy.ts';

export function showHealthNotification(notification: HealthNotification, onClick: (system: HealthSystem) => void): void {
  if (!Notification.isSupported()) return;
  // Linux notification servers offer no action buttons we can rely on: the click is the action.
  const shown = new Notification({ title: notification.title, body: notification.body, silent: !notification.sound });
  shown.on('click', () => onClick(notification.systems[0] ?? 'source'));
  shown.show();
}
