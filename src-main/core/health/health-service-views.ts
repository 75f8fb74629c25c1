/**
 * What the watch shows: a line per system for the tray and the panel (with IT's maintenance window
 * while in one), the tooltip's summary, and the status window's whole view.
 */
import type { HealthSystem } from '../../shared/api/types.ts';
import { HEALTH_SYSTEMS } from '../../shared/domain/health.ts';
import type { Translate } from '../../shared/i18n/translator.ts';
import type { HealthLine, HealthStatusView } from '../../shared/ipc/contract.ts';
import { weeklyWindowEnd, type TimeFormatter } from '../../shared/moments.ts';
import type { HistoryKeeping } from './health-keeping.ts';
import type { HealthServiceOptions } from './health-service-types.ts';
import { statusSystemsAndLog } from './health-status-view.ts';
import { healthLine, healthSummary, iso, withRefusal } from './health-view.ts';
import type { Watch } from './health-watch.ts';
import { maintenanceAround, occurrenceText, whatOf } from './maintenance.ts';
import { targetOf } from './uptime-target.ts';
import { publishedMaintenanceNow, publishedView } from './published-view.ts';

export function healthViews(
  options: HealthServiceOptions,
  { monitor, policy, refusals }: Watch,
  keeping: HistoryKeeping,
  { t, formatTime }: { t: Translate; formatTime: TimeFormatter },
) {
  const { time } = options;
  const names = () => options.environment().systemNames;
  const windows = () => options.preferences().monitoring.maintenance;

  /** IT's window going on, in words: "until 02:00 · Payroll link · database upgrade"; null outside one. */
  const maintenanceNow = (): string | null => {
    const { current } = maintenanceAround(time.now(), windows());
    if (!current) return publishedMaintenanceText(options, { t, formatTime });
    return [t('health.maintenanceUntil', { time: formatTime(current.end) }), whatOf(current.window)]
      .filter((part) => part !== '')
      .join(' · ');
  };
  const lines = (): HealthLine[] => {
    const maintenance = maintenanceNow();
    return HEALTH_SYSTEMS.map((system) => {
      const line = healthLine(
        system,
        monitor.snapshot()[system],
        time.now(),
        formatTime,
        monitor.nextCheckAt(system),
        t,
        names(),
      );
      return { ...withRefusal(line, refusals.current(system), formatTime, t), maintenance };
    });
  };
  /** The health summary, and the maintenance window while in one (the tray's tooltip says it). */
  const summary = (): string => {
    const words = healthSummary(monitor.snapshot(), time.now(), formatTime, t, names(), (system) => refusals.current(system));
    const { current } = maintenanceAround(time.now(), windows());
    return current ? `${words} · ${t('health.maintenanceUntil', { time: formatTime(current.end) })}` : words;
  };
  /** Slow by the trend since when (the state's start), when the system is slow by its answers. */
  const slowSince = (system: HealthSystem) => {
    const health = monitor.snapshot()[system];
    return health.state === 'degraded' && !health.reportedDegraded ? formatTime(health.since) : null;
  };
  const status = (): HealthStatusView => {
    const now = time.now();
    const paused = policy.pausedUntil();
    const { current, next } = maintenanceAround(now, windows());
    const what = current && whatOf(current.window);
    return {
      environmentName: options.environment().name,
      notificationsPausedUntil: paused === null ? null : new Date(paused).toISOString(),
      maintenanceUntil: iso(weeklyWindowEnd(now, windows())),
      maintenanceNow: what || null,
      maintenanceNext: next && occurrenceText(next, t, options.formats?.()),
      published: publishedView(options.statusPage?.state() ?? null, now, { t, formatTime }),
      summary: summary(),
      ...statusSystemsAndLog({
        history: keeping.history(),
        lines: lines(),
        now,
        slowMs: options.preferences().monitoring.latencyThresholdMs,
        t,
        names: names(),
        locale: options.formats?.(),
        formatTime,
        slowSince,
        lineState: (system) => monitor.snapshot()[system].state,
        target: (system) => targetOf(options.preferences().monitoring.uptimeTarget[system]),
      }),
    };
  };
  return { lines, summary, status };
}

/** A maintenance the status page publishes as under way: "maintenance until 02:00 · Payroll database"; null if none. */
function publishedMaintenanceText(
  options: HealthServiceOptions,
  { t, formatTime }: { t: Translate; formatTime: TimeFormatter },
): string | null {
  const published = publishedMaintenanceNow(options.statusPage?.state() ?? null, options.time.now());
  if (!published) return null;
  const until = published.end === null ? [] : [t('health.maintenanceUntil', { time: formatTime(published.end) })];
  return [...until, published.title].join(' · ');
}
