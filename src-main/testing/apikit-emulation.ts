/**
 * The API behind the gateway as MuleSoft's APIkit scaffolds it from its RAML: the router checks a
 * request against the RAML before any flow runs, and the scaffolded error handlers answer with one
 * field — https://docs.mulesoft.com/apikit/latest/apikit-error-handling-reference: 400 "Bad
 * request", 404 "Resource not found", 405 "Method not allowed" (no Allow header), 415 "Unsupported
 * media type", 501 "Not implemented". An error no handler maps is Mule's default: a 500 in text/plain.
 */
import type { IncomingMessage } from 'node:http';
import { instantToWallIso, wallTimeToInstant, zoneOffsetMs } from '../core/api/time-zone.ts';

export interface ApikitBehaviour {
  /**
   * The RAML's type of `startingDateTime`: `datetime` (RFC 3339, an offset required) or
   * `datetime-only` (no offset allowed, as DataWeave's LocalDateTime) — anything else is a 400.
   */
  dateType?: 'datetime' | 'datetime-only';
  /** The one method the RAML declares for a clock-out (the others get 405). */
  clockOutMethod?: 'PATCH' | 'PUT';
  /** Routes declared in the RAML whose flow is not written yet (501), as path endings ("Debtors/CreditBureau"). */
  notImplemented?: string[];
  /** Every request that reaches a flow fails in it (an unhandled error: text/plain 500). */
  unhandledError?: boolean;
  /**
   * How DataWeave writes the times it returns, in the server's zone: with the zone's offset and no
   * milliseconds (`2026-11-26T07:13:55-03:00`), as a `datetime-only` wall time without any zone, or
   * as that wall time in a DataWeave literal's bars (`|2026-11-26T07:13:55|`, a flow that writes its
   * value as `application/dw` text).
   * https://docs.mulesoft.com/dataweave/latest/dataweave-types#dw_type_dates
   */
  times?: { zone: string; written: 'offset' | 'local' | 'literal' };
}

export interface ApikitAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const MESSAGES: Record<number, string> = {
  400: 'Bad request',
  404: 'Resource not found',
  405: 'Method not allowed',
  406: 'Not acceptable',
  415: 'Unsupported media type',
  501: 'Not implemented',
};

const DATE_TYPES = {
  datetime: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/,
  'datetime-only': /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?$/,
};

/** APIkit's scaffolded answer for a status, as its error handler writes it. */
export function apikitError(status: number): ApikitAnswer {
  const message = MESSAGES[status];
  if (message === undefined)
    return {
      status,
      headers: { 'content-type': 'text/plain' },
      body: 'An error occurred while processing the request.',
    };
  return { status, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ message }) };
}

/** What the APIkit router answers before any flow runs, or null when the request reaches its flow. */
export function apikitRouter(req: IncomingMessage, url: URL, apikit: ApikitBehaviour): ApikitAnswer | null {
  const method = req.method ?? 'GET';
  const isWrite = method === 'POST' || method === 'PUT' || method === 'PATCH';
  const oneEvent = /\/clockedTimeEvents\/[^/]+$/.test(url.pathname);
  if (oneEvent && method !== 'GET' && method !== (apikit.clockOutMethod ?? 'PATCH')) return apikitError(405);
  if (isWrite && !(req.headers['content-type'] ?? '').startsWith('application/json')) return apikitError(415);
  const since = url.searchParams.get('startingDateTime');
  if (since !== null && apikit.dateType && !DATE_TYPES[apikit.dateType].test(since)) return apikitError(400);
  if (apikit.notImplemented?.some((route) => url.pathname.endsWith(`/${route}`))) return apikitError(501);
  if (apikit.unhandledError) return apikitError(500);
  return null;
}

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** The query for the flow: a `datetime-only` filter is a wall time in the server's zone (UTC unless set). */
export function apikitQuery(url: URL, apikit: ApikitBehaviour): string {
  const params = new URLSearchParams(url.search);
  const since = params.get('startingDateTime');
  if (since !== null && DATE_TYPES['datetime-only'].test(since)) {
    const zone = apikit.times?.zone ?? 'UTC';
    params.set('startingDateTime', new Date(wallTimeToInstant(Date.parse(`${since}Z`), zone)).toISOString());
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** A flow's JSON answer with its times as DataWeave writes them in the server's zone. */
export function apikitTimes(text: string, apikit: ApikitBehaviour): string {
  const times = apikit.times;
  if (!times || text === '') return text;
  return JSON.stringify(JSON.parse(text), (_key, value: unknown) => {
    if (typeof value !== 'string' || !INSTANT.test(value)) return value;
    const ms = Date.parse(value);
    const wall = instantToWallIso(ms, times.zone);
    if (times.written === 'local') return wall;
    if (times.written === 'literal') return `|${wall}|`;
    const offset = zoneOffsetMs(times.zone, ms) / 60_000;
    const sign = offset < 0 ? '-' : '+';
    const pad = (n: number) => String(Math.floor(Math.abs(n))).padStart(2, '0');
    return `${wall}${offset === 0 ? 'Z' : `${sign}${pad(offset / 60)}:${pad(offset % 60)}`}`;
  });
}
