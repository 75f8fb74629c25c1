/**
 * The core's notifications on the desktop: a health change opens the status window on that system,
 * and an outage's carries "I know" (no reminders until it is back);
 * a clock notification opens the panel (the day's maximum, My time); a reminder may carry a button (Clock out, Undo, Take a break,
 * Back from break). On Windows the same choices come back through the toast router, by name.
 */
import type { AppCore } from '../core/app-core.ts';
import type { ClockNotification } from '../core/clock/clock-words.ts';
import type { PlainKey } from '../shared/i18n/translator.ts';
import { routeToastActivations, showNotification } from './desktop-notifications.ts';
import { fitNotification } from '../core/util/shorten.ts';
import type { ToastTarget } from '../core/windows/windows-identity.ts';
import type { WindowManager } from './window-manager.ts';

type ClockAction = NonNullable<ClockNotification['action']>;

export function showCoreNotifications(core: AppCore, windows: WindowManager, openPanel: () => void): void {
  const open = (target: ToastTarget) => (target === 'panel' ? openPanel() : windows.open(target));
  const acknowledge = () => void core.health.acknowledge('');
  routeToastActivations((action, target) =>
    action === 'open' ? open(target) : action === 'acknowledge' ? acknowledge() : clockAction(core, action).run(),
  );
  core.health.onNotification((notification) =>
    showNotification(
      {
        ...notification,
        // An outage told: "I know — don't remind me until it's back" (its recovery is still notified).
        ...(notification.kind === 'down' || notification.kind === 'reminder'
          ? {
              button: {
                label: core.translator().t('status.acknowledgeShort'),
                action: 'acknowledge' as const,
                run: () => void core.health.acknowledge('', notification.systems),
              },
            }
          : {}),
      },
      {
        target: 'status',
        run: () => {
          const system = notification.systems[0] ?? 'source';
          windows.open('status', { system });
          core.events.emit('focusSystem', system);
        },
      },
    ),
  );
  core.clock.onNotification((notification) => {
    const button = notification.action && { action: notification.action, ...clockAction(core, notification.action) };
    const target = notification.opens ?? 'panel';
    showNotification({ ...notification, ...(button ? { button } : {}) }, { target, run: () => open(target) });
  });
  core.onLookupNotice((notice) => showNotification(notice, { target: 'lookup', run: () => windows.open('lookup') }));
  for (const problem of core.problems)
    showNotification(fitNotification({ title: core.translator().t('problem.attentionTitle'), body: problem }), {
      target: 'panel',
      run: openPanel,
    });
}

/** A clock notification's button: its words, and the punch it asks for (told as from a notification). */
function clockAction(core: AppCore, action: ClockAction): { label: string; run: () => void } {
  const buttons: Record<ClockAction, [PlainKey, () => unknown]> = {
    'clock-out': ['clock.clockOut', () => core.clock.clockOut('notification')],
    undo: ['panel.undo', () => core.clock.undo('notification')],
    'take-break': ['clock.takeBreak', () => core.clock.takeBreak('notification')],
    'back-from-break': ['clock.backFromBreak', () => core.clock.clockIn('notification')],
  };
  const [label, run] = buttons[action];
  return { label: core.translator().t(label), run: () => void run() };
}
