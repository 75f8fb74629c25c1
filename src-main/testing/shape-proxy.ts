/**
 * "Other shapes": both services of the real mock, as another company's servers would present
 * them — PascalCase keys, renamed time-event fields, envelopes, zoneless local times, paged lists
 * (OData next links, cursors, page numbers), OAuth client credentials or an API-key header, PUT /
 * merge-patch / JSON Patch clock-outs, problem+json errors. A translating proxy in front of the
 * mock: the mock keeps the truth, the app sees the dialect.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeEach } from 'vitest';
import type { MockFixture } from './mock-fixture.ts';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { demoCredentials } from '../mock/auth.ts';
import { instantToWallIso, wallTimeToInstant } from '../core/api/time-zone.ts';

type EventField = 'id' | 'employeeId' | 'clockIn' | 'clockOut';

export interface Dialect {
  pascal: boolean;
  /** The time event's field names as this server writes them (after PascalCase). */
  timeEventFields: Partial<Record<EventField, string>>;
  /** Debtor-side fields renamed: our name → theirs, as written (a dot path nests it: "rating.value"). */
  debtorFields: Record<string, string>;
  /** A single object is wrapped as { [singleEnvelope]: … }. */
  singleEnvelope: string | null;
  /** A list is wrapped as { [listEnvelope]: [...] } (paging adds its own fields beside it). */
  listEnvelope: string | null;
  /**
   * A MuleSoft "system API" over a database table, as its DataWeave often writes it: a list as
   * { success: true, [listEnvelope]: [...] }, every column of the table in every row (null where
   * empty), numbers as strings.
   */
  tableRows?: boolean;
  /**
   * odata: @odata.nextLink and $skip; cursor: nextCursor in the body; header-cursor: X-Next-Cursor and
   * X-Total-Count headers on a bare list; page: page, pageSize, totalPages (1-based); page-total: page,
   * pageSize and total only (1-based); page0-total: the same from page 0; offset: offset, limit, total;
   * silent-page: a bare list of the first page, further pages only by ?page=N&pageSize=M, nothing said.
   */
  paging: {
    style: 'odata' | 'cursor' | 'header-cursor' | 'page' | 'page-total' | 'page0-total' | 'offset' | 'silent-page';
    size: number;
  } | null;
  /** Date filters refused with 400 unless written so: the instant filter with Z, without a zone, or as a date; the days as dates or with a time. */
  strictDates?: { instant?: 'zulu' | 'local' | 'date'; day?: 'date' | 'datetime' };
  /** Instants written as this zone's wall clock, without offset; date filters expected the same way. */
  zone: string | null;
  auth: 'headers' | 'api-key' | 'oauth';
  /** OAuth: the API takes only tokens issued for this audience (Azure AD's `aud`, Auth0's `audience`); others get 401 invalid_token. */
  tokenAudience?: string;
  clockOut: 'patch-json' | 'patch-merge' | 'json-patch' | 'put';
  problemJson: boolean;
}

export const contractDialect: Dialect = {
  pascal: false,
  timeEventFields: {},
  debtorFields: {},
  singleEnvelope: null,
  listEnvelope: null,
  paging: null,
  zone: null,
  auth: 'headers',
  clockOut: 'patch-json',
  problemJson: false,
};

export interface ShapeProxy {
  url: string;
  timeclockBaseUrl: string;
  debtorsBaseUrl: string;
  tokenUrl: string;
  /** Requests seen, as "METHOD /path?query". */
  requests: string[];
  tokensIssued: number;
  close(): Promise<void>;
}

const ISO_Z = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const pascal = (key: string) => (key === 'id' ? 'ID' : key[0]!.toUpperCase() + key.slice(1));
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
/** The records a page request asks for: from `start`, `size` of them. */
type PageWindow = { start: number; size: number };

