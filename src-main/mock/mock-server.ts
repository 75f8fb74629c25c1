/**
 * The embedded mock of both services: the app's default environment, the demo, and what every
 * test talks to over real HTTP. Timeclock under /timeclock, debtors under /debtors, control
 * API under /__mock. Binds to 127.0.0.1 only.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Router from 'find-my-way';
import { createMockControl, type MockControl } from './mock-control.ts';
import type { Handler } from './http/pipeline.ts';
import { sendError } from './http/respond.ts';
import { controlRoutes } from './routes/control-routes.ts';
import { debtorsRoutes } from './routes/debtors-routes.ts';
import { timeclockRoutes, type Routes } from './routes/timeclock-routes.ts';

export interface MockServerOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** How many debtors to generate (default 2,000). */
  debtors?: number;
  seed?: number;
  now?: () => number;
  /**
   * When set, the control API (/__mock/…) answers only requests carrying this token in the
   * `x-mock-token` header: the app's embedded mock uses a random one per session, so no other
   * program or web page can drive it. Unset (the standalone `npm run mock`, tests): open.
   */
  controlToken?: string | null;
}

export interface MockServer {
  /** e.g. http://127.0.0.1:4010 */
  readonly url: string;
  readonly timeclockBaseUrl: string;
  readonly debtorsBaseUrl: string;
  readonly control: MockControl;
  close(): Promise<void>;
}

export const MOCK_HOST = '127.0.0.1';
export const DEFAULT_DEBTORS = 2_000;
export const DEFAULT_SEED = 20_261_121;

export async function startMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  const control = createMockControl({
    debtors: options.debtors ?? DEFAULT_DEBTORS,
    seed: options.seed ?? DEFAULT_SEED,
    now: options.now ?? Date.now,
  });
  const router = Router({
    ignoreTrailingSlash: true,
    defaultRoute: (req, res) => sendError(res, 404, 'not_found', `No such operation: ${req.method} ${req.url}.`),
  });
  const mount = (prefix: string, routes: Routes, headers: Record<string, string> = {}) => {
    for (const { method, path, handler } of routes) {
      router.on(method, prefix + path, (req, res, params) => {
        for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
        return run(handler, { req, res, params, query: queryOf(req.url) });
      });
    }
  };
  // Live state: no cache on the way may keep it (a cached "clocked out" after a punch would be a confident wrong answer).
  mount(
    '/timeclock',
    timeclockRoutes({ state: () => control.timeclock, faults: () => control.faults, random: control.random, now: control.now }),
    { 'cache-control': 'no-store' },
  );
  mount(
    '/debtors',
    debtorsRoutes({
      dataset: () => control.dataset,
      version: () => control.dataVersion,
      changedSince: control.changedSince,
      faults: () => control.faults,
      random: control.random,
    }),
  );
  mount('', controlRoutes(control));

  const server = createServer((req, res) => {
    // The Date header tells the app the service's time: it comes from the mock's clock, not the wall's.
    res.sendDate = false;
    res.setHeader('date', new Date(control.now()).toUTCString());
    // Only loopback names: a web page that rebinds its own host name to 127.0.0.1 is refused.
    if (!isLoopbackHost(req.headers.host))
      return sendError(res, 403, 'forbidden', 'The mock answers only requests addressed to this computer.');
    const target = controlTarget(req.url);
    if (target === 'ambiguous')
      return sendError(res, 400, 'bad_request', 'Request targets must be plain paths ("/…"); this one is ambiguous.');
    if (target === 'control' && options.controlToken && req.headers['x-mock-token'] !== options.controlToken)
      return sendError(res, 403, 'forbidden', 'The mock control API needs this session’s token.');
    router.lookup(req, res);
  });
  await listen(server, options.port ?? 0);
  const { port } = server.address() as AddressInfo;
  const url = `http://${MOCK_HOST}:${port}`;
  return {
    url,
    timeclockBaseUrl: `${url}/timeclock`,
    debtorsBaseUrl: `${url}/debtors`,
    control,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * Whether a request target reaches the control API, judged on the path as the router sees it
 * (percent-decoded, any letter case): the token check once read the raw target, so
 * "/%5f%5fmock/…" or an absolute-form "http://127.0.0.1:port/__mock/…" went past it. Only
 * origin-form targets are taken; a control path written in escapes is refused as ambiguous.
 */
export function controlTarget(url: string | undefined): 'control' | 'service' | 'ambiguous' {
  if (!url?.startsWith('/') || url.startsWith('//')) return 'ambiguous';
  const rawPath = url.split('?')[0]!;
  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    return 'ambiguous';
  }
  if (!/^\/+__mock(\/|$)/i.test(path)) return 'service';
  return path === rawPath ? 'control' : 'ambiguous';
}

const LOOPBACK_HOST = /^(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/i;
const isLoopbackHost = (host: string | undefined) => host !== undefined && LOOPBACK_HOST.test(host);

function queryOf(url: string | undefined): URLSearchParams {
  return new URL(url ?? '/', 'http://mock').searchParams;
}

/** Runs a handler; an unexpected throw becomes a 500 rather than a hung request. */
async function run(handler: Handler, context: Parameters<Handler>[0]): Promise<void> {
  try {
    await handler(context);
  } catch (error) {
    if (context.res.headersSent) context.res.destroy();
    else sendError(context.res, 500, 'server_error', `The mock failed: ${(error as Error).message}`);
  }
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, MOCK_HOST, () => {
      server.off('error', reject);
      resolve();
    });
  });
}
