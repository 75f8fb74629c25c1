/**
 * The notification policy's words: IT's and the user's settings it reads, what it is built from,
 * what it offers the health service, and the state its parts share. A module of its own, so that
 * the policy and its parts (notification-delivery.ts, outage-telling.ts, notification-memory.ts)
 * depend on it and not on each other.
 */
import type { HealthSystem } from '../../shared/api/types.ts';
import type { SystemNames } from '../../shared/domain/environments.ts';
import type { Translate } from '../../shared/i18n/translator.ts';
import type { TimeFormatter, WeeklyWindow } from '../../shared/moments.ts';
import type { TimeSource } from '../util/time-source.ts';
import type { HealthChange } from './health-machine.ts';
import type { HealthSnapshot } from './health-monitor.ts';
import type { HealthNotification } from './notice-writer.ts';

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

/** What the policy's parts share: what it remembers per system, and what waits. */
export interface PolicyState {
  memory: Record<HealthSystem, Memory>;
  authNotified: boolean;
  paused: number | null;
  /** A down notification waiting up to 30 s for the other system to go down too. */
  held: { notification: HealthNotification; until: number } | null;
  /** Systems whose "down" waits for its re-check (nothing else about them is told meanwhile). */
  rechecking: Set<HealthSystem>;
}

/** What the policy remembers of one system. */
export interface Memory {
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
