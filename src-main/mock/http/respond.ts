/** Writing JSON responses, including arrays too large to stringify in one go. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';

export type Headers = Record<string, string>;

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Headers = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

export function sendEmpty(res: ServerResponse, status: number): void {
  res.writeHead(status);
  res.end();
}

export function sendError(
  res: ServerResponse,
  status: number,
  code: string,
  message: string,
  details?: Record<string, unknown>,
  headers: Headers = {},
): void {
  sendJson(res, status, details ? { code, message, details } : { code, message }, headers);
}

const CHUNK_RECORDS = 2_000;

/**
 * Streams a JSON array in chunks, yielding to the event loop between them and honouring
 * back-pressure, so a million records never block the app's main process.
 */
export async function sendJsonArray(res: ServerResponse, items: readonly unknown[]): Promise<void> {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
  res.write('[');
  for (let start = 0; start < items.length; start += CHUNK_RECORDS) {
    if (res.destroyed) return;
    const chunk = items.slice(start, start + CHUNK_RECORDS);
    const text = (start === 0 ? '' : ',') + JSON.stringify(chunk).slice(1, -1);
    if (!res.write(text)) await new Promise((resolve) => res.once('drain', resolve));
    else await yieldToEventLoop();
  }
  res.end(']');
}

/**
 * Like sendJsonArray, but remembers the body under `key` until `version` changes: an unfiltered
 * list is serialised once, not on every full load.
 */
export async function sendCachedJsonArray(
  res: ServerResponse,
  cache: Map<string, { version: number; body: Buffer }>,
  key: string,
  version: number,
  items: readonly unknown[],
  /** The request's If-None-Match: the same version answers 304 with no body, as a real server's ETag does. */
  ifNoneMatch?: string,
): Promise<void> {
  const etag = `"v${version}"`;
  if (ifNoneMatch !== undefined && ifNoneMatch.split(',').some((tag) => tag.trim() === etag)) {
    res.writeHead(304, { etag });
    res.end();
    return;
  }
  const headers = (body: Buffer) => ({ 'content-type': 'application/json; charset=utf-8', 'content-length': body.length, etag });
  const cached = cache.get(key);
  if (cached?.version === version) {
    res.writeHead(200, headers(cached.body));
    res.end(cached.body);
    return;
  }
  const parts: string[] = [];
  for (let start = 0; start < items.length; start += CHUNK_RECORDS) {
    parts.push(JSON.stringify(items.slice(start, start + CHUNK_RECORDS)).slice(1, -1));
    await yieldToEventLoop();
  }
  const body = Buffer.from(`[${parts.filter((part) => part !== '').join(',')}]`);
  cache.set(key, { version, body });
  if (!res.destroyed) {
    res.writeHead(200, headers(body));
    res.end(body);
  }
}

export class BodyError extends Error {}

const MAX_BODY_BYTES = 64 * 1024;

/** Reads a small JSON request body; throws BodyError with a sentence for the client. */
export async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new BodyError(`The request body is larger than ${MAX_BODY_BYTES} bytes.`);
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') throw new BodyError('The request body is empty; a JSON object is required.');
  try {
    return JSON.parse(text);
  } catch {
    throw new BodyError('The request body is not valid JSON.');
  }
}
