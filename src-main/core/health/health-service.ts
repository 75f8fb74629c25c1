/**
 * The health watch as the app uses it: the monitor of both systems, the notification policy and
 * the history, per environment, with the views the tray and windows show.
 *
 * The parts, each deciding one thing: health-watch.ts (the monitor and the policy), health-keeping.ts
 * (the history, fed and saved), health-ticker.ts (when held notifications and reminders are looked
 * at), health-service-views.ts (what is shown). This file puts them together and lists the API.
 */
import type { HealthSystem } from '../../shared/api/types.ts';
import { HEALTH_SYSTEMS } from '../../shared/domain/health.ts';
import type { Translate } from '../../shared/i18n/translator.ts';
import { english } from '../../shared/i18n/catalogues.ts';
import { localTimeAt } from '../../shared/moments.ts';
import { createEmitter } from '../util/emitter.ts';
import { createHistoryKeeping, recordWatch, type HistoryKeeping } from './health-keeping.ts';
import type { HealthService, HealthServiceOptions } from './health-service-types.ts';
import { healthViews } from './health-service-views.ts';
import { createHealthTicker } from './health-ticker.ts';
import { worstTone } from './health-view.ts';
import { createWatch, type Watch } from './health-watch.ts';
import { followStatusPage } from './health-published.ts';
import type { RequestFailure } from './refusals.ts';
import type { StatusPageWatch } from './status-page-watch.ts';
import { outagesCsv } from './outage-view.ts';
import { checksCsv } from './checks-view.ts';
import { targetOf } from './uptime-target.ts';

export function createHealthService(options: HealthServiceOptions): HealthService {
  const { time } = options;
  const formatTime = options.formatTime ?? localTimeAt(() => time.now());
  const t = options.t ?? english.t;
  const updates = createEmitter<{ update: undefined }>();
  const updated = () => updates.emit('update', undefined);
  const watch = createWatch(options, t, formatTime);
  const { monitor, policy } = watch;
  const keeping = createHistoryKeeping(options);
  recordWatch(watch, keeping, () => time.now());
  const ticker = createHealthTicker(options, watch, keeping, { t, updated });
  monitor.onCheck(updated);
  monitor.onChange((system, change, snapshot) => {
    policy.onChange(system, change, snapshot);
    policy.refusing(system, watch.refusals.current(system), snapshot);
    policy.tick(snapshot);
    ticker.soonIfWaiting();
  });
  if (options.statusPage) followStatusPage(options.statusPage, policy, updated);
  const views = healthViews(options, watch, keeping, { t, formatTime });
  return {
    ...running(watch, keeping, ticker, { updated, now: () => time.now(), statusPage: options.statusPage }),
    ...views,
    snapshot: () => monitor.snapshot(),
    badge: () => worstTone(views.lines().map((line) => line.tone)),
    async checkNow() {
      void options.statusPage?.readNow(); // read again too, never waited on
      await monitor.checkNow();
      return views.lines();
    },
    ...outageActions(options, watch, keeping, { t, updated }),
    onUpdate: (listener) => updates.on('update', listener),
    onNotification: (listener) => policy.onNotify(listener),
  };
}

/** Start and stop, and what a wake-up, a switch, new credentials, a pause or the app's own request start. */
function running(
  { monitor, policy, refusals }: Watch,
  keeping: HistoryKeeping,
  ticker: ReturnType<typeof createHealthTicker>,
  { updated, now, statusPage }: { updated: () => void; now: () => number; statusPage?: StatusPageWatch },
) {
  return {
    start() {
      monitor.start();
      ticker.start();
      statusPage?.start();
    },
    stop() {
      monitor.stop();
      ticker.stop();
      statusPage?.stop();
    },
    /** The network back, resume, unlock: causes a whole fleet shares, so the re-check is spread. */
    reset() {
      monitor.reset(true);
      updated();
    },
    environmentChanged() {
      keeping.switchEnvironment();
      refusals.clear();
      policy.reset();
      monitor.reset();
      updated();
    },
    credentialsChanged() {
      refusals.clear();
      policy.credentialsChanged();
      monitor.reset();
      updated();
    },
    pauseNotifications(until: number | null) {
      policy.pauseUntil(until);
      updated();
    },
    notificationsPausedUntil: () => policy.pausedUntil(),
    requestSettled(system: HealthSystem, failure: RequestFailure) {
      if (!refusals.settled(system, failure, now())) return;
      policy.refusing(system, refusals.current(system), monitor.snapshot());
      updated();
    },
    async flush() {
      await monitor.settled();
      keeping.save();
    },
  };
}

/** "I know" and "Remind me again" for the outages going on, and the outages of 30 days as CSV. */
function outageActions(
  options: HealthServiceOptions,
  { monitor, policy }: Watch,
  keeping: HistoryKeeping,
  { t, updated }: { t: Translate; updated: () => void },
) {
  return {
    acknowledge(note: string, systems = HEALTH_SYSTEMS) {
      const down = systems.filter((system) => monitor.snapshot()[system].state === 'down');
      const by = options.userName?.() ?? '';
      for (const system of down) {
        policy.acknowledge(system);
        keeping.history().outages.acknowledge(system, { at: options.time.now(), note: note.trim().slice(0, 200), by });
      }
      if (down.length > 0) updated();
      return down.length > 0;
    },
    remindAgain(system: HealthSystem) {
      policy.remindAgain(system);
      if (keeping.history().outages.acknowledge(system, null)) updated();
    },
    checksCsv: () => checksCsv(keeping.history(), { t, locale: options.formats?.(), names: options.environment().systemNames }),
    outagesCsv: () =>
      outagesCsv(keeping.history().outages, options.time.now(), {
        t,
        locale: options.formats?.(),
        names: options.environment().systemNames,
        targets: (system) => targetOf(options.preferences().monitoring.uptimeTarget[system]),
      }),
  };
}
