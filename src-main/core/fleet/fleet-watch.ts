/**
 * Fleet health follows its settings (usually a policy): started, restarted on a change, stopped when
 * turned off. OpenTelemetry's SDK (about 0.7 MB of code) is loaded only where it is on, not at every
 * start at login.
 */
import type { AppCore } from '../app-core.ts';
import type { Preferences } from '../../shared/settings-schema.ts';
import { systemTime, type TimeSource } from '../util/time-source.ts';
import { maskUrlCredentials } from '../../shared/it-url.ts';
import type { FleetMetrics, FleetSources } from './fleet-metrics.ts';
import type { AccessShipper, startAccessShipper } from './access-shipper.ts';
import { metricsUrl } from './otlp-url.ts';

/** What fleet health reads from the core. */
export function fleetSources(core: Pick<AppCore, 'info' | 'activeEnvironment' | 'health' | 'outbox'>): FleetSources {
  return {
    version: core.info().version,
    environmentName: () => core.info().environment.name,
    employeeId: () => core.activeEnvironment().employeeId,
    healthLines: () => core.health.lines(),
    punches: () => core.outbox.all(),
  };
}

export function followFleetSettings(options: {
  core: Pick<AppCore, 'info' | 'activeEnvironment' | 'health' | 'outbox' | 'settings' | 'networkFetch' | 'accessRecord'>;
  log: { info(line: string): void; warn(line: string): void };
  time?: TimeSource;
}): { stop(): Promise<void> } {
  const { core, log } = options;
  let running: FleetMetrics | null = null;
  let shipper: AccessShipper | null = null;
  let key = '';
  /** Counts the settings applied: an SDK that loads after a later change (or the stop) starts nothing. */
  let applied = 0;
  const stopRunning = () => {
    void running?.stop();
    running = null;
    shipper?.stop();
    shipper = null;
  };
  const apply = () => {
    const preferences = core.settings.preferences().fleet;
    const next = JSON.stringify(preferences);
    if (next === key) return;
    key = next;
    const turn = ++applied;
    stopRunning();
    if (!preferences.enabled) return;
    if (metricsUrl(preferences.endpoint) === null)
      return log.warn(
        `Fleet health is on, but its collector address "${maskUrlCredentials(preferences.endpoint)}" is not an https address; nothing is sent.`,
      );
    void Promise.all([import('./fleet-metrics.ts'), import('./access-shipper.ts')]).then(
      ([metrics, access]) => {
        if (turn !== applied) return;
        running = metrics.startFleetMetrics(preferences, fleetSources(core), {
          log,
          time: options.time,
          fetch: core.networkFetch(),
        });
        log.info(`Fleet health: metrics go to ${metricsUrl(preferences.endpoint)} every ${preferences.intervalSeconds} s.`);
        if (preferences.sendAccessRecord)
          shipper = shipAccessRecord(access.startAccessShipper, core, preferences, log, options.time);
      },
      (error: unknown) => log.warn(`Fleet health could not start: ${String(error)}`),
    );
  };
  apply();
  const unsubscribe = core.settings.onChange(apply);
  return {
    async stop() {
      unsubscribe();
      applied++;
      shipper?.stop();
      await running?.stop();
      running = null;
    },
  };
}

/** The lookup's access record to the same collector, as logs (access-shipper.ts). */
function shipAccessRecord(
  start: typeof startAccessShipper,
  core: Pick<AppCore, 'info' | 'networkFetch' | 'accessRecord'>,
  preferences: Preferences['fleet'],
  log: { info(line: string): void; warn(line: string): void },
  time: TimeSource = systemTime,
): AccessShipper {
  const { record, onWritten, sentCursor, namesOf } = core.accessRecord;
  return start({
    preferences,
    record,
    onWritten,
    cursorFile: sentCursor,
    namesOf,
    fetch: core.networkFetch(),
    time,
    version: core.info().version,
    log,
  });
}
