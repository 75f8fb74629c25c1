/** Where OTLP/HTTP signals go: apart from the exporters, so knowing an address loads no OpenTelemetry. */
import { itUrlProblem } from '../../shared/it-url.ts';
import { RULES, URL_RULES } from '../../shared/settings-schema.ts';

/**
 * The collector's address for a signal: the base address IT gives, with OTLP's /v1/metrics or
 * /v1/logs (a base given with one of them ends in it); null if not https (or http on this computer).
 */
export function otlpUrl(endpoint: string, signal: 'metrics' | 'logs'): string | null {
  if (endpoint.trim() === '' || itUrlProblem(endpoint, URL_RULES[RULES.collectorUrl]!) !== null) return null;
  try {
    const url = new URL(endpoint.trim());
    const base = url.href.replace(/\/v1\/(metrics|logs)$/, '/');
    return new URL(`v1/${signal}`, base.endsWith('/') ? base : `${base}/`).href;
  } catch {
    return null;
  }
}

export const metricsUrl = (endpoint: string): string | null => otlpUrl(endpoint, 'metrics');
