/**
 * Fleet health: the workstation's few metrics, exported over OTLP/HTTP (JSON) to the company's
 * own OpenTelemetry Collector with the OpenTelemetry SDK, through the app's network. Gauges of the
 * present only — health and latency per system, punches waiting and the age of the oldest, punches
 * stopped by kind — with the app's version on the resource and the environment's name on each
 * point; the workstation's name and the employee id only where IT allows each. A fixed, small set of series (bounded memory); a collector
 * that is down is backed off (backoff-exporter.ts).
 */
import { hostname } from 'node:os';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { MeterProvider, PeriodicExportingMetricReader } from '@opentelemetry/sdk-metrics';
import type { HealthLine } from '../../shared/ipc/contract.ts';
import type { Preferences } from '../../shared/settings-schema.ts';
import type { Punch } from '../clock/outbox.ts';
import { systemTime, type TimeSource } from '../util/time-source.ts';
import { withBackoff } from './backoff-exporter.ts';
import { fetchMetricExporter } from './fetch-exporter.ts';
import { liveSecrets } from '../security/live-secrets.ts';
import { metricsUrl } from './otlp-url.ts';

export type FleetPreferences = Preferences['fleet'];

/** What the metrics are read from, at each export. */
export interface FleetSources {
  version: string;
  environmentName(): string;
  employeeId(): string;
  healthLines(): HealthLine[];
  punches(): Punch[];
}

export interface FleetMetrics {
  /** Exports now (tests, and before the app quits). */
  flush(): Promise<void>;
  stop(): Promise<void>;
}

export function startFleetMetrics(
  preferences: FleetPreferences,
  sources: FleetSources,
  options: {
    time?: TimeSource;
    log: { info(line: string): void; warn(line: string): void };
    /** The app's network (the system's proxy and certificates); Node's fetch where none is given. */
    fetch?: typeof globalThis.fetch;
    workstation?: string;
  },
): FleetMetrics {
  const url = metricsUrl(preferences.endpoint)!;
  const intervalMs = preferences.intervalSeconds * 1000;
  const header = preferences.headerName.trim();
  const exporter = withBackoff(
    fetchMetricExporter(url, options.fetch ?? globalThis.fetch, header === '' ? {} : { [header]: preferences.headerValue }),
    {
      time: options.time ?? systemTime,
      baseMs: intervalMs,
      onChange: (failing, detail) =>
        failing
          ? options.log.warn(`Fleet health: the collector at ${url} did not take the metrics (${detail}).`)
          : options.log.info(`Fleet health: ${detail}.`),
    },
  );
  const reader = new PeriodicExportingMetricReader({
    exporter,
    exportIntervalMillis: intervalMs,
    exportTimeoutMillis: Math.min(intervalMs, 15_000),
  });
  const provider = new MeterProvider({
    resource: resourceFromAttributes({
      'service.name': 'timeclock-tray',
      'service.version': sources.version,
      // A workstation's name often names its user (WS-JSMITH-LAPTOP): only where IT allows it.
      ...(preferences.includeWorkstation ? { 'host.name': options.workstation ?? hostname() } : {}),
    }),
    readers: [reader],
  });
  observe(provider, preferences, sources, options.time ?? systemTime);
  // The collector's credential is redacted from the log and dialogs while it is in use.
  if (preferences.headerValue !== '') liveSecrets.add(preferences.headerValue);
  return {
    flush: () => provider.forceFlush(),
    async stop() {
      await provider.shutdown();
      if (preferences.headerValue !== '') liveSecrets.remove(preferences.headerValue);
    },
  };
}

function observe(provider: MeterProvider, preferences: FleetPreferences, sources: FleetSources, time: TimeSource): void {
  const meter = provider.getMeter('timeclock-tray');
  const up = meter.createObservableGauge('timeclock.health.up', {
    description: '1 while a system answers, 0 while it is down; absent while unknown',
  });
  const latency = meter.createObservableGauge('timeclock.health.latency', {
    unit: 'ms',
    description: 'The last health check’s answer time',
  });
  const waiting = meter.createObservableGauge('timeclock.outbox.waiting', { description: 'Punches waiting to be sent' });
  const oldest = meter.createObservableGauge('timeclock.outbox.oldest_age', {
    unit: 's',
    description: 'Age of the oldest punch waiting',
  });
  const stopped = meter.createObservableGauge('timeclock.sync.stopped', {
    description: 'Punches the app stopped sending, by kind',
  });
  meter.addBatchObservableCallback(
    (result) => {
      const common = {
        'timeclock.environment': sources.environmentName(),
        ...(preferences.includeEmployee ? { 'timeclock.employee': sources.employeeId() } : {}),
      };
      for (const line of sources.healthLines()) {
        const system = { ...common, 'timeclock.system': line.system };
        if (line.state === 'up' || line.state === 'degraded') result.observe(up, 1, system);
        else if (line.state === 'down') result.observe(up, 0, system);
        if (line.latencyMs !== null) result.observe(latency, line.latencyMs, system);
      }
      const punches = sources.punches();
      result.observe(waiting, punches.length, common);
      const times = punches.map((punch) => Date.parse(punch.at)).filter(Number.isFinite);
      result.observe(oldest, times.length ? Math.max(0, Math.round((time.now() - Math.min(...times)) / 1000)) : 0, common);
      for (const kind of ['refused', 'configuration', 'unconfirmed', 'gave-up'] as const)
        result.observe(stopped, punches.filter((punch) => punch.stopped?.kind === kind).length, {
          ...common,
          'timeclock.kind': kind,
        });
    },
    [up, latency, waiting, oldest, stopped],
  );
}
