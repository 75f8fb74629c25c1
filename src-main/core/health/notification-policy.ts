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
import type { TimeSource } from '../util/time-source.ts';
import { createEmitter } from '../util/emitter.ts';
import {
  insideDailyWindow,
  localMinutesOfDay,
  weeklyWindowEnd,
  type TimeFormatter,
  type WeeklyWindow,
} from '../../shared/moments.ts';
import type { SystemNames } from '../../shared/domain/environments.ts';
import { createNoticeWriter, type HealthNotification, type NotificationKind } from './notice-writer.ts';
import type { HealthChange } from './health-machine.ts';
import type { SystemState } from '../../shared/domain/health.ts';
import type { HealthSnapshot } from './health-monitor.ts';
import { HEALTH_SYSTEMS } from '../../shared/domain/health.ts';
import type { Translate } from '../../shared/i18n/translator.ts';

export interface NotificationSettings {
  enabled: boolean;
  reminderMinutes: number;
  sound: boolean;
  quietHours: { enabled: boolean; start: string; end: string };
  /** IT's maintenance windows: nothing is told inside one; an outage still going on after it is told then. */
  maintenance?: readonly WeeklyWindow[];
  /** A maintenance the status page IT runs publishes is under way: told as IT's own windows are. */
  inPublishedMaintenance?: boolean;
  /** IT's word that one system needs the other: its outage is not told apart while the one it needs is down. */
  dependsOn?: 'none' | 'target-on-source' | 'source-on-target';
}

export interface NotificationPolicyOptions {
  time: TimeSource;
  settings: () => NotificationSettings;
  environmentName: () => string;
  /** The environment's own names for the systems, if it has them. */
  systemNames?: () => SystemNames | undefined;
  formatTime: TimeFormatter;
  /** The user's language, read at each notification. */
  t: Translate;
  localMinutes?: (ms: number) => number;
  /**
   * Checks the systems again right before a "down" is told; the snapshot after. A system back by
   * then is not told down, nor later recovered: the user never saw the failure. Absent: told at once.
   */
  recheck?: (systems: readonly HealthSystem[]) => Promise<HealthSnapshot>;
  /**
   * The punch of the active environment that waits on this computer because it could not be sent
   * (its label, "Clock-in at 08:02"), if one does: an outage's notification says so only then.
   */
  waitingPunch?: () => string | null;
}

export interface NotificationPolicy {
  onChange(system: HealthSystem, change: HealthChange, snapshot: HealthSnapshot): void;
  /** Call regularly (and after changes): reminders, held and deferred notifications. */
  tick(snapshot: HealthSnapshot): void;
  pauseUntil(until: number | null): void;
  pausedUntil(): number | null;
  /** Something waits to be told within seconds (a held, deferred or re-checked notification): tick often. */
  waiting(): boolean;
  /** A new environment: forget everything said. */
  reset(): void;
  /** New credentials: refused credentials may be told again. */
  credentialsChanged(): void;
  /** "I know — don't remind me until it's back": no reminders of this system's outage; its recovery is still notified. */
  acknowledge(system: HealthSystem): void;
  /** An "I know" taken back: reminders of the outage going on resume. */
  remindAgain(system: HealthSystem): void;
  acknowledged(system: HealthSystem): boolean;
  /** The app's own requests to a system fail while its health says up (null: no longer): told once per run. */
  refusing(system: HealthSystem, refusal: { since: number; cause: string } | null, snapshot: HealthSnapshot): void;
  /** IT's maintenance window ahead (`what`: when, what and why): told unless notifications are off, paused or in quiet hours. */
  announceMaintenance(start: number, what: string): void;
  /** An incident the status page publishes, told once by the caller: unless notifications are off, paused or in quiet hours. */
  announcePublished(title: string, latest: string | null, page: string): void;
  onNotify(listener: (notification: HealthNotification) => void): () => void;
}

const COMBINE_WINDOW_MS = 30_000;
/** Reminders at most this often per system; outages, recoveries and instability are never held back by it. */
const MIN_GAP_MS = 5 * 60_000;
/** Kinds that are told at once, whatever was told just before: a confirmed outage is always told. */
const NEVER_DEFERRED: ReadonlySet<NotificationKind> = new Set(['auth', 'down', 'recovered', 'unstable']);
/** What an employee most needs to know when the service is down. */
const isUp = (state: SystemState) => state === 'up' || state === 'degraded';

