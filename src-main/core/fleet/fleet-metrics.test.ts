/**
 * Fleet health against a real OTLP/HTTP receiver (a server taking `POST /v1/metrics` as OTLP's
 * JSON encoding), fed by a real core on the mock: what arrives is decoded and asserted.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeClock } from '../../testing/fake-clock.ts';
import { startOtlpReceiver, type OtlpReceiver } from '../../testing/otlp-receiver.ts';
import { useMockServer } from '../../testing/mock-fixture.ts';
import { createTestCore } from '../../testing/test-core.ts';
import { startFleetMetrics, type FleetMetrics } from './fleet-metrics.ts';
import { metricsUrl } from './otlp-url.ts';
import { fleetSources } from './fleet-watch.ts';
import { defaultPreferences } from '../../shared/settings-schema.ts';
import { startConnectProxy } from '../../testing/corporate-network.ts';
import { liveSecrets, secretsToRedact } from '../security/live-secrets.ts';
import { redact } from '../security/redact.ts';

const fleetDefaults = defaultPreferences().fleet;

/** The workstation's clock, which the mock shares (its Date header agrees with it). */
const clock = createFakeClock(Date.parse('2026-11-23T08:00:00Z'));
const mock = useMockServer({ debtors: 5, now: () => clock.now() });
type Attribute = { key: string; value: { stringValue?: string; intValue?: string | number } };
type Point = { attributes?: Attribute[]; asDouble?: number; asInt?: string | number };
type Body = {
  resourceMetrics: Array<{
    resource: { attributes: Attribute[] };
    scopeMetrics: Array<{ metrics: Array<{ name: string; gauge?: { dataPoints: Point[] } }> }>;
  }>;
};
const attributes = (list: Attribute[] = []) =>
  Object.fromEntries(list.map(({ key, value }) => [key, value.stringValue ?? Number(value.intValue)]));

/** The metrics of one request: name → points (attributes and value). */
function decode(body: Body) {
  const metrics = body.resourceMetrics.flatMap((resource) => resource.scopeMetrics.flatMap((scope) => scope.metrics));
  return {
    resource: attributes(body.resourceMetrics[0]!.resource.attributes),
    points: Object.fromEntries(
      metrics.map((metric) => [
        metric.name,
        (metric.gauge?.dataPoints ?? []).map((point) => ({
          attributes: attributes(point.attributes),
          value: Number(point.asDouble ?? point.asInt),
        })),
      ]),
    ),
  };
}

const startReceiver = startOtlpReceiver;
/** The metrics requests a receiver took. */
const metricsOf = (receiver: OtlpReceiver) => receiver.bodies.metrics as Body[];

const running: Array<{ stop(): Promise<void> }> = [];
// Last started, first stopped: each fleet's final export reaches its receiver before it closes.
afterEach(async () => {
  for (const item of running.splice(0).reverse()) await item.stop();
});
const logged: string[] = [];
const log = { info: (line: string) => logged.push(line), warn: (line: string) => logged.push(line) };

async function workstationWithAWaitingPunch() {
  const core = createTestCore(mock.server, { time: clock, dataDir: mkdtempSync(join(tmpdir(), 'timeclock-fleet-')) });
  core.environments.save({ ...core.environments.get('mock')!.environment, employeeId: 'E1002' });
  await core.checkHealthNow();
  await core.clock.refresh();
  mock.server.control.setService('timeclock', { unavailable: true });
  try {
    await core.clock.toggle('tray');
  } finally {
    mock.server.control.setService('timeclock', { unavailable: false });
  }
  clock.jump(11 * 60_000);
  return { core, clock };
}

