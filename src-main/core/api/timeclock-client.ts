/** Typed client for the five operations of the timeclock contract. */
import type { SystemNames } from '../../shared/domain/environments.ts';
import type { ClockedTimeEvent, HealthSystem } from '../../shared/api/types.ts';
import type { OperationName } from '../../shared/domain/api-problem.ts';
import { ApiError } from './api-error.ts';
import { readHealthAnswer, type HealthWord } from './health-body.ts';
import { resolveProfile, type ApiProfile } from '../../shared/api/api-profile.ts';
import type { ApiRequest, HttpClient } from './http-client.ts';
import { readTimeEvent } from './time-event-shape.ts';
import { ShapeError } from './tolerant-read.ts';
import type { Tolerant } from '../../shared/domain/lookup.ts';

export interface HealthReading {
  state: HealthWord;
  latencyMs: number;
  /** When a down answer carried Retry-After. */
  retryAfterMs?: number;
  /** The parts (dependencies) the system names as not up: "db". */
  failing?: string[];
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
  /**
   * `shift` is the event being closed, for servers that take the whole event back (PUT), and the
   * reason of a clock-out set afterwards (sent where the profile names a field for it).
   */
  clockOut(
    eventId: string,
    clockOut: string,
    shift?: { employeeId: string; clockIn: string | null; reason?: string | null },
  ): Promise<Tolerant<ClockedTimeEvent>>;
  /** How far the service's clock is ahead of this computer's (from its Date header); null until it answered. */
  serverClockOffsetMs(): number | null;
}

/** The route of an employee's last event (the connection test reads it as sent, too). */
/**
 * Asked of every cache on the way: answer from the service, not from a copy (HTTP/1.0 caches read
 * Pragma). A clock state or health reading kept by a company's caching proxy would be shown as the
 * truth; the service should also mark its answers no-store (docs/api/timeclock.openapi.yaml).
 */
const LIVE_STATE = { 'cache-control': 'no-cache', pragma: 'no-cache' };

export const lastEventPath = (employeeId: string) => `employees/${encodeURIComponent(employeeId)}/lastClockedTimeEvent`;

const healthPaths: Record<HealthSystem, { path: string; operation: OperationName }> = {
  source: { path: 'health-check', operation: 'sourceHealth' },
  target: { path: 'health', operation: 'targetHealth' },
};

/**
 * One health check of `system`: its answer read (a word the app does not know is the system's own,
 * said and not taken as working); a 503 with words is the system reporting down. `named`: what the
 * company calls the system, said in a failed check's words.
 */
async function checkHealth(http: HttpClient, system: HealthSystem, named: string | undefined, signal?: AbortSignal) {
  const { service, environment } = http.options;
  const { path, operation } = healthPaths[system];
  const started = performance.now();
  try {
    const response = await http.request({
      method: 'GET',
      path,
      operation,
      ...(named ? { subject: named } : {}),
      signal,
      retry: false,
      acceptText: true,
      headers: LIVE_STATE,
    });
    const answer = readHealthAnswer(response.body);
    if ('unknownWord' in answer)
      throw new ApiError(
        { kind: 'bad-response', service, environment, operation, status: response.status, unknownState: answer.unknownWord },
        http.options.t,
      );
    return {
      state: answer.state,
      latencyMs: response.latencyMs,
      ...(answer.failing.length > 0 ? { failing: answer.failing } : {}),
    };
  } catch (error) {
    const report = downReportOf(error, performance.now() - started);
    if (report) return report;
    throw error;
  }
}

/** A 503 with words, as the service reports a system down; an empty one is a gateway's (no answer, not a report). */
function downReportOf(error: unknown, latencyMs: number) {
  if (!(error instanceof ApiError) || error.status !== 503 || error.facts.emptyAnswer) return null;
  const said = readHealthAnswer(error.facts.serverBody ?? error.facts.serverMessage);
  return {
    state: 'down' as const,
    latencyMs,
    ...('failing' in said && said.failing.length > 0 ? { failing: said.failing } : {}),
    ...(error.retryAfterMs === undefined ? {} : { retryAfterMs: error.retryAfterMs }),
  };
}