interface Memory {
  /**
   * The notified outage: when it began, and when we last told the user about it. `under`: not told
   * apart, because the system it needs was down (its recovery is told all the same).
   */
  downNotified: { since: number; lastToldAt: number; under?: HealthSystem } | null;
  lastSentAt: number | null;
  deferred: HealthNotification | null;
  unstableNotified: boolean;
  /** The user knows of this outage: no reminders until it ends. */
  acknowledged: boolean;
  /** The run of refused requests the user was told of (its start); null when none goes on. */
  refusingSince: number | null;
}

/** What the policy remembers of a system before anything was told. */
const forgotten = (): Memory => ({
  downNotified: null,
  lastSentAt: null,
  deferred: null,
  unstableNotified: false,
  acknowledged: false,
  refusingSince: null,
});

/** Whether what a notification says is still so in this snapshot (a held, deferred or re-checked one is told only then). */
function stillTrue(notification: HealthNotification, snapshot: HealthSnapshot, memory: Record<HealthSystem, Memory>): boolean {
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
function isSilenced(
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
function isQuiet(
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
function remember(memory: Record<HealthSystem, Memory>, notification: HealthNotification, now: number): void {
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
type Due =
  | { kind: 'deferred'; notification: HealthNotification }
  | { kind: 'down'; since: number }
  /** A dependent still down after the system it needs came back: its own outage now. */
  | { kind: 'uncovered'; since: number }
  | { kind: 'recovered' }
  | { kind: 'reminder'; since: number }
  | null;

/** Forgets what ended: instability that settled, an acknowledgement whose outage ended untold (as a told one's does, remember()). */
function forgetEnded(remembered: Memory, health: HealthSnapshot[HealthSystem]): void {
  if (remembered.unstableNotified && !health.unstable) remembered.unstableNotified = false;
  if (remembered.acknowledged && isUp(health.state) && health.outageStartedAt === null && !remembered.downNotified)
    remembered.acknowledged = false;
}

/**
 * A deferred notification whose gap has passed; an outage that began while silenced (told now); a
 * dependent's outage whose parent is back; a recovery not yet told; a reminder of an outage not
 * acknowledged (nor told under its parent's), when its time has come.
 */
function dueAtTick(
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

// Over 80 lines on purpose: the policy's memory (what was told, held, deferred, re-checked) shared
// by small named functions, the longest deliver at 20 lines; what needs none of it is above.
export function createNotificationPolicy(options: NotificationPolicyOptions): NotificationPolicy {
  const { time } = options;
  const localMinutes = options.localMinutes ?? localMinutesOfDay;
  const notify = createEmitter<{ notification: HealthNotification }>();
  const fresh = (): Record<HealthSystem, Memory> => ({ source: forgotten(), target: forgotten() });
  let memory = fresh();
  let authNotified = false;
  let paused: number | null = null;
  /** A down notification waiting up to 30 s for the other system to go down too. */
  let held: { notification: HealthNotification; until: number } | null = null;
  /** Systems whose "down" waits for its re-check (nothing else about them is told meanwhile). */
  const rechecking = new Set<HealthSystem>();

  const write = createNoticeWriter(options);

  const silenced = (now: number) => isSilenced(options.settings(), paused, now, localMinutes);

  /** Sends now, defers (rate limit) or drops (silenced); a "down" only after its re-check still finds it down. */
  function deliver(notification: HealthNotification): void {
    const now = time.now();
    if (silenced(now) || notification.systems.some((system) => rechecking.has(system))) return;
    if (
      !NEVER_DEFERRED.has(notification.kind) &&
      notification.systems.some((system) => memory[system].lastSentAt !== null && now - memory[system].lastSentAt! < MIN_GAP_MS)
    ) {
      for (const system of notification.systems) memory[system].deferred = notification;
      return;
    }
    if (notification.kind !== 'down' || !options.recheck) return send(notification);
    for (const system of notification.systems) rechecking.add(system);
    void options
      .recheck(notification.systems)
      .catch(() => null) // a re-check that could not run: tell, as without one
      .then((snapshot) => {
        for (const system of notification.systems) rechecking.delete(system);
        if ((snapshot === null || stillTrue(notification, snapshot, memory)) && !silenced(time.now()))
          send({ ...notification, at: time.now() });
      });
  }

  /** Tells the user, and remembers what they were told. */
  function send(notification: HealthNotification): void {
    remember(memory, notification, time.now());
    notify.emit('notification', notification);
  }

  function onDown(system: HealthSystem, since: number, snapshot: HealthSnapshot): void {
    if (memory[system].downNotified) return; // the same outage, already told
    const other = HEALTH_SYSTEMS.find((candidate) => candidate !== system)!;
    if (held && held.notification.systems.includes(other)) {
      const combined = write.down([...HEALTH_SYSTEMS], Math.min(held.notification.since ?? since, since), snapshot);
      held = null;
      return deliver(combined);
    }
    const parent = parentOf(system, options.settings().dependsOn);
    if (parent && snapshot[parent].state === 'down') {
      // Explained by the system it needs, whose outage is (or will be) told: not told apart.
      memory[system].downNotified = { since, lastToldAt: time.now(), under: parent };
      return;
    }
    const notification = write.down([system], since, snapshot);
    if (snapshot[other].state === 'suspect') held = { notification, until: time.now() + COMBINE_WINDOW_MS };
    else deliver(notification);
  }

  function onRecovered(system: HealthSystem): void {
    if (held?.notification.systems.includes(system)) {
      held = null; // recovered before anyone was told: nothing to say
      return;
    }
    const told = memory[system].downNotified;
    if (!told) return;
    deliver(write.recovered(system, told.since));
  }

  /** A held "down" goes out once its 30 s are up or a system of it is no longer down, if still so. */
  function releaseHeld(snapshot: HealthSnapshot, now: number): void {
    if (!held || (now < held.until && held.notification.systems.every((system) => snapshot[system].state === 'down'))) return;
    const { notification } = held;
    held = null;
    if (stillTrue(notification, snapshot, memory)) deliver(notification);
  }

  function tell(system: HealthSystem, due: NonNullable<Due>, snapshot: HealthSnapshot): void {
    if (due.kind === 'deferred') {
      memory[system].deferred = null;
      if (stillTrue(due.notification, snapshot, memory)) deliver(due.notification);
    } else if (due.kind === 'down') onDown(system, due.since, snapshot);
    else if (due.kind === 'uncovered') {
      memory[system].downNotified = null;
      onDown(system, due.since, snapshot);
    } else if (due.kind === 'recovered') onRecovered(system);
    else deliver(write.reminder(system, due.since, snapshot));
  }

  return {
    onChange(system, change, snapshot) {
      if (change.to === 'auth-error') {
        if (!authNotified) {
          authNotified = true;
          deliver(write.auth(system, change.message));
        }
        return;
      }
      if (change.from === 'auth-error') authNotified = false; // refused again later: tell again
      if (!change.confirmed) return;
      if (change.unstable && !memory[system].unstableNotified) {
        memory[system].unstableNotified = true;
        deliver(write.unstable(system));
      }
      // A confirmed outage is always told, unstable or not.
      if (change.to === 'down') onDown(system, change.outageStartedAt ?? change.at, snapshot);
      else if (isUp(change.to)) onRecovered(system);
    },
    tick(snapshot) {
      const now = time.now();
      releaseHeld(snapshot, now);
      const { reminderMinutes, dependsOn } = options.settings();
      const at = { now, silenced: silenced(now), reminderMinutes };
      for (const system of HEALTH_SYSTEMS) {
        forgetEnded(memory[system], snapshot[system]);
        const parent = parentOf(system, dependsOn);
        const due = dueAtTick(memory[system], snapshot[system], {
          ...at,
          held: held?.notification.systems.includes(system) ?? false,
          parentBackAt: parent && isUp(snapshot[parent].state) ? snapshot[parent].since : null,
        });
        if (due) tell(system, due, snapshot);
      }
    },
    pauseUntil(until) {
      paused = until;
    },
    pausedUntil: () => (paused !== null && paused > time.now() ? paused : null),
    waiting: () => held !== null || rechecking.size > 0 || HEALTH_SYSTEMS.some((system) => memory[system].deferred !== null),
    reset() {
      memory = fresh();
      held = null;
      authNotified = false;
    },
    credentialsChanged() {
      authNotified = false;
    },
    acknowledge(system) {
      memory[system].acknowledged = true;
      memory[system].deferred = null; // a reminder waiting out the gap is not sent either
    },
    remindAgain(system) {
      memory[system].acknowledged = false;
    },
    acknowledged: (system) => memory[system].acknowledged,
    refusing(system, refusal, snapshot) {
      if (refusal === null || !isUp(snapshot[system].state)) {
        if (refusal === null) memory[system].refusingSince = null;
        return;
      }
      if (memory[system].refusingSince === refusal.since) return; // this run was told
      memory[system].refusingSince = refusal.since;
      deliver(write.refusing(system, refusal.since, refusal.cause));
    },
    announceMaintenance(start, what) {
      if (!isQuiet(options.settings(), paused, time.now(), localMinutes))
        notify.emit('notification', write.maintenance(start, what));
    },
    announcePublished(title, latest, page) {
      if (!isQuiet(options.settings(), paused, time.now(), localMinutes))
        notify.emit('notification', write.published(title, latest, page));
    },
    onNotify: (listener) => notify.on('notification', listener),
  };
}
