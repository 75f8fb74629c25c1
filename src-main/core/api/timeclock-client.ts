/** Typed client for the five operations of the timeclock contract. */
import type { ClockedTimeEvent, HealthSystem } from '../../shared/api/types.ts';
import { ApiError } from './api-error.ts';
import type { HttpClient } from './http-client.ts';
import { readRecord, ShapeError, type Tolerant } from './tolerant-read.ts';

export interface HealthReading {
  state: 'up' | 'down';
  latencyMs: number;
  /** When a down answer carried Retry-After. */
  retryAfterMs?: number;
}

export interface TimeclockClient {
  health(system: HealthSystem, signal?: AbortSignal): Promise<HealthReading>;
  /** The employee's last event; null when they have none (204). */
  lastClockedTimeEvent(employeeId: string, signal?: AbortSignal): Promise<Tolerant<ClockedTimeEvent> | null>;
  clockIn(employeeId: string, clockIn: string, idempotencyKey: string): Promise<Tolerant<ClockedTimeEvent>>;
  clockOut(eventId: string, clockOut: string): Promise<Tolerant<ClockedTimeEvent>>;
}

const healthPaths: Record<HealthSystem, { path: string; operation: string }> = {
  source: { path: 'health-check', operation: 'the source system health check' },
  target: { path: 'health', operation: 'the target system health check' },
};

const eventSpec = { key: 'id', required: ['clockIn'], instants: ['clockIn', 'clockOut'] } as const;

export function createTimeclockClient(http: HttpClient): TimeclockClient {
  const { service, environment } = http.options;
  const readEvent = (body: unknown, operation: string, employeeId?: string): Tolerant<ClockedTimeEvent> => {
    try {
      const raw = typeof body === 'object' && body !== null && !Array.isArray(body) ? { employeeId, ...body } : body;
      const event = readRecord<ClockedTimeEvent>(raw, eventSpec, 'the time event');
      if (event.clockIn === null) throw new ShapeError('the time event has a clockIn that is not a date');
      if (event.clockOut === undefined) event.clockOut = null;
      return event;
    } catch (error) {
      if (!(error instanceof ShapeError)) throw error;
      throw new ApiError({ kind: 'bad-response', service, environment, operation, reason: error.message });
    }
  };

  return {
    async health(system, signal) {
      const { path, operation } = healthPaths[system];
      const started = performance.now();
      try {
        const response = await http.request({ method: 'GET', path, operation, signal, retry: false, acceptText: true });
        return { state: saysDown(response.body) ? 'down' : 'up', latencyMs: response.latencyMs };
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
      return readEvent(response.body, operation, employeeId);
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
      return readEvent(response.body, operation, employeeId);
    },
    async clockOut(eventId, clockOut) {
      const operation = 'clock-out';
      const response = await http.request({
        method: 'PATCH',
        path: `clockedTimeEvents/${encodeURIComponent(eventId)}`,
        operation,
        body: { clockOut },
      });
      return readEvent(response.body, operation);
    },
  };
}

/** A health body says down when its status (any case, any common spelling) is not up. */
function saysDown(body: unknown): boolean {
  if (typeof body === 'string') return /\bdown\b/i.test(body);
  if (typeof body !== 'object' || body === null) return false;
  const status = (body as Record<string, unknown>).status ?? (body as Record<string, unknown>).Status;
  if (typeof status === 'boolean') return !status;
  return typeof status === 'string' && !/^(up|ok|healthy|pass)$/i.test(status);
}