/** `systemNames`: what the company calls the two systems, said in a failed health check's words. */
export function createTimeclockClient(
  http: HttpClient,
  profile: ApiProfile = resolveProfile(undefined),
  systemNames?: SystemNames,
): TimeclockClient {
  const { service, environment } = http.options;
  const field = (name: keyof ApiProfile['timeEventFields']) => profile.timeEventFields[name] ?? name;
  const employeeValue = (employeeId: string) =>
    profile.employeeIdType === 'number' && /^\d{1,15}$/.test(employeeId) ? Number(employeeId) : employeeId;
  const readEvent = (status: number, body: unknown, operation: OperationName, employeeId?: string) => {
    try {
      return readTimeEvent(body, employeeId, profile);
    } catch (error) {
      if (!(error instanceof ShapeError)) throw error;
      const subject = operation === 'lastEvent' ? { subject: employeeId } : {};
      throw new ApiError(
        { kind: 'bad-response', service, environment, operation, ...subject, status, reason: error.message },
        http.options.t,
      );
    }
  };

  return {
    serverClockOffsetMs: () => http.serverClockOffsetMs(),
    health: (system, signal) => checkHealth(http, system, systemNames?.[system]?.trim(), signal),
    async lastClockedTimeEvent(employeeId, signal) {
      const operation = 'lastEvent';
      const response = await http.request({
        method: 'GET',
        path: lastEventPath(employeeId),
        operation,
        subject: employeeId,
        signal,
        headers: LIVE_STATE,
      });
      if (response.status === 204 || response.body === undefined || response.body === null) return null;
      return readEvent(response.status, response.body, operation, employeeId);
    },
    async clockIn(employeeId, clockIn, idempotencyKey) {
      const operation = 'clockIn';
      const response = await http.request({
        method: 'POST',
        path: 'clockedTimeEvents',
        operation,
        body: { [field('employeeId')]: employeeValue(employeeId), [field('clockIn')]: clockIn },
        headers: { 'Idempotency-Key': idempotencyKey },
      });
      return readEvent(response.status, response.body, operation, employeeId);
    },
    async clockOut(eventId, clockOut, shift) {
      const operation = 'clockOut';
      const response = await http.request({
        path: `clockedTimeEvents/${encodeURIComponent(eventId)}`,
        operation,
        ...clockOutRequest(profile, field, { id: eventId, clockOut, shift, employeeValue }),
      });
      return readEvent(response.status, response.body, operation, shift?.employeeId);
    },
  };
}

type ClockOutRequest = Pick<ApiRequest, 'method' | 'body' | 'headers'>;

/** The clock-out as the profile says the server wants it. */
function clockOutRequest(
  profile: Pick<ApiProfile, 'clockOutMethod' | 'reasonField'>,
  field: (name: keyof ApiProfile['timeEventFields']) => string,
  event: {
    id: string;
    clockOut: string;
    shift?: { employeeId: string; clockIn: string | null; reason?: string | null };
    employeeValue: (employeeId: string) => string | number;
  },
): ClockOutRequest {
  const reason = profile.reasonField && event.shift?.reason ? { [profile.reasonField]: event.shift.reason } : {};
  const change = { [field('clockOut')]: event.clockOut, ...reason };
  switch (profile.clockOutMethod) {
    case 'patch-json':
      return { method: 'PATCH', body: change };
    case 'patch-merge':
      return { method: 'PATCH', body: change, headers: { 'content-type': 'application/merge-patch+json' } };
    case 'json-patch':
      return {
        method: 'PATCH',
        body: [
          { op: 'replace', path: `/${field('clockOut')}`, value: event.clockOut },
          ...Object.entries(reason).map(([name, value]) => ({ op: 'add', path: `/${name}`, value })),
        ],
        headers: { 'content-type': 'application/json-patch+json' },
      };
    case 'put':
      return {
        method: 'PUT',
        body: {
          [field('id')]: event.id,
          ...(event.shift ? { [field('employeeId')]: event.employeeValue(event.shift.employeeId) } : {}),
          ...(event.shift?.clockIn ? { [field('clockIn')]: event.shift.clockIn } : {}),
          ...change,
        },
      };
  }
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
