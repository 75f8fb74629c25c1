/**
 * The steps every service request of the mock goes through before its handler: injected latency,
 * authentication, then injected rate limiting and server errors.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { checkAuth } from '../auth.ts';
import { judgeRequest, type ServiceName, type SystemFaults, type ServiceFaults } from '../faults.ts';
import { sendError } from './respond.ts';

export interface RequestContext {
  req: IncomingMessage;
  res: ServerResponse;
  params: Record<string, string | undefined>;
  query: URLSearchParams;
}

export type Handler = (context: RequestContext) => void | Promise<void>;

export interface GuardOptions {
  service: ServiceName;
  faults: () => SystemFaults | ServiceFaults;
  random: () => number;
}

export function guarded(options: GuardOptions, handler: Handler): Handler {
  return async (context) => {
    const { req, res } = context;
    const faults = options.faults();
    if (faults.latencyMs > 0) {
      const gone = new AbortController();
      res.once('close', () => gone.abort());
      try {
        await sleep(faults.latencyMs, undefined, { signal: gone.signal });
      } catch {
        return; // the client went away while we were being slow on purpose
      }
    }
    const auth = checkAuth(req, options.service);
    if (auth.kind === 'unauthorized') return sendError(res, 401, 'unauthorized', auth.message);
    if (auth.kind === 'forbidden') return sendError(res, 403, 'forbidden', auth.message);

    const verdict = judgeRequest(faults, options.random);
    if (verdict.kind === 'rate-limited') {
      const seconds = verdict.retryAfterSeconds;
      return sendError(
        res,
        429,
        'rate_limited',
        `Too many requests; try again in ${seconds} s.`,
        { retryAfterSeconds: seconds },
        { 'retry-after': String(seconds) },
      );
    }
    if (verdict.kind === 'server-error') {
      return sendError(res, 500, 'server_error', 'The server failed unexpectedly (injected fault).');
    }
    if ('unavailable' in faults && faults.unavailable !== false) {
      const headers = typeof faults.unavailable === 'number' ? { 'retry-after': String(faults.unavailable) } : undefined;
      return sendError(res, 503, 'unavailable', `The ${options.service} service is temporarily unavailable.`, undefined, headers);
    }
    if (faults.replyDelayMs > 0) holdReply(res, faults.replyDelayMs);
    await handler(context);
  };
}

/** Lets the handler finish its work now while the reply leaves only after `delayMs`. */
function holdReply(res: ServerResponse, delayMs: number): void {
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  res.end = ((...args: unknown[]) => {
    setTimeout(() => {
      if (!res.destroyed) end(...args);
    }, delayMs).unref();
    return res;
  }) as ServerResponse['end'];
}
