/**
 * The health watch as the app uses it: the monitor of both systems, the notification policy and
 * the history, per environment, with the views the tray and windows show.
 */
import { HEALTH_SYSTEMS } from '../../shared/domain/health.ts';
import type { SystemNames } from '../../shared/domain/environments.ts';
import type { HealthSystem } from '../../shared/api/types.ts';
import type { HealthLine, HealthStatusView } from '../../shared/ipc/contract.ts';
import type { Preferences } from '../../shared/settings-schema.ts';
import type { TimeSource } from '../util/time-source.ts';
import { createEmitter } from '../util/emitter.ts';
import type { TextFile } from '../util/text-file.ts';
import { localTimeAt, weeklyWindowEnd, type TimeFormatter } from '../../shared/moments.ts';
import { createHealthHistory, type HealthHistory } from './health-history.ts';
import { createHealthMonitor, type HealthSnapshot } from './health-monitor.ts';
import { healthRules } from './health-rules.ts';
import { healthLine, healthSummary, iso, trayBadge } from './health-view.ts';
import { statusSystemsAndLog } from './health-status-view.ts';
import { english } from '../../shared/i18n/catalogues.ts';
import type { Translate } from '../../shared/i18n/translator.ts';
import { createNotificationPolicy } from './notification-policy.ts';
import type { HealthNotification } from './notice-writer.ts';
import type { Probe } from './health-types.ts';
import type { HealthBadge } from '../../shared/domain/health.ts';
import { createMaintenanceNotice, maintenanceAround, occurrenceText, whatOf } from './maintenance.ts';
import { outagesCsv } from './outage-view.ts';

export interface HealthServiceOptions {
  time: TimeSource;
  preferences: () => Preferences;
  environment: () => { id: string; name: string; systemNames?: SystemNames };
  probe: (system: HealthSystem, signal: AbortSignal) => Promise<Probe>;
  /** The active environment's punch that waits here, unsent (its label): said in an outage's notification. */
  waitingPunch?: () => string | null;
  isOnline?: () => boolean;
  /** Whether anything of the environment answers at all (see the monitor). */
  reachable?: (signal: AbortSignal) => Promise<boolean>;
  random?: () => number;
  formatTime?: TimeFormatter;
  /** The words of the user's language, as they are at each use (English when not given). */
  t?: Translate;
  /** Minutes since local midnight (quiet hours); the machine's time zone by default. */
  localMinutes?: (ms: number) => number;
  /** Where the app logs (a history that could not be read whole is said there). */
  log?: { warn(line: string): void };
  /** Where an environment's history is kept between runs. */
  historyFile?: (environmentId: string) => TextFile;
  /** The account on this computer, named beside an acknowledgement ("I know"). */
  userName?: () => string;
  /** The formatting locale of the user's language (the computer's when not given). */
  formats?: () => string;
}

export interface HealthService {
  start(): void;
  stop(): void;
  checkNow(): Promise<HealthLine[]>;
  /** Sleep, unlock, network back: what we knew is stale. */
  reset(): void;
  environmentChanged(): void;
  credentialsChanged(): void;
  pauseNotifications(until: number | null): void;
  notificationsPausedUntil(): number | null;
  snapshot(): HealthSnapshot;
  lines(): HealthLine[];
  badge(): HealthBadge;
  summary(): string;
  status(): HealthStatusView;
  /** "I know — don't remind me until it's back" for the outages going on (of `systems`, or all); false when none. */
  acknowledge(note: string, systems?: readonly HealthSystem[]): boolean;
  /** Takes an "I know" back: the outage going on is reminded of again. */
  remindAgain(system: HealthSystem): void;
  /** The outages of the last 30 days as CSV. */
  outagesCsv(): string;
  /** Anything shown changed (a check, a state, a pause). */
  onUpdate(listener: () => void): () => void;
  onNotification(listener: (notification: HealthNotification) => void): () => void;
  /** Settles in-flight checks and saves the history (on quit, and in tests). */
  flush(): Promise<void>;
}

