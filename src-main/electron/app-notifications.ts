/**
 * The core's notifications on the desktop: a health change opens the status window on that system;
 * a clock notification opens the panel; a reminder may carry a button (Clock out, Undo, Take a break,
 * Back from break).
 */
import type { AppCore } from '../core/app-core.ts';
import { showNotification } from './desktop-notifications.ts';
import type { WindowManager } from './window-manager.ts';

export function showCoreNotifications(core: AppCore, windows: WindowManager, openPanel: () => void): void {
  core.health.onNotification((notification) =>
    showNotification(notification, () => {
      const system = notification.systems[0] ?? 'source';
      windows.open('status', { system });
      core.events.emit('focusSystem', system);
    }),
  );
  core.clock.onNotification((notification) =>
    showNotification(
      {
        ...notification,
        ...(notification.action === 'clock-out'
          ? { button: { label: core.translator().t('clock.clockOut'), run: () => void core.clock.clockOut('notification') } }
          : {}),
        ...(notification.action === 'undo'
          ? { button: { label: core.translator().t('panel.undo'), run: () => void core.clock.undo('notification') } }
          : {}),
        ...(notification.action === 'take-break'
          ? { button: { label: core.translator().t('clock.takeBreak'), run: () => void core.clock.takeBreak('notification') } }
          : {}),
        ...(notification.action === 'back-from-break'
          ? { button: { label: core.translator().t('clock.backFromBreak'), run: () => void core.clock.clockIn('notification') } }
          : {}),
      },
      openPanel,
    ),
  );
  for (const problem of core.problems)
    showNotification({ title: core.translator().t('problem.attentionTitle'), body: problem }, openPanel);
}
