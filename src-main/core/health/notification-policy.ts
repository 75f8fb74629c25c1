/**
 * Which health changes become desktop notifications. Only confirmed changes notify: an outage
 * (both systems within 30 s → one notification), its recovery (only if the outage was notified),
 * refused credentials (once), instability (once, then quiet until stable), and reminders while
 * down. At most one per system per 5 minutes: a later one waits and is sent if still true. A
 * system IT says needs the other is not told down apart while that one is down; its recovery is.
 * Quiet hours and pauses drop notifications; an outage still going on afterwards is told then. An
 * acknowledged outage ("I know") gets no reminders; its recovery is told, and clears it.
 */
import type { HealthSystem } from '../../shared/api/types.ts';
import { HEALTH_SYSTEMS } from '../../shared/domain/health.ts';
import { localMinutesOfDay } from '../../shared/moments.ts';
import { createEmitter } from '../util/emitter.ts';
import { createNoticeWriter, type HealthNotification } from './notice-writer.ts';
import { createDelivery } from './notification-delivery.ts';
import { isUp } from '../../shared/domain/health.ts';
import { dueAtTick, forgetEnded, forgotten, isQuiet, parentOf } from './notification-memory.ts';
import type { Memory, NotificationPolicy, NotificationPolicyOptions, PolicyState } from './notification-types.ts';
import { createOutageTelling } from './outage-telling.ts';

const forgottenAll = (): Record<HealthSystem, Memory> => ({ source: forgotten(), target: forgotten() });

/**
 * The policy put together: the state its parts share, how a notification leaves
 * (notification-delivery.ts), what an outage's beginning and end tell (outage-telling.ts); here,
 * what each change and tick starts, and the settings of the user and IT.
 */
export function createNotificationPolicy(options: NotificationPolicyOptions): NotificationPolicy {
  const { time } = options;
  const localMinutes = options.localMinutes ?? localMinutesOfDay;
  const notify = createEmitter<{ notification: HealthNotification }>();
  const state: PolicyState = { memory: forgottenAll(), authNotified: false, paused: null, held: null, rechecking: new Set() };
  const write = createNoticeWriter(options);
  const delivery = createDelivery(options, state, notify);
  const outages = createOutageTelling(options, state, delivery, write);
  const { deliver } = delivery;
  const quiet = () => isQuiet(options.settings(), state.paused, time.now(), localMinutes);

  return {
    onChange(system, change, snapshot) {
      if (change.to === 'auth-error') {
        if (!state.authNotified) deliver(write.auth(system, change.message));
        state.authNotified = true;
        return;
      }
      if (change.from === 'auth-error') state.authNotified = false; // refused again later: tell again
      if (!change.confirmed) return;
      if (change.unstable && !state.memory[system].unstableNotified) {
        state.memory[system].unstableNotified = true;
        deliver(write.unstable(system));
      }
      // A confirmed outage is always told, unstable or not.
      if (change.to === 'down') outages.onDown(system, change.outageStartedAt ?? change.at, snapshot);
      else if (isUp(change.to)) outages.onRecovered(system);
    },
    tick(snapshot) {
      const now = time.now();
      outages.releaseHeld(snapshot, now);
      const { reminderMinutes, dependsOn } = options.settings();
      for (const system of HEALTH_SYSTEMS) {
        forgetEnded(state.memory[system], snapshot[system]);
        const parent = parentOf(system, dependsOn);
        const due = dueAtTick(state.memory[system], snapshot[system], {
          now,
          silenced: delivery.silenced(now),
          reminderMinutes,
          held: state.held?.notification.systems.includes(system) ?? false,
          parentBackAt: parent && isUp(snapshot[parent].state) ? snapshot[parent].since : null,
        });
        if (due) outages.tell(system, due, snapshot);
      }
    },
    ...userSettings(state, () => time.now()),
    waiting: () =>
      state.held !== null || state.rechecking.size > 0 || HEALTH_SYSTEMS.some((system) => state.memory[system].deferred !== null),
    reset() {
      Object.assign(state, { memory: forgottenAll(), held: null, authNotified: false });
    },
    credentialsChanged() {
      state.authNotified = false;
    },
    refusing(system, refusal, snapshot) {
      const remembered = state.memory[system];
      if (refusal === null) remembered.refusingSince = null;
      if (refusal === null || !isUp(snapshot[system].state) || remembered.refusingSince === refusal.since) return;
      remembered.refusingSince = refusal.since; // this run is told once
      deliver(write.refusing(system, refusal.since, refusal.cause));
    },
    announceMaintenance(start, what) {
      if (!quiet()) notify.emit('notification', write.maintenance(start, what));
    },
    announcePublished(title, latest, page) {
      if (!quiet()) notify.emit('notification', write.published(title, latest, page));
    },
    onNotify: (listener) => notify.on('notification', listener),
  };
}

/** What the user sets: a pause, and "I know" for an outage (or taking it back). */
function userSettings(state: PolicyState, now: () => number) {
  return {
    pauseUntil(until: number | null) {
      state.paused = until;
    },
    pausedUntil: () => (state.paused !== null && state.paused > now() ? state.paused : null),
    acknowledge(system: HealthSystem) {
      state.memory[system].acknowledged = true;
      state.memory[system].deferred = null; // a reminder waiting out the gap is not sent either
    },
    remindAgain(system: HealthSystem) {
      state.memory[system].acknowledged = false;
    },
    acknowledged: (system: HealthSystem) => state.memory[system].acknowledged,
  };
}