// Over 80 lines on purpose: test support: one server's ways of answering differently, each a short
// function (the longest 36 lines).
export async function startShapeProxy(mockUrl: string, dialect: Dialect): Promise<ShapeProxy> {
  /** Each token issued, with the audience it was asked for. */
  const tokens = new Map<string, string | null>();
  const state = { requests: [] as string[], tokensIssued: 0 };
  const eventNames = (contract: EventField) =>
    dialect.timeEventFields[contract] ?? (dialect.pascal ? pascal(contract) : contract);

  /** Our contract's record as this server writes it. */
  function present(value: Json, isEvent: boolean): Json {
    if (Array.isArray(value)) return value.map((item) => present(item, isEvent));
    if (value === null || typeof value !== 'object') {
      if (typeof value === 'string' && dialect.zone && ISO_Z.test(value))
        return instantToWallIso(Date.parse(value), dialect.zone);
      if (typeof value === 'number' && dialect.tableRows) return String(value);
      return value;
    }
    const out: Record<string, Json> = {};
    for (const [key, inner] of Object.entries(value)) {
      const theirs = !isEvent ? dialect.debtorFields[key] : undefined;
      // A debtor-side field under another name, or nested ("rating.value" puts it in an object).
      if (theirs) {
        const path = theirs.split('.');
        let target = out;
        for (const part of path.slice(0, -1)) target = (target[part] ??= {}) as Record<string, Json>;
        target[path.at(-1)!] = present(inner, isEvent);
        continue;
      }
      const renamed =
        isEvent && key in { id: 1, employeeId: 1, clockIn: 1, clockOut: 1 }
          ? eventNames(key as EventField)
          : dialect.pascal
            ? pascal(key)
            : key;
      out[renamed] = present(inner, isEvent);
    }
    return out;
  }

  /** This server's request body, in our contract's words (field names matched without regard to case, as ASP.NET does). */
  function understand(body: Record<string, Json>): Record<string, Json> {
    const out: Record<string, Json> = {};
    const byLower = new Map(Object.entries(body).map(([key, value]) => [key.toLowerCase(), value]));
    for (const field of ['id', 'employeeId', 'clockIn', 'clockOut'] as const) {
      const value = byLower.get(eventNames(field).toLowerCase());
      if (value === undefined) continue;
      const instant = field === 'clockIn' || field === 'clockOut';
      out[field] = instant && typeof value === 'string' && dialect.zone ? zoned(value) : value;
    }
    return out;
  }
  /** A wall time in the dialect's zone as an instant; one that carries its own zone stays as it is. */
  const zoned = (wall: string) =>
    /Z|[+-]\d\d:\d\d$/.test(wall) ? wall : new Date(wallTimeToInstant(Date.parse(`${wall}Z`), dialect.zone!)).toISOString();

  function authorised(req: IncomingMessage): boolean {
    if (dialect.auth === 'oauth') {
      const token = (req.headers.authorization ?? '').replace(/^Bearer /i, '');
      return tokens.has(token) && (dialect.tokenAudience === undefined || tokens.get(token) === dialect.tokenAudience);
    }
    if (dialect.auth === 'api-key') return req.headers['x-api-key'] === demoCredentials.clientSecret;
    return true;
  }

  async function issueToken(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const form = new URLSearchParams((await readBody(req)).toString('utf8'));
    const basic = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /i, ''), 'base64').toString('utf8');
    const [id, secret] = basic.includes(':') ? basic.split(':') : [form.get('client_id'), form.get('client_secret')];
    if (
      form.get('grant_type') !== 'client_credentials' ||
      id !== demoCredentials.clientId ||
      secret !== demoCredentials.clientSecret
    )
      return void json(res, 401, { error: 'invalid_client', error_description: 'Unknown client or wrong secret.' });
    const token = randomUUID();
    tokens.set(token, form.get('audience'));
    state.tokensIssued++;
    json(res, 200, { access_token: token, token_type: 'Bearer', expires_in: 3600 });
  }

  /** The clock-out as this server wants it, turned into our contract's PATCH; or the refusal. */
  function clockOutBody(req: IncomingMessage, raw: Buffer): { body: Json } | { status: number; headers: Record<string, string> } {
    const type = req.headers['content-type'] ?? '';
    const wanted = { put: 'PUT', 'patch-json': 'PATCH', 'patch-merge': 'PATCH', 'json-patch': 'PATCH' }[dialect.clockOut];
    const patchTypes = {
      put: null,
      'patch-json': 'application/json',
      'patch-merge': 'application/merge-patch+json',
      'json-patch': 'application/json-patch+json',
    }[dialect.clockOut];
    // What it allows, as a server says it to OPTIONS.
    if (req.method === 'OPTIONS')
      return {
        status: 204,
        headers: { allow: `GET, ${wanted}, OPTIONS`, ...(patchTypes ? { 'accept-patch': patchTypes } : {}) },
      };
    if (req.method !== wanted) return { status: 405, headers: { allow: `GET, ${wanted}` } };
    const parsed = JSON.parse(raw.toString('utf8') || 'null') as Json;
    if (dialect.clockOut === 'patch-merge' && !type.startsWith('application/merge-patch+json'))
      return { status: 415, headers: { 'accept-patch': 'application/merge-patch+json' } };
    if (dialect.clockOut === 'json-patch') {
      if (!type.startsWith('application/json-patch+json'))
        return { status: 415, headers: { 'accept-patch': 'application/json-patch+json' } };
      const op = (parsed as Array<{ path: string; value: Json }>).find((entry) => entry.path === `/${eventNames('clockOut')}`);
      return { body: understand({ [eventNames('clockOut')]: op?.value ?? null }) };
    }
    return { body: understand(parsed as Record<string, Json>) };
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url!, 'http://proxy');
    state.requests.push(`${req.method} ${url.pathname}${url.search}`);
    if (url.pathname === '/oauth/token' && req.method === 'POST') return issueToken(req, res);
    if (!authorised(req)) {
      const bearer = req.headers.authorization?.startsWith('Bearer ')
        ? 'Bearer realm="api", error="invalid_token", error_description="The audience of the token is invalid."'
        : 'Bearer realm="api"';
      res.setHeader('www-authenticate', dialect.auth === 'oauth' ? bearer : 'ApiKey');
      return fail(res, 401, 'Unauthorized', 'Missing or invalid credentials.');
    }
    const raw = await readBody(req);
    let method = req.method!;
    let body: Json | undefined = raw.length > 0 ? (JSON.parse(raw.toString('utf8')) as Json) : undefined;
    const isEventWrite = /\/clockedTimeEvents(\/|$)/.test(url.pathname);
    if (isEventWrite && method !== 'POST') {
      const translated = clockOutBody(req, raw);
      if ('status' in translated) return void res.writeHead(translated.status, translated.headers).end();
      method = 'PATCH';
      body = translated.body;
    } else if (isEventWrite && body) body = understand(body as Record<string, Json>);
    const refused = strictDateProblem(url.searchParams);
    if (refused) return fail(res, 400, 'Bad Request', refused);
    const { query, window } = forwardQuery(url);
    const upstream = await fetch(`${mockUrl}${url.pathname}${query}`, {
      method,
      headers: {
        client_id: demoCredentials.clientId,
        client_secret: demoCredentials.clientSecret,
        'content-type': 'application/json',
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await upstream.text();
    const answer = text === '' ? undefined : (JSON.parse(text) as Json);
    if (!upstream.ok) return failFromMock(res, upstream.status, answer as Record<string, Json>);
    if (answer === undefined) return void res.writeHead(upstream.status).end();
    const isEvent = url.pathname.startsWith('/timeclock/') && !url.pathname.includes('health');
    if (Array.isArray(answer))
      return void json(
        res,
        upstream.status,
        pageOf(present(dialect.tableRows ? everyColumn(answer) : answer, false) as Json[], window, url, res),
      );
    const shown = present(answer, isEvent);
    json(res, upstream.status, isEvent && dialect.singleEnvelope ? { success: true, [dialect.singleEnvelope]: shown } : shown);
  }

  /** Why a strict server refuses the request's date filters, or null. */
  function strictDateProblem(params: URLSearchParams): string | null {
    const strict = dialect.strictDates;
    if (!strict) return null;
    const instants = {
      zulu: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/,
      local: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/,
      date: /^\d{4}-\d{2}-\d{2}$/,
    };
    const days = { date: /^\d{4}-\d{2}-\d{2}$/, datetime: /^\d{4}-\d{2}-\d{2}T/ };
    const since = params.get('startingDateTime');
    if (since !== null && strict.instant && !instants[strict.instant].test(since))
      return `startingDateTime "${since}" is not valid.`;
    for (const name of ['startDate', 'endDate']) {
      const value = params.get(name);
      if (value !== null && strict.day && !days[strict.day].test(value)) return `${name} "${value}" is not valid.`;
    }
    return null;
  }

  /** The query for the mock: date filters back in our contract's form, paging parameters kept for us. */
  function forwardQuery(url: URL): { query: string; window: PageWindow } {
    const params = new URLSearchParams(url.search);
    const window = pageWindow(params);
    for (const name of ['$skip', 'cursor', 'page', 'pageSize', 'offset', 'limit']) params.delete(name);
    const since = params.get('startingDateTime');
    if (since && dialect.zone) params.set('startingDateTime', zoned(since));
    for (const name of ['startDate', 'endDate']) {
      const value = params.get(name);
      if (value) params.set(name, value.slice(0, 10));
    }
    const text = params.toString();
    return { query: text ? `?${text}` : '', window };
  }

  /** Which records the request asks for, in this dialect's paging parameters. */
  function pageWindow(params: URLSearchParams): PageWindow {
    const style = dialect.paging?.style;
    const asked = (name: string) => (params.has(name) ? Number(params.get(name)) : null);
    const size = asked(style === 'offset' ? 'limit' : 'pageSize') ?? dialect.paging?.size ?? 0;
    if (style === 'odata') return { start: asked('$skip') ?? 0, size };
    if (style === 'cursor' || style === 'header-cursor')
      return { start: params.has('cursor') ? Number(Buffer.from(params.get('cursor')!, 'base64url').toString('utf8')) : 0, size };
    if (style === 'offset') return { start: asked('offset') ?? 0, size };
    const firstPage = style === 'page0-total' ? 0 : 1;
    return { start: ((asked('page') ?? firstPage) - firstPage) * size, size };
  }

  function pageOf(list: Json[], { start, size }: PageWindow, url: URL, res: ServerResponse): Json {
    if (!dialect.paging)
      return dialect.listEnvelope ? { ...(dialect.tableRows ? { success: true } : {}), [dialect.listEnvelope]: list } : list;
    const { style } = dialect.paging;
    const slice = list.slice(start, start + size);
    const more = start + size < list.length;
    const key = dialect.listEnvelope ?? 'items';
    const page = Math.floor(start / size);
    const cursor = Buffer.from(String(start + size)).toString('base64url');
    if (style === 'odata') {
      const next = new URLSearchParams(url.search);
      next.set('$skip', String(start + size));
      return {
        [key]: slice,
        '@odata.count': list.length,
        ...(more ? { '@odata.nextLink': `${url.pathname}?${next.toString()}` } : {}),
      };
    }
    if (style === 'cursor') return { [key]: slice, ...(more ? { nextCursor: cursor } : {}) };
    if (style === 'header-cursor') {
      res.setHeader('x-total-count', String(list.length));
      if (more) res.setHeader('x-next-cursor', cursor);
      return slice;
    }
    if (style === 'silent-page') return slice;
    if (style === 'offset') return { [key]: slice, offset: start, limit: size, total: list.length };
    if (style === 'page-total' || style === 'page0-total')
      return { [key]: slice, page: style === 'page0-total' ? page : page + 1, pageSize: size, total: list.length };
    return {
      [key]: slice,
      page: page + 1,
      pageSize: size,
      totalPages: Math.max(1, Math.ceil(list.length / size)),
      total: list.length,
    };
  }

  function failFromMock(res: ServerResponse, status: number, body: Record<string, Json> | undefined): void {
    const details = (body?.details ?? {}) as Record<string, Json>;
    const event = details.event ? present(details.event, true) : undefined;
    if (!dialect.problemJson) return json(res, status, { ...body, ...(event ? { details: { ...details, event } } : {}) });
    const field = typeof details.field === 'string' ? (dialect.pascal ? pascal(details.field) : details.field) : null;
    res.setHeader('content-type', 'application/problem+json');
    json(res, status, {
      type: 'about:blank',
      title: status === 400 ? 'One or more validation errors occurred.' : String(body?.code ?? 'Error'),
      status,
      ...(field ? { errors: { [field]: [String(body?.message ?? 'Invalid.')] } } : { detail: body?.message ?? null }),
      ...(event ? { event } : {}),
    });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => fail(res, 500, 'Proxy error', (error as Error).message));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    timeclockBaseUrl: `${url}/timeclock`,
    debtorsBaseUrl: `${url}/debtors`,
    tokenUrl: `${url}/oauth/token`,
    requests: state.requests,
    get tokensIssued() {
      return state.tokensIssued;
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };

  function fail(res: ServerResponse, status: number, title: string, detail: string): void {
    if (dialect.problemJson) res.setHeader('content-type', 'application/problem+json');
    json(res, status, dialect.problemJson ? { type: 'about:blank', title, status, detail } : { code: 'error', message: detail });
  }
}

function json(res: ServerResponse, status: number, body: unknown): void {
  if (!res.hasHeader('content-type')) res.setHeader('content-type', 'application/json');
  res.writeHead(status).end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * For a test file: starts proxies in front of the file's mock, in a dialect over our contract's,
 * closes them after the file, and resets the mock before each test.
 */
export function useShapeProxies(mock: MockFixture): (dialect: Partial<Dialect>) => Promise<ShapeProxy> {
  const proxies: ShapeProxy[] = [];
  afterAll(async () => {
    await Promise.all(proxies.map((proxy) => proxy.close()));
  });
  beforeEach(async () => {
    await mock.control('POST', '/reset');
  });
  return async (dialect) => {
    const proxy = await startShapeProxy(mock.server.url, { ...contractDialect, ...dialect });
    proxies.push(proxy);
    return proxy;
  };
}

/** Rows of a table: each record with every field any record has, null where it has none. */
function everyColumn(list: Json[]): Json[] {
  const columns = new Set(
    list.flatMap((row) => (row !== null && typeof row === 'object' && !Array.isArray(row) ? Object.keys(row) : [])),
  );
  return list.map((row) =>
    row !== null && typeof row === 'object' && !Array.isArray(row)
      ? Object.fromEntries([...columns].map((column) => [column, (row as Record<string, Json>)[column] ?? null]))
      : row,
  );
}
