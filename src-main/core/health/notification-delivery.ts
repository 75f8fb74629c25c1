/**
 * How a notification leaves the policy: sent now, deferred (reminders at most every 5 minutes per
 * system), dropped (notifications off, paused, quiet hours, a maintenance window) — and an
 * outage's "down" only after a re-check right before still finds it down. Shares the policy's
 * state (policy-state in notification-policy.ts).
 */
import { localMinutesOfDay } from '../../shared/moments.ts';
import type { Emitter } from '../util/emitter.ts';
import type { HealthNotification } from './notice-writer.ts';
import { isSilenced, MIN_GAP_MS, NEVER_DEFERRED, remember, stillTrue } from './notification-memory.ts';
import type { NotificationPolicyOptions, PolicyState } from './notification-types.ts';

export interface Delivery {
  /** Sends now, defers or drops it; a "down" only after its re-check. */
  deliver(notification: HealthNotification): void;
  silenced(now: number): boolean;
}

export function createDelivery(
  options: NotificationPolicyOptions,
  state: PolicyState,
  notify: Emitter<{ notification: HealthNotification }>,
): Delivery {
  const { time } = options;
  const localMinutes = options.localMinutes ?? localMinutesOfDay;
  const silenced = (now: number) => isSilenced(options.settings(), state.paused, now, localMinutes);
  const tooSoon = (notification: HealthNotification, now: number) =>
    !NEVER_DEFERRED.has(notification.kind) &&
    notification.systems.some((system) => {
      const last = state.memory[system].lastSentAt;
      return last !== null && now - last < MIN_GAP_MS;
    });

  /** Tells the user, and remembers what they were told. */
  function send(notification: HealthNotification): void {
    remember(state.memory, notification, time.now());
    notify.emit('notification', notification);
  }

  /** The "down" goes out only if a check right now still finds its systems down. */
  function sendAfterRecheck(notification: HealthNotification, recheck: NonNullable<NotificationPolicyOptions['recheck']>) {
    for (const system of notification.systems) state.rechecking.add(system);
    void recheck(notification.systems)
      .catch(() => null) // a re-check that could not run: tell, as without one
      .then((snapshot) => {
        for (const system of notification.systems) state.rechecking.delete(system);
        const still = snapshot === null || stillTrue(notification, snapshot, state.memory);
        if (still && !silenced(time.now())) send({ ...notification, at: time.now() });
      });
  }

  return {
    deliver(notification) {
      const now = time.now();
      if (silenced(now) || notification.systems.some((system) => state.rechecking.has(system))) return;
      if (tooSoon(notification, now)) {
        for (const system of notification.systems) state.memory[system].deferred = notification;
        return;
      }
      if (notification.kind !== 'down' || !options.recheck) return send(notification);
      sendAfterRecheck(notification, options.recheck);
    },
    silenced,
  };
}
