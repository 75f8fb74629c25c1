/**
 * A timeclock service that keeps real state but answers in the legal, different ways real servers
 * do: other field names and envelopes, epoch times, ids beyond 2^53, PUT instead of PATCH, another
 * content type, redirects, 404 for "no events", empty 201s, degraded health, stalls. The clock's
 * truthfulness tests run the real core against it and compare what the app shows with `events`.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import findMyWay from 'find-my-way';

export interface OddEvent {
  /** Kept as digits: a big numeric id is written into JSON as a bare number. */
  id: string;
  employeeId: string;
  clockIn: string;
  clockOut: string | null;
}

export type EventShape =
  | 'contract'
  | 'pascal' // { ID, EmployeeID, ClockIn, ClockOut }
  | 'start-end' // { id, employeeId, startDateTime, endDateTime }
  | 'success-result' // { success: true, result: {...} }
  | 'data' // { data: {...} }
  | 'epoch' // { Id, EmployeeId, ClockIn: epoch seconds, ClockOut }
  | 'unreadable' // { ok: true }
  | 'empty'; // 201/200 with no body

export interface OddBehaviour {
  shape: EventShape;
  /** Shape of writes' answers, when it differs from reads'. */
  writeShape?: EventShape;
  /** Ids as bare JSON numbers beyond 2^53. */
  bigIds: boolean;
  /** The method that closes an event; the other answers 405 with Allow. */
  closeMethod: 'PATCH' | 'PUT';
  /** A content type writes must carry; others answer 415 with Accept-Patch. */
  requireContentType: string | null;
  /** Every route answers this redirect. */
  redirect: { status: number; location: string } | null;
  /** Every route answers 200 with the company's sign-in page (a gateway's or single sign-on's). */
  signInPage: boolean;
  /** 404 with a message instead of 204 for an employee with no events. */
  notFoundForNoEvents: boolean;
  /** How a 409 carries the conflicting event. */
  conflictShape: 'contract' | 'pascal-epoch-root' | 'text';
  health: { status: number; body: string; contentType: string };
  /** Close writes' connections after the server has applied them (answer lost). */
  dropWriteAnswers: boolean;
  /** Answers' headers are sent, then the body never comes. */
  stallBodies: boolean;
  /** Employees the server knows; others get 404 "Unknown employee". Empty: everyone is known. */
  employees: string[];
}

const defaults: OddBehaviour = {
  shape: 'contract',
  bigIds: false,
  closeMethod: 'PATCH',
  requireContentType: null,
  redirect: null,
  signInPage: false,
  notFoundForNoEvents: false,
  conflictShape: 'contract',
  health: { status: 200, body: '{"status":"UP"}', contentType: 'application/json' },
  dropWriteAnswers: false,
  stallBodies: false,
  employees: [],
};

export interface OddServer {
  url: string;
  events: OddEvent[];
  behaviour: OddBehaviour;
  set(changes: Partial<OddBehaviour>): void;
  /** Requests seen, as "METHOD /path". */
  requests: string[];
  close(): Promise<void>;
}

/** Renders an event in a shape, as JSON text (big ids written as bare numbers, digit for digit). */
export function renderEvent(event: OddEvent, shape: EventShape, bigIds: boolean): string {
  const id = bigIds ? event.id : JSON.stringify(event.id);
  const text = (value: string | null) => JSON.stringify(value);
  const epoch = (value: string | null) => (value === null ? 'null' : String(Date.parse(value) / 1000));
  switch (shape) {
    case 'pascal':
      return `{"ID":${id},"EmployeeID":${text(event.employeeId)},"ClockIn":${text(event.clockIn)},"ClockOut":${text(event.clockOut)}}`;
    case 'start-end':
      return `{"id":${id},"employeeId":${text(event.employeeId)},"startDateTime":${text(event.clockIn)},"endDateTime":${text(event.clockOut)},"source":"kiosk"}`;
    case 'success-result':
      return `{"success":true,"result":${renderEvent(event, 'contract', bigIds)}}`;
    case 'data':
      return `{"data":${renderEvent(event, 'contract', bigIds)}}`;
    case 'epoch':
      return `{"Id":${id},"EmployeeId":${text(event.employeeId)},"ClockIn":${epoch(event.clockIn)},"ClockOut":${epoch(event.clockOut)}}`;
    case 'unreadable':
      return '{"ok":true}';
    case 'empty':
      return '';
    case 'contract':
      return `{"id":${id},"employeeId":${text(event.employeeId)},"clockIn":${text(event.clockIn)},"clockOut":${text(event.clockOut)}}`;
  }
}

/** A company sign-in page as gateways and single sign-on put one in front of a service. */
const SIGN_IN_PAGE =
  '<!DOCTYPE html><html><head><title>Sign in – Acme</title></head><body><form method="post" action="/login">' +
  '<input name="username"><input type="password" name="password"><button>Sign in</button></form></body></html>';

