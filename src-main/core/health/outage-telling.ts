/**
 * What an outage's beginning and end tell: both systems down within 30 s as one notification (one
 * held back for the other meanwhile), a dependent's outage not told apart while the system it needs
 * is down, a recovery only of an outage that was told, and what each system's tick is due to tell.
 * Shares the policy's state (notification-policy.ts).
 */
import type { HealthSystem } from '../../shared/api/types.ts';
import { HEALTH_SYSTEMS } from '../../shared/domain/health.ts';
import type { HealthSnapshot } from './health-monitor.ts';
import type { createNoticeWriter } from './notice-writer.ts';
import type { Delivery } from './notification-delivery.ts';
import { COMBINE_WINDOW_MS, parentOf, stillTrue, type Due } from './notification-memory.ts';
import type { NotificationPolicyOptions, PolicyState } from './notification-types.ts';

export function createOutageTelling(
  options: NotificationPolicyOptions,
  state: PolicyState,
  { deliver }: Delivery,
  write: ReturnType<typeof createNoticeWriter>,
) {
  const { time } = options;

  function onDown(system: HealthSystem, since: number, snapshot: HealthSnapshot): void {
    const { memory, held } = state;
    if (memory[system].downNotified) return; // the same outage, already told
    const other = HEALTH_SYSTEMS.find((candidate) => candidate !== system)!;
    if (held && held.notification.systems.includes(other)) {
      state.held = null;
      return deliver(write.down([...HEALTH_SYSTEMS], Math.min(held.notification.since ?? since, since), snapshot));
    }
    const parent = parentOf(system, options.settings().dependsOn);
    if (parent && snapshot[parent].state === 'down') {
      // Explained by the system it needs, whose outage is (or will be) told: not told apart.
      memory[system].downNotified = { since, lastToldAt: time.now(), under: parent };
      return;
    }
    const notification = write.down([system], since, snapshot);
    if (snapshot[other].state === 'suspect') state.held = { notification, until: time.now() + COMBINE_WINDOW_MS };
    else deliver(notification);
  }

  function onRecovered(system: HealthSystem): void {
    if (state.held?.notification.systems.includes(system)) {
      state.held = null; // recovered before anyone was told: nothing to say
      return;
    }
    const told = state.memory[system].downNotified;
    if (told) deliver(write.recovered(system, told.since));
  }

  return {
    onDown,
    onRecovered,
    /** A held "down" goes out once its 30 s are up or a system of it is no longer down, if still so. */
    releaseHeld(snapshot: HealthSnapshot, now: number): void {
      const { held } = state;
      if (!held || (now < held.until && held.notification.systems.every((system) => snapshot[system].state === 'down'))) return;
      state.held = null;
      if (stillTrue(held.notification, snapshot, state.memory)) deliver(held.notification);
    },
    /** Tells what one system's tick is due to tell. */
    tell(system: HealthSystem, due: NonNullable<Due>, snapshot: HealthSnapshot): void {
      const remembered = state.memory[system];
      if (due.kind === 'deferred') {
        remembered.deferred = null;
        if (stillTrue(due.notification, snapshot, state.memory)) deliver(due.notification);
      } else if (due.kind === 'down') onDown(system, due.since, snapshot);
      else if (due.kind === 'uncovered') {
        remembered.downNotified = null;
        onDown(system, due.since, snapshot);
      } else if (due.kind === 'recovered') onRecovered(system);
      else deliver(write.reminder(system, due.since, snapshot));
    },
  };
}
