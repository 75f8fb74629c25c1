/**
 * What the notification policy remembers of each system (what was told, deferred, acknowledged)
 * and the pure rules it decides by: whether a notification is still true, whether now is silenced
 * or quiet, what a system's tick is due to tell, and which system another one needs.
 */
import type { HealthSystem } from '../../shared/api/types.ts';
import { insideDailyWindow, weeklyWindowEnd } from '../../shared/moments.ts';
import { isUp } from '../../shared/domain/health.ts';
import type { HealthSnapshot } from './health-monitor.ts';
import type { HealthNotification, NotificationKind } from './notice-writer.ts';
import type { Memory, NotificationSettings } from './notification-types.ts';

/** A down waits this long for the other system to go down too (one notification for both). */
export const COMBINE_WINDOW_MS = 30_000;
/** Reminders at most this often per system; outages, recoveries and instability are never held back by it. */
export const MIN_GAP_MS = 5 * 60_000;
/** Kinds that are told at once, whatever was told just before: a confirmed outage is always told. */
export const NEVER_DEFERRED: ReadonlySet<NotificationKind> = new Set(['auth', 'down', 'recovered', 'unstable']);

/** What the policy remembers of a system before anything was told. */
export const forgotten = (): Memory => ({
  downNotified: null,
  lastSentAt: null,
  deferred: null,
  unstableNotified: false,
  acknowledged: false,
  refusingSince: null,
});

/** Whether what a notification says is still so in this snapshot (a held, deferred or re-checked one is told only then). */
export function stillTrue(
  notification: HealthNotification,
  snapshot: HealthSnapshot,
  memory: Record<HealthSystem, Memory>,
): boolean {
  return notification.systems.every((system) => {
    const state = snapshot[system].state;
    // Still down: no success seen since (the machine needs two to recover, so its state alone lags).
    if (notification.kind === 'down' || notification.kind === 'reminder')
      return (
        state === 'down' &&
        snapshot[system].recoveries === 0 &&
        (notification.kind === 'reminder' || !memory[system].downNotified)
      );
    if (notification.kind === 'recovered') return isUp(state) && memory[system].downNotified !== null;
    if (notification.kind === 'unstable') return snapshot[system].unstable;
    if (notification.kind === 'refusing') return isUp(state) && memory[system].refusingSince === notification.since;
    return true;
  });
}

/** Whether nothing is told now: notifications off, paused, a maintenance window or quiet hours. */
export function isSilenced(
  settings: NotificationSettings,
  paused: number | null,
  now: number,
  localMinutes: (ms: number) => number,
): boolean {
  if (settings.inPublishedMaintenance) return true;
  if (settings.maintenance && weeklyWindowEnd(now, settings.maintenance) !== null) return true;
  return isQuiet(settings, paused, now, localMinutes);
}

/** Whether the user asked for quiet now: notifications off, paused, or quiet hours (IT's windows aside). */
export function isQuiet(
  settings: NotificationSettings,
  paused: number | null,
  now: number,
  localMinutes: (ms: number) => number,
): boolean {
  if (!settings.enabled || (paused !== null && now < paused)) return true;
  if (!settings.quietHours.enabled) return false;
  return insideDailyWindow(localMinutes(now), settings.quietHours.start, settings.quietHours.end);
}

/** What the policy remembers once a notification was sent. */
export function remember(memory: Record<HealthSystem, Memory>, notification: HealthNotification, now: number): void {
  for (const system of notification.systems) {
    const remembered = memory[system];
    remembered.lastSentAt = now;
    remembered.deferred = null;
    if (notification.kind === 'down') remembered.downNotified = { since: notification.since ?? now, lastToldAt: now };
    if (notification.kind === 'reminder' && remembered.downNotified) remembered.downNotified.lastToldAt = now;
    if (notification.kind === 'recovered') [remembered.downNotified, remembered.acknowledged] = [null, false];
  }
}

/** The system this one needs, by IT's word (none by default). */
export function parentOf(system: HealthSystem, dependsOn: NotificationSettings['dependsOn']): HealthSystem | null {
  if (dependsOn === 'target-on-source') return system === 'target' ? 'source' : null;
  if (dependsOn === 'source-on-target') return system === 'source' ? 'target' : null;
  return null;
}

/** What one system's tick is due to tell, from what the policy remembers of it and its health now. */
export type Due =
  | { kind: 'deferred'; notification: HealthNotification }
  | { kind: 'down'; since: number }
  /** A dependent still down after the system it needs came back: its own outage now. */
  | { kind: 'uncovered'; since: number }
  | { kind: 'recovered' }
  | { kind: 'reminder'; since: number }
  | null;

/** Forgets what ended: instability that settled, an acknowledgement whose outage ended untold (as a told one's does, remember()). */
export function forgetEnded(remembered: Memory, health: HealthSnapshot[HealthSystem]): void {
  if (remembered.unstableNotified && !health.unstable) remembered.unstableNotified = false;
  if (remembered.acknowledged && isUp(health.state) && health.outageStartedAt === null && !remembered.downNotified)
    remembered.acknowledged = false;
}

/**
 * A deferred notification whose gap has passed; an outage that began while silenced (told now); a
 * dependent's outage whose parent is back; a recovery not yet told; a reminder of an outage not
 * acknowledged (nor told under its parent's), when its time has come.
 */
export function dueAtTick(
  remembered: Memory,
  health: HealthSnapshot[HealthSystem],
  at: { now: number; silenced: boolean; held: boolean; reminderMinutes: number; parentBackAt: number | null },
): Due {
  if (remembered.deferred) {
    const gapPassed = at.now - (remembered.lastSentAt ?? 0) >= MIN_GAP_MS;
    return !at.silenced && gapPassed ? { kind: 'deferred', notification: remembered.deferred } : null;
  }
  if (at.held) return null;
  const told = remembered.downNotified;
  if (health.state === 'down' && !told && health.outageStartedAt !== null && health.recoveries === 0)
    return { kind: 'down', since: health.outageStartedAt };
  if (isUp(health.state) && told && health.outageStartedAt === null) return { kind: 'recovered' };
  // Still down by a check made after the system it needs came back (not by a state older than that).
  const checkedSinceParent = at.parentBackAt !== null && (health.lastCheckedAt ?? 0) > at.parentBackAt;
  if (health.state === 'down' && told?.under && checkedSinceParent && health.recoveries === 0)
    return { kind: 'uncovered', since: told.since };
  const reminderDue =
    at.reminderMinutes > 0 && told !== null && !told.under && at.now - told.lastToldAt >= at.reminderMinutes * 60_000;
  if (health.state === 'down' && reminderDue && !remembered.acknowledged) return { kind: 'reminder', since: told.since };
  return null;
}