/** `now`: the server's own clock, sent in every answer's Date header (a test's fake clock, so the two agree). */
export async function startOddServer(initial: Partial<OddBehaviour> = {}, now: () => number = Date.now): Promise<OddServer> {
  const state = { behaviour: { ...defaults, ...initial }, events: [] as OddEvent[], requests: [] as string[], nextId: 1n };
  const router = findMyWay({
    ignoreTrailingSlash: false,
    defaultRoute: (req, res) => res.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found'),
  });
  const handlers = routes(state);
  router.on('GET', '/health', (req, res) => handlers.health(res));
  router.on('GET', '/health-check', (req, res) => handlers.health(res));
  router.on('GET', '/employees/:employeeId/lastClockedTimeEvent', (req, res, params) => handlers.last(res, params.employeeId!));
  router.on('POST', '/clockedTimeEvents', (req, res) => void handlers.clockIn(req, res));
  router.on(['PATCH', 'PUT'], '/clockedTimeEvents/:id', (req, res, params) => void handlers.clockOut(req, res, params.id!));

  const server = createServer((req, res) => {
    state.requests.push(`${req.method} ${req.url}`);
    res.setHeader('date', new Date(now()).toUTCString());
    const redirect = state.behaviour.redirect;
    if (redirect) {
      res.writeHead(redirect.status, { location: redirect.location }).end();
      return;
    }
    if (state.behaviour.signInPage) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(SIGN_IN_PAGE);
      return;
    }
    router.lookup(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get events() {
      return state.events;
    },
    get behaviour() {
      return state.behaviour;
    },
    requests: state.requests,
    set: (changes) => void (state.behaviour = { ...state.behaviour, ...changes }),
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

type State = { behaviour: OddBehaviour; events: OddEvent[]; requests: string[]; nextId: bigint };

function routes(state: State) {
  const b = () => state.behaviour;
  const send = (res: ServerResponse, status: number, body: string, type = 'application/json') => {
    if (b().stallBodies) {
      res.writeHead(status, { 'content-type': type });
      res.write(body.slice(0, 1)); // headers and a first byte, then nothing
      return;
    }
    res.writeHead(status, body === '' ? {} : { 'content-type': type }).end(body);
  };
  const error = (res: ServerResponse, status: number, message: string, extra = '') =>
    send(res, status, `{"code":"error","message":${JSON.stringify(message)}${extra}}`);
  const known = (employeeId: string) => b().employees.length === 0 || b().employees.includes(employeeId);
  const lastOf = (employeeId: string) => state.events.filter((event) => event.employeeId === employeeId).at(-1);
  const conflictBody = (event: OddEvent) => {
    if (b().conflictShape === 'text') return 'Conflict';
    if (b().conflictShape === 'pascal-epoch-root') return renderEvent(event, 'epoch', b().bigIds);
    return `{"code":"conflict","message":"Conflict","details":{"event":${renderEvent(event, 'contract', b().bigIds)}}}`;
  };
  /** The write is applied, then the answer is either sent or lost. */
  const answerWrite = (res: ServerResponse, status: number, event: OddEvent) => {
    if (b().dropWriteAnswers) {
      res.socket?.destroy();
      return;
    }
    const shape = b().writeShape ?? b().shape;
    send(res, shape === 'empty' ? 204 : status, renderEvent(event, shape, b().bigIds));
  };

  return {
    health(res: ServerResponse) {
      send(res, b().health.status, b().health.body, b().health.contentType);
    },
    last(res: ServerResponse, employeeId: string) {
      if (!known(employeeId)) return error(res, 404, `Unknown employee ${employeeId}`);
      const last = lastOf(employeeId);
      if (!last) return b().notFoundForNoEvents ? error(res, 404, 'No time events for this employee') : send(res, 204, '');
      send(res, 200, renderEvent(last, b().shape === 'empty' ? 'contract' : b().shape, b().bigIds));
    },
    async clockIn(req: IncomingMessage, res: ServerResponse) {
      const body = await readJson(req);
      if (b().requireContentType && !req.headers['content-type']?.startsWith(b().requireContentType!))
        return res.writeHead(415, { 'accept-post': b().requireContentType! }).end();
      const employeeId = String(body.employeeId ?? body.EmployeeID ?? '');
      if (!known(employeeId)) return error(res, 404, `Unknown employee ${employeeId}`);
      const clockIn = typeof body.clockIn === 'string' ? body.clockIn : null;
      if (!clockIn || Number.isNaN(Date.parse(clockIn))) return error(res, 400, 'clockIn is required');
      const open = lastOf(employeeId);
      if (open && open.clockOut === null) return send(res, 409, conflictBody(open));
      const id = b().bigIds ? String(9007199254740993n + state.nextId++ * 2n) : `evt-${state.nextId++}`;
      const event: OddEvent = { id, employeeId, clockIn: new Date(clockIn).toISOString(), clockOut: null };
      state.events.push(event);
      answerWrite(res, 201, event);
    },
    async clockOut(req: IncomingMessage, res: ServerResponse, id: string) {
      const body = await readJson(req);
      if (req.method !== b().closeMethod)
        return res
          .writeHead(405, { allow: `GET, ${b().closeMethod}`, 'content-type': 'application/json' })
          .end('{"message":"Method Not Allowed"}');
      if (b().requireContentType && !req.headers['content-type']?.startsWith(b().requireContentType!))
        return res.writeHead(415, { 'accept-patch': b().requireContentType! }).end();
      const event = state.events.find((candidate) => candidate.id === id);
      if (!event) return error(res, 404, `No time event ${id}`);
      if (event.clockOut !== null) return send(res, 409, conflictBody(event));
      const clockOut = typeof body.clockOut === 'string' ? body.clockOut : null;
      if (!clockOut || Date.parse(clockOut) < Date.parse(event.clockIn)) return error(res, 422, 'clockOut must be after clockIn');
      event.clockOut = new Date(clockOut).toISOString();
      answerWrite(res, 200, event);
    },
  };
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
  } catch {
    return {};
  }
}
