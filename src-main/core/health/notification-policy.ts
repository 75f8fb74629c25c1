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
import { localMinutesOfDay, type TimeFormatter, type WeeklyWindow } from '../../shared/moments.ts';
import type { SystemNames } from '../../shared/domain/environments.ts';
import { createNoticeWriter, type HealthNotification } from './notice-writer.ts';
import type { HealthChange } from './health-machine.ts';
import type { HealthSnapshot } from './health-monitor.ts';
import { createDelivery } from './notification-delivery.ts';
import { dueAtTick, forgetEnded, forgotten, isQuiet, isUp, parentOf, type Memory } from './notification-memory.ts';
import { createOutageTelling } from './outage-telling.ts';
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
