/**
 * OTLP/HTTP (JSON) to the collector through the app's own network (core/api/network.ts): the
 * system's proxy for that address, the operating system's certificates, certificate checks pinned
 * on — the same route as every other request, where the SDK's own exporter would go direct with
 * Node's agent. OpenTelemetry's serializer writes the body; an optional header of IT's carries the
 * collector's credentials.
 */
import { ExportResultCode } from '@opentelemetry/core';
import { JsonMetricsSerializer } from '@opentelemetry/otlp-transformer';
import type { PushMetricExporter } from '@opentelemetry/sdk-metrics';

export function fetchMetricExporter(
  url: string,
  fetch: typeof globalThis.fetch,
  headers: Record<string, string>,
): PushMetricExporter {
  return {
    export(metrics, done) {
      const body = JsonMetricsSerializer.serializeRequest(metrics);
      if (!body) return done({ code: ExportResultCode.FAILED, error: new Error('the metrics could not be written') });
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(10_000),
      })
        .then(async (answer) => {
          await answer.arrayBuffer().catch(() => undefined);
          done(
            answer.ok
              ? { code: ExportResultCode.SUCCESS }
              : { code: ExportResultCode.FAILED, error: new Error(`HTTP ${answer.status}`) },
          );
        })
        .catch((error: unknown) => done({ code: ExportResultCode.FAILED, error: error as Error }));
    },
    forceFlush: async () => {},
    shutdown: async () => {},
  };
}
