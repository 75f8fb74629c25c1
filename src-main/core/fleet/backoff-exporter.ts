/**
 * An exporter that stops calling a collector that failed, for a while that doubles with each
 * failure (from one export interval up to 30 minutes), so a collector that is down costs nothing
 * but a skipped export. Nothing is queued meanwhile: metrics are gauges of the present, and a
 * missed reading is simply the next one's.
 */
import { ExportResultCode } from '@opentelemetry/core';
import type { PushMetricExporter } from '@opentelemetry/sdk-metrics';
import type { TimeSource } from '../util/time-source.ts';

export const MAX_BACKOFF_MS = 30 * 60_000;

export function withBackoff(
  inner: PushMetricExporter,
  options: { time: TimeSource; baseMs: number; onChange(failing: boolean, detail: string): void },
): PushMetricExporter {
  let failures = 0;
  let quietUntil = 0;
  return {
    export(metrics, done) {
      if (options.time.now() < quietUntil) return done({ code: ExportResultCode.FAILED, error: new Error('backing off') });
      inner.export(metrics, (result) => {
        if (result.code === ExportResultCode.SUCCESS) {
          if (failures > 0) options.onChange(false, 'sent again');
          failures = 0;
          quietUntil = 0;
        } else {
          failures++;
          const wait = Math.min(options.baseMs * 2 ** Math.min(failures - 1, 20), MAX_BACKOFF_MS);
          quietUntil = options.time.now() + wait;
          if (failures === 1)
            options.onChange(true, `${String(result.error?.message ?? 'failed')}; next try in ${Math.round(wait / 1000)} s`);
        }
        done(result);
      });
    },
    forceFlush: () => inner.forceFlush(),
    shutdown: () => inner.shutdown(),
    selectAggregationTemporality: inner.selectAggregationTemporality?.bind(inner),
  };
}