describe('fleet health', () => {
  it('sends health, the punches waiting and the oldest one’s age, stopped punches by kind, the version and environment; no employee unless allowed', async () => {
    const receiver = await startReceiver();
    running.push({ stop: receiver.close });
    const { core, clock } = await workstationWithAWaitingPunch();
    const start = (includeEmployee: boolean): FleetMetrics => {
      const fleet = startFleetMetrics(
        { ...fleetDefaults, enabled: true, endpoint: receiver.url, includeEmployee, includeWorkstation: includeEmployee },
        fleetSources(core),
        { time: clock, log, workstation: 'WS-JSMITH-LAPTOP' },
      );
      running.push(fleet);
      return fleet;
    };
    await start(false).flush();
    const { resource, points } = decode(metricsOf(receiver)[0]!);
    // No workstation name unless IT allows it: it often names the employee (issue 45, point 5).
    expect(resource).toEqual({ 'service.name': 'timeclock-tray', 'service.version': '0.1.0' });
    const environment = { 'timeclock.environment': core.info().environment.name };
    expect(points['timeclock.outbox.waiting']).toEqual([{ attributes: environment, value: 1 }]);
    expect(points['timeclock.outbox.oldest_age']).toEqual([{ attributes: environment, value: 660 }]);
    expect(points['timeclock.health.up']!.map((point) => [point.attributes['timeclock.system'], point.value]).sort()).toEqual([
      ['source', 1],
      ['target', 1],
    ]);
    expect(points['timeclock.health.latency']!.every((point) => point.value >= 0)).toBe(true);
    expect(points['timeclock.sync.stopped']!.map((point) => point.attributes['timeclock.kind']).sort()).toEqual([
      'configuration',
      'gave-up',
      'refused',
      'unconfirmed',
    ]);
    expect(JSON.stringify(metricsOf(receiver))).not.toContain('E1002');
    expect(JSON.stringify(metricsOf(receiver))).not.toContain('JSMITH');

    await start(true).flush();
    expect(decode(metricsOf(receiver)[1]!).points['timeclock.outbox.waiting']![0]!.attributes).toEqual({
      ...environment,
      'timeclock.employee': 'E1002',
    });
    expect(decode(metricsOf(receiver)[1]!).resource['host.name']).toBe('WS-JSMITH-LAPTOP');
  });

  it('backs off a collector that refuses, without queueing, and says when it takes metrics again', async () => {
    const receiver = await startReceiver();
    running.push({ stop: receiver.close });
    receiver.status = 400;
    const { core, clock } = await workstationWithAWaitingPunch();
    const fleet = startFleetMetrics({ ...fleetDefaults, enabled: true, endpoint: `${receiver.url}/` }, fleetSources(core), {
      time: clock,
      log,
    });
    running.push(fleet);
    await fleet.flush();
    expect(receiver.requests).toBe(1);
    await fleet.flush(); // within the back-off: the collector is not called
    expect(receiver.requests).toBe(1);
    expect(logged.some((line) => /Fleet health: the collector at .+\/v1\/metrics did not take the metrics/.test(line))).toBe(
      true,
    );
    clock.jump(60_000);
    await fleet.flush();
    expect(receiver.requests).toBe(2);
    receiver.status = 200;
    clock.jump(119_000);
    await fleet.flush();
    expect(receiver.requests).toBe(2); // the back-off doubled
    clock.jump(1_000);
    await fleet.flush();
    expect(metricsOf(receiver)).toHaveLength(1);
    expect(logged.at(-1)).toBe('Fleet health: sent again.');
  });

  it('goes through the system’s proxy like every request, with the collector’s header, and keeps that header out of the log', async () => {
    const receiver = await startReceiver();
    running.push({ stop: receiver.close });
    const proxy = await startConnectProxy({ forwardPlain: true });
    running.push({ stop: proxy.close });
    const core = createTestCore(mock.server, {
      time: clock,
      network: { route: { proxyFor: async () => proxy.url }, systemCa: false },
    });
    const fleet = startFleetMetrics(
      {
        ...fleetDefaults,
        enabled: true,
        endpoint: receiver.url,
        headerName: 'Authorization',
        headerValue: 'Bearer fleet-token-77',
      },
      fleetSources(core),
      { time: clock, log, fetch: core.networkFetch() },
    );
    running.push(fleet);
    await fleet.flush();
    expect(proxy.forwarded).toContain(`${receiver.url}/v1/metrics`);
    expect(receiver.headers.at(-1)?.authorization).toBe('Bearer fleet-token-77');
    expect(redact('sent Bearer fleet-token-77 as told', secretsToRedact(() => [])())).toBe('sent [redacted] as told');
    await fleet.stop();
    expect(liveSecrets.all()).not.toContain('Bearer fleet-token-77');
  });

  it('refuses a collector in clear beyond this computer, or with credentials in its address (issue 45, points 5 and 7)', () => {
    expect(metricsUrl('http://otel.example.com:4318')).toBeNull();
    expect(metricsUrl('https://user:secret@otel.example.com')).toBeNull();
    expect(metricsUrl('http://127.0.0.1:4318')).toBe('http://127.0.0.1:4318/v1/metrics');
  });

  it('reads the collector address IT gives', () => {
    expect(metricsUrl('https://otel.example.com:4318')).toBe('https://otel.example.com:4318/v1/metrics');
    expect(metricsUrl('https://otel.example.com/otlp/')).toBe('https://otel.example.com/otlp/v1/metrics');
    expect(metricsUrl('https://otel.example.com/v1/metrics')).toBe('https://otel.example.com/v1/metrics');
    expect(metricsUrl('otel.example.com:4318')).toBeNull();
    expect(metricsUrl('')).toBeNull();
  });
});
