/** The five operations of the timeclock contract (docs/api/timeclock.openapi.yaml). */
import { parseInstant } from '../../shared/moments.ts';
import type { FaultState, SystemName } from '../faults.ts';
import { guarded, type Handler, type RequestContext } from '../http/pipeline.ts';
import { BodyError, readJsonBody, sendEmpty, sendError, sendJson } from '../http/respond.ts';
import type { ClockResult, TimeclockState } from '../timeclock-state.ts';

export interface TimeclockRouteDeps {
  state: () => TimeclockState;
  faults: () => FaultState;
  random: () => number;
  now: () => number;
}

const EMPLOYEE_ID = /^[A-Za-z0-9._-]{1,64}$/;

export type Routes = Array<{ method: 'GET' | 'POST' | 'PATCH' | 'PUT'; path: string; handler: Handler }>;

export function timeclockRoutes(deps: TimeclockRouteDeps): Routes {
  const service = { service: 'timeclock' as const, random: deps.random };
  const data = { ...service, faults: () => deps.faults().services.timeclock };
  const health = (system: SystemName): Handler =>
    guarded({ ...service, faults: () => deps.faults().systems[system] }, ({ res }) => {
      const up = deps.faults().systems[system].status === 'up';
      sendJson(res, up ? 200 : 503, { status: up ? 'UP' : 'DOWN', system, checkedAt: new Date(deps.now()).toISOString() });
    });

  return [
    { method: 'GET', path: '/health-check', handler: health('source') },
    { method: 'GET', path: '/health', handler: health('target') },
    {
      method: 'GET',
      path: '/employees/:employeeId/lastClockedTimeEvent',
      handler: guarded(data, ({ res, params }) => {
        const employeeId = params.employeeId ?? '';
        if (!EMPLOYEE_ID.test(employeeId)) {
          return sendError(res, 400, 'bad_request', 'employeeId must be 1 to 64 letters, digits, dots, dashes or underscores.', {
            field: 'employeeId',
          });
        }
        const result = deps.state().lastEvent(employeeId);
        if (result.kind === 'unknown-employee') return unknownEmployee(res, employeeId);
        if (result.event === null) return sendEmpty(res, 204);
        sendJson(res, 200, result.event);
      }),
    },
    {
      method: 'POST',
      path: '/clockedTimeEvents',
      handler: guarded(data, async (context) => {
        const body = await readBody(context);
        if (!body) return;
        const employeeId = requireString(context, body, 'employeeId');
        const clockIn = employeeId === null ? null : requireInstant(context, body, 'clockIn');
        if (employeeId === null || clockIn === null) return;
        const key = context.req.headers['idempotency-key'];
        if (typeof key === 'string' && (key.length === 0 || key.length > 200)) {
          return sendError(context.res, 400, 'bad_request', 'The Idempotency-Key header must be 1 to 200 characters.', {
            field: 'Idempotency-Key',
          });
        }
        const result = deps.state().clockIn(employeeId, clockIn, typeof key === 'string' ? key : undefined);
        if (result.kind === 'unknown-employee') return unknownEmployee(context.res, employeeId);
        sendClockResult(context, result, 201);
      }),
    },
    {
      method: 'PATCH',
      path: '/clockedTimeEvents/:id',
      handler: guarded(data, async (context) => {
        const body = await readBody(context);
        if (!body) return;
        const clockOut = requireInstant(context, body, 'clockOut');
        if (clockOut === null) return;
        sendClockResult(context, deps.state().clockOut(context.params.id ?? '', clockOut), 200);
      }),
    },
  ];
}

function sendClockResult({ res, params }: RequestContext, result: ClockResult, okStatus: number): void {
  switch (result.kind) {
    case 'ok':
      return sendJson(res, okStatus, result.event, result.replayed ? { 'idempotent-replayed': 'true' } : {});
    case 'conflict':
      return sendError(res, 409, 'conflict', result.message, { event: result.event });
    case 'unknown-event':
      return sendError(res, 404, 'not_found', `No time event with id ${params.id ?? ''}.`);
    case 'clock-out-before-clock-in':
      return sendError(res, 422, 'unprocessable', `clockOut is before the event's clockIn (${result.event.clockIn}).`, {
        field: 'clockOut',
        event: result.event,
      });
    case 'unknown-employee':
      return unknownEmployee(res, '');
  }
}

function unknownEmployee(res: RequestContext['res'], employeeId: string): void {
  sendError(res, 404, 'not_found', `No employee with id ${employeeId}.`, { field: 'employeeId' });
}

async function readBody(context: RequestContext): Promise<Record<string, unknown> | null> {
  try {
    const body = await readJsonBody(context.req);
    if (typeof body === 'object' && body !== null && !Array.isArray(body)) return body as Record<string, unknown>;
    sendError(context.res, 400, 'bad_request', 'The request body must be a JSON object.');
  } catch (error) {
    if (!(error instanceof BodyError)) throw error;
    sendError(context.res, 400, 'bad_request', error.message);
  }
  return null;
}

function requireString(context: RequestContext, body: Record<string, unknown>, field: string): string | null {
  const value = body[field];
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  sendError(context.res, 400, 'bad_request', `${field} is required and must be a non-empty string.`, { field });
  return null;
}

function requireInstant(context: RequestContext, body: Record<string, unknown>, field: string): string | null {
  const value = body[field];
  const ms = typeof value === 'string' ? parseInstant(value) : null;
  if (ms !== null) return new Date(ms).toISOString();
  sendError(
    context.res,
    400,
    'bad_request',
    `${field} must be an ISO 8601 date-time with a time zone, e.g. 2026-03-02T08:00:00Z.`,
    { field },
  );
  return null;
}
