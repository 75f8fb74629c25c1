/**
 * The parts of the watch, built for the service: the monitor that checks both systems on the
 * settings' rules, the notification policy that decides what is told, re-checking a system
 * through the monitor before an outage is told, and the app's own requests as evidence beside them.
 */
import type { Translate } from '../../shared/i18n/translator.ts';
import type { TimeFormatter } from '../../shared/moments.ts';
import { createHealthMonitor } from './health-monitor.ts';
import { healthRules } from './health-rules.ts';
import type { HealthServiceOptions } from './health-service-types.ts';
import { createNotificationPolicy } from './notification-policy.ts';
import { createRefusals } from './refusals.ts';
import { publishedMaintenanceNow } from './published-view.ts';

export function createWatch(options: HealthServiceOptions, t: Translate, formatTime: TimeFormatter) {
  const { time } = options;
  const monitoring = () => options.preferences().monitoring;
  const monitor = createHealthMonitor({
    time,
    rules: () => healthRules(monitoring()),
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
    systemNames: () => options.environment().systemNames,
    settings: () => ({
      enabled: monitoring().notifications,
      reminderMinutes: monitoring().reminderMinutes,
      sound: monitoring().sound,
      quietHours: monitoring().quietHours,
      maintenance: monitoring().maintenance,
      dependsOn: monitoring().dependsOn,
      inPublishedMaintenance: publishedMaintenanceNow(options.statusPage?.state() ?? null, time.now()) !== null,
    }),
  });
  return { monitor, policy, refusals: createRefusals() };
}

export type Watch = ReturnType<typeof createWatch>;
