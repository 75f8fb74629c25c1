/**
 * One health check's outcome, classified for the health machine: ok, a failure of the system,
 * a network problem on our side, refused credentials, or rate limiting.
 */
import type { HealthSystem } from '../../shared/api/types.ts';
import { ApiError } from '../api/api-error.ts';
import type { TimeclockClient } from '../api/timeclock-client.ts';

export type Probe =
  /** `degraded`: the system answered but reports that it is degraded (a sentence). */
  | { kind: 'ok'; latencyMs: number; degraded?: string }
  | { kind: 'fail'; message: string; retryAfterMs?: number }
  | { kind: 'network'; message: string }
  | { kind: 'auth'; message: string }
  | { kind: 'rate-limited'; message: string; retryAfterMs?: number };

/** Errors that say this machine cannot reach the network at all, rather than that a server failed. */
const OUR_NETWORK = /host name not found|network unreachable/;

export function classifyError(error: unknown): Probe {
  if (!(error instanceof ApiError)) throw error;
  const { kind, message } = error;
  const retryAfter = error.retryAfterMs === undefined ? {} : { retryAfterMs: error.retryAfterMs };
  if (kind === 'unauthorized' || kind === 'forbidden') return { kind: 'auth', message };
  if (kind === 'rate-limited') return { kind: 'rate-limited', message, ...retryAfter };
  if (kind === 'unreachable' && OUR_NETWORK.test(error.facts.reason ?? '')) return { kind: 'network', message };
  return { kind: 'fail', message, ...retryAfter };
}

export async function probeSystem(client: TimeclockClient, system: HealthSystem, signal?: AbortSignal): Promise<Probe> {
  try {
    const reading = await client.health(system, signal);
    const label = system === 'source' ? 'The source system' : 'The target system';
    if (reading.state === 'up') return { kind: 'ok', latencyMs: reading.latencyMs };
    if (reading.state === 'degraded')
      return { kind: 'ok', latencyMs: reading.latencyMs, degraded: `${label} reports that it is degraded.` };
    return {
      kind: 'fail',
      message: `${label} reports that it is down.`,
      ...(reading.retryAfterMs === undefined ? {} : { retryAfterMs: reading.retryAfterMs }),
    };
  } catch (error) {
    return classifyError(error);
  }
}