/** How often held and deferred notifications are looked at: a small delay on top of a confirmed change. */
const TICK_MS = 5_000;
/**
 * With nothing held or deferred, the reminders, a maintenance notice and the saving need no more
 * than this: fewer wake-ups of an idle session (fifty on a terminal server; issue 52, point 1).
 */
const IDLE_TICK_MS = 30_000;
const SAVE_EVERY_MS = 5 * 60_000;

// Over 80 lines on purpose: the watch of both systems wired to its monitor, policy and history, one
// short function each (the longest 21 lines).
export function createHealthService(options: HealthServiceOptions): HealthService {
  const { time } = options;
  const names = () => options.environment().systemNames;
  const formatTime = options.formatTime ?? localTimeAt(() => time.now());
  const t = options.t ?? english.t;
  const updates = createEmitter<{ update: undefined }>();
  const monitor = createHealthMonitor({
    time,
    rules: () => healthRules(options.preferences().monitoring),
    probe: options.probe,
    isOnline: options.isOnline,
    reachable: options.reachable,
    random: options.random,
    t,
  });
  const policy = createNotificationPolicy({
    time,
    formatTime,
    t,
    localMinutes: options.localMinutes,
    recheck: (systems) => monitor.recheck(systems),
    waitingPunch: options.waitingPunch,
    environmentName: () => options.environment().name,
    systemNames: () => names(),
    settings: () => {
      const monitoring = options.preferences().monitoring;
      return {
        enabled: monitoring.notifications,
        reminderMinutes: monitoring.reminderMinutes,
        sound: monitoring.sound,
        quietHours: monitoring.quietHours,
        maintenance: monitoring.maintenance,
      };
    },
  });
  let environmentId = options.environment().id;
  const loadHistory = () =>
    createHealthHistory(options.historyFile?.(environmentId).read() ?? null, (count) =>
      options.log?.warn(
        `Health history of environment ${environmentId}: ${count} saved entries could not be used and were dropped.`,
      ),
    );
  let history: HealthHistory = loadHistory();
  let ticker: unknown = null;
  let lastSavedAt = time.now();

  const updated = () => updates.emit('update', undefined);
  const save = () => {
    lastSavedAt = time.now();
    options.historyFile?.(environmentId).write(history.serialize(time.now()));
  };

  monitor.onCheck((system, event) => {
    if (event.kind === 'ok') history.recordCheck(system, time.now(), event.latencyMs);
    else if (event.kind === 'fail') history.recordCheck(system, time.now(), null);
    const state = monitor.snapshot()[system];
    if (state.state !== 'unknown' && state.state !== 'offline')
      history.outages.checked(system, time.now(), state.state === 'down');
    if (state.state === 'down') history.outages.heard(system, state.message);
    updated();
  });
  monitor.onChange((system, change, snapshot) => {
    history.recordChange({ at: change.at, system, from: change.from, to: change.to, message: change.message });
    if (change.to === 'down') history.outages.began(system, change.outageStartedAt ?? change.at, change.message);
    else if (change.to === 'up' || change.to === 'degraded') history.outages.ended(system, change.at);
    policy.onChange(system, change, snapshot);
    policy.tick(snapshot);
    // A notification now held or deferred is looked at again within seconds, not at the idle pace.
    if (ticker !== null && policy.waiting()) scheduleTick(TICK_MS);
  });
  policy.onNotify((notification) => {
    for (const system of notification.systems) history.outages.told(system, notification.kind, notification.at);
  });
  const maintenanceNotice = createMaintenanceNotice();

  function tick(): void {
    policy.tick(monitor.snapshot());
    const monitoring = options.preferences().monitoring;
    const due = monitoring.maintenanceNotice ? maintenanceNotice(time.now(), monitoring.maintenance) : null;
    if (due) policy.announceMaintenance(due.start, occurrenceText(due, t, options.formats?.()));
    if (time.now() - lastSavedAt >= SAVE_EVERY_MS) save();
    updated();
    scheduleTick(policy.waiting() ? TICK_MS : IDLE_TICK_MS);
  }

  function scheduleTick(delayMs: number): void {
    if (ticker !== null) time.clearTimeout(ticker);
    ticker = time.setTimeout(tick, delayMs);
  }

  /** IT's window going on, in words: "until 02:00 · Payroll link · database upgrade"; null outside one. */
  const maintenanceNow = (): string | null => {
    const { current } = maintenanceAround(time.now(), options.preferences().monitoring.maintenance);
    if (!current) return null;
    return [t('health.maintenanceUntil', { time: formatTime(current.end) }), whatOf(current.window)]
      .filter((part) => part !== '')
      .join(' · ');
  };
  const lines = () => {
    const maintenance = maintenanceNow();
    return HEALTH_SYSTEMS.map((system) => ({
      ...healthLine(system, monitor.snapshot()[system], time.now(), formatTime, monitor.nextCheckAt(system), t, names()),
      maintenance,
    }));
  };
  /** The health summary, and the maintenance window while in one (the tray's tooltip says it). */
  const summary = () => {
    const words = healthSummary(monitor.snapshot(), time.now(), formatTime, t, names());
    const { current } = maintenanceAround(time.now(), options.preferences().monitoring.maintenance);
    return current ? `${words} · ${t('health.maintenanceUntil', { time: formatTime(current.end) })}` : words;
  };
  /** Slow by the trend since when (the state's start), when the system is slow by its answers. */
  const slowSince = (system: HealthSystem) => {
    const health = monitor.snapshot()[system];
    return health.state === 'degraded' && !health.reportedDegraded ? formatTime(health.since) : null;
  };

  return {
    start() {
      monitor.start();
      if (ticker === null) ticker = time.setTimeout(tick, TICK_MS);
    },
    stop() {
      monitor.stop();
      if (ticker !== null) time.clearTimeout(ticker);
      ticker = null;
    },
    async checkNow() {
      await monitor.checkNow();
      return lines();
    },
    /** The network back, resume, unlock: causes a whole fleet shares, so the re-check is spread. */
    reset() {
      monitor.reset(true);
      updated();
    },
    environmentChanged() {
      save();
      environmentId = options.environment().id;
      history = loadHistory();
      policy.reset();
      monitor.reset();
      updated();
    },
    credentialsChanged() {
      policy.credentialsChanged();
      monitor.reset();
      updated();
    },
    pauseNotifications(until) {
      policy.pauseUntil(until);
      updated();
    },
    notificationsPausedUntil: () => policy.pausedUntil(),
    snapshot: () => monitor.snapshot(),
    lines,
    badge: () => trayBadge(monitor.snapshot()),
    summary,
    status() {
      const now = time.now();
      const paused = policy.pausedUntil();
      const windows = options.preferences().monitoring.maintenance;
      const { current, next } = maintenanceAround(now, windows);
      const what = current && whatOf(current.window);
      return {
        environmentName: options.environment().name,
        notificationsPausedUntil: paused === null ? null : new Date(paused).toISOString(),
        maintenanceUntil: iso(weeklyWindowEnd(now, windows)),
        maintenanceNow: what || null,
        maintenanceNext: next && occurrenceText(next, t, options.formats?.()),
        summary: summary(),
        ...statusSystemsAndLog({
          history,
          lines: lines(),
          now,
          slowMs: options.preferences().monitoring.latencyThresholdMs,
          t,
          names: names(),
          locale: options.formats?.(),
          formatTime,
          slowSince,
          lineState: (system) => monitor.snapshot()[system].state,
        }),
      };
    },
    acknowledge(note, systems = HEALTH_SYSTEMS) {
      const down = systems.filter((system) => monitor.snapshot()[system].state === 'down');
      const by = options.userName?.() ?? '';
      for (const system of down) {
        policy.acknowledge(system);
        history.outages.acknowledge(system, { at: time.now(), note: note.trim().slice(0, 200), by });
      }
      if (down.length > 0) updated();
      return down.length > 0;
    },
    remindAgain(system) {
      policy.remindAgain(system);
      if (history.outages.acknowledge(system, null)) updated();
    },
    outagesCsv: () => outagesCsv(history.outages, time.now(), { t, locale: options.formats?.(), names: names() }),
    onUpdate: (listener) => updates.on('update', listener),
    onNotification: (listener) => policy.onNotify(listener),
    async flush() {
      await monitor.settled();
      save();
    },
  };
}
