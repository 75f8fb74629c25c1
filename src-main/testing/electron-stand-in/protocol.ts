/**
 * `protocol` and `net`: Chromium here knows no app:// scheme, so the stand-in serves each handled
 * scheme from a loopback HTTP origin and calls the handler main registered with the request as
 * app:// (same path and query). A page's address maps back to app:// for IPC senders, so main's
 * sender check compares what it would in Electron; any other origin stays itself and is refused.
 */
import { readFile } from 'node:fs/promises';
import { createServer, request as httpRequest, type IncomingMessage, type RequestOptions, type ServerResponse } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { onShutdown } from './app.ts';

type Handler = (request: Request) => Response | Promise<Response>;
const handlers = new Map<string, Handler>();
const privileged: string[] = [];
/** scheme → the loopback origin standing for it. */
const origins = new Map<string, string>();

export const protocol = {
  registerSchemesAsPrivileged(schemes: Array<{ scheme: string }>) {
    privileged.push(...schemes.map((entry) => entry.scheme));
  },
  async handle(scheme: string, handler: Handler) {
    handlers.set(scheme, handler);
    origins.set(scheme, await serve(scheme));
  },
  isProtocolHandled: (scheme: string) => handlers.has(scheme),
};

async function serve(scheme: string): Promise<string> {
  const server = createServer((request, response) => void answer(scheme, request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onShutdown(async () => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    // close() alone waits on sockets Chromium opened ahead and never used (no request yet).
    server.closeAllConnections();
    await closed;
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function answer(scheme: string, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const host = privileged.includes(scheme) ? (hostOf.get(scheme) ?? '') : '';
  const appUrl = `${scheme}://${host}${request.url ?? '/'}`;
  try {
    const answered = await handlers.get(scheme)!(new Request(appUrl, { method: request.method }));
    response.writeHead(answered.status, Object.fromEntries(answered.headers));
    response.end(Buffer.from(await answered.arrayBuffer()));
  } catch (error) {
    response.writeHead(500).end(String(error));
  }
}

/** The host each scheme's pages were loaded with (app://timeclock/… → "timeclock"). */
const hostOf = new Map<string, string>();

/** The address Chromium loads for an app:// URL (or the URL itself for http, https, data…). */
export function loadableUrl(url: string): string {
  const parsed = new URL(url);
  const scheme = parsed.protocol.slice(0, -1);
  const origin = origins.get(scheme);
  if (!origin) return url;
  hostOf.set(scheme, parsed.host);
  return `${origin}${parsed.pathname}${parsed.search}${parsed.hash}`;
}

/** What Electron would report as a frame's URL: app:// for our loopback origins, else as it is. */
export function electronUrl(url: string): string {
  for (const [scheme, origin] of origins) {
    if (url === origin || url.startsWith(`${origin}/`))
      return `${scheme}://${hostOf.get(scheme) ?? ''}${url.slice(origin.length) || '/'}`;
  }
  return url;
}

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};

export const net = {
  isOnline: () => true,
  /**
   * Electron's net.request as electron-updater uses it: Node's request options, a 'response' whose
   * body streams. Redirects arrive as responses (electron-updater follows them itself).
   */
  request(options: string | (RequestOptions & { session?: unknown; redirect?: string })) {
    if (typeof options === 'string') return (options.startsWith('https:') ? httpsRequest : httpRequest)(options);
    const { session: _session, redirect: _redirect, ...nodeOptions } = options;
    return (nodeOptions.protocol === 'https:' ? httpsRequest : httpRequest)(nodeOptions);
  },
  /** Electron's net.fetch also reads file:// (the app serves its windows that way). */
  async fetch(input: string | Request, init?: RequestInit): Promise<Response> {
    const url = typeof input === 'string' ? input : input.url;
    if (!url.startsWith('file:')) return fetch(input, init);
    try {
      const body = await readFile(fileURLToPath(url));
      return new Response(body, { headers: { 'content-type': types[extname(url)] ?? 'application/octet-stream' } });
    } catch {
      return new Response('Not found', { status: 404 });
    }
  },
};
