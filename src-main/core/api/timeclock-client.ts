/** Typed client for the five operations of the timeclock contract. */
import type { ClockedTimeEvent, HealthSystem } from '../../shared/api/types.ts';
import { ApiError } from './api-error.ts';
import { readHealthWord, type HealthWord } from './health-body.ts';
import type { HttpClient } from './http-client.ts';
import { readTimeEvent } from './time-event-shape.ts';
import { ShapeError, type Tolerant } from './tolerant-read.ts';

export interface HealthReading {
  state: HealthWord;
  latencyMs: number;
  /** When a down answer carried Retry-After. */
  retryAfterMs?: number;
}

export interface TimeclockClient {
  health(system: HealthSystem, signal?: AbortSignal): Promise<HealthReading>;
  /** The employee's last event; null when they have none (204). */
  lastClockedTimeEvent(employeeId: string, signal?: AbortSignal): Promise<Tolerant<ClockedTimeEvent> | null>;
  /**
   * Throws ApiError; one whose `acceptedButUnreadable` is true means the service took the write
   * (2xx) but its answer could not be read: the outcome is to be confirmed by reading.
   */
  clockIn(employeeId: string, clockIn: string, idempotencyKey: string): Promise<Tolerant<ClockedTimeEvent>>;
  clockOut(eventId: string, clockOut: string): Promise<Tolerant<ClockedTimeEvent>>;
  /** How far the service's clock is ahead of this computer's (from its Date header); null until it answered. */
  serverClockOffsetMs(): number | null;
}

const healthPaths: Record<HealthSystem, { path: string; operation: string }> = {
  source: { path: 'health-check', operation: 'the source system health check' },
  target: { path: 'health', operation: 'the target system health check' },
};

export function createTimeclockClient(http: HttpClient): TimeclockClient {
  const { service, environment } = http.options;
  const readEvent = (status: number, body: unknown, operation: string, employeeId?: string) => {
    try {
      return readTimeEvent(body, employeeId);
    } catch (error) {
      if (!(error instanceof ShapeError)) throw error;
      throw new ApiError({ kind: 'bad-response', service, environment, operation, status, reason: error.message });
    }
  };

  return {
    serverClockOffsetMs: () => http.serverClockOffsetMs(),
    async health(system, signal) {
      const { path, operation } = healthPaths[system];
      const started = performance.now();
      try {
        const response = await http.request({ method: 'GET', path, operation, signal, retry: false, acceptText: true });
        return { state: readHealthWord(response.body) ?? 'up', latencyMs: response.latencyMs };
      } catch (error) {
        // 503 is how the service reports a system down; it is a reading, not a failure of ours.
        if (error instanceof ApiError && error.status === 503) {
          return {
            state: 'down',
            latencyMs: performance.now() - started,
            ...(error.retryAfterMs === undefined ? {} : { retryAfterMs: error.retryAfterMs }),
          };
        }
        throw error;
      }
    },
    async lastClockedTimeEvent(employeeId, signal) {
      const operation = `reading the last clocked time event of employee ${employeeId}`;
      const response = await http.request({
        method: 'GET',
        path: `employees/${encodeURIComponent(employeeId)}/lastClockedTimeEvent`,
        operation,
        signal,
      });
      if (response.status === 204 || response.body === undefined || response.body === null) return null;
      return readEvent(response.status, response.body, operation, employeeId);
    },
    async clockIn(employeeId, clockIn, idempotencyKey) {
      const operation = 'clock-in';
      const response = await http.request({
        method: 'POST',
        path: 'clockedTimeEvents',
        operation,
        body: { employeeId, clockIn },
        headers: { 'Idempotency-Key': idempotencyKey },
      });
      return readEvent(response.status, response.body, operation, employeeId);
    },
    async clockOut(eventId, clockOut) {
      const operation = 'clock-out';
      const response = await http.request({
        method: 'PATCH',
        path: `clockedTimeEvents/${encodeURIComponent(eventId)}`,
        operation,
        body: { clockOut },
      });
      return readEvent(response.status, response.body, operation);
    },
  };
}

/** The event a 409 carries, wherever in its body and in whatever shape; null when there is none we can read. */
export function conflictEvent(error: ApiError): Tolerant<ClockedTimeEvent> | null {
  const body = error.facts.serverBody as Record<string, unknown> | undefined;
  const candidates = [error.facts.serverDetails?.event, body?.event, body?.Event, error.facts.serverDetails, body];
  for (const candidate of candidates) {
    if (candidate === undefined || candidate === null) continue;
    try {
      return readTimeEvent(candidate);
    } catch {
      /* try the next place */
    }
  }
  return null;
}
