/**
 * Reads the status page IT names at a polite interval, apart from the health checks: the watch
 * never waits on it. Each read has its own timeout and size cap; a page that is down, slow, huge
 * or not one we know keeps what was read before (said as "last read at …") and is read again less
 * often, doubling up to an hour — never retried in a loop. What it publishes is
 * status-page-read.ts's shape.
 */
import { BodyTooLargeError, readCappedText } from '../api/read-body.ts';
import type { TimeSource } from '../util/time-source.ts';
import { createEmitter } from '../util/emitter.ts';
import { readStatusPage, type PublishedStatus } from './status-page-read.ts';

/** Why the last read gave nothing new: the facts, worded where shown. */
export type StatusPageProblem = 'unreachable' | 'timeout' | 'status' | 'too-large' | 'not-json' | 'unknown-shape';

export interface StatusPageState {
  url: string;
  published: PublishedStatus | null;
  /** When `published` was read. */
  readAt: number | null;
  problem: StatusPageProblem | null;
  /** The HTTP status of a refused read. */
  status: number | null;
}

export interface StatusPageWatchOptions {
  time: TimeSource;
  /** IT's address of the page's API; empty: none, nothing is read. */
  url: () => string;
  /** Minutes between reads while the page answers. */
  minutes: () => number;
  fetch: typeof fetch;
  timeoutMs?: number;
  maxBytes?: number;
  random?: () => number;
}

export interface StatusPageWatch {
  start(): void;
  stop(): void;
  /** Reads now (and settles when read); the schedule goes on from here. */
  readNow(): Promise<void>;
  state(): StatusPageState | null;
  /** What was read changed (null: IT took the address away). */
  onChange(listener: (state: StatusPageState | null) => void): () => void;
}

const MAX_WAIT_MS = 3_600_000;
const FIRST_READ_MS: [number, number] = [5_000, 30_000];

/** One read of the page: what it publishes, or why not. */
async function readOnce(
  url: string,
  { fetch, timeoutMs = 10_000, maxBytes = 1024 * 1024 }: StatusPageWatchOptions,
): Promise<{ published: PublishedStatus } | { problem: StatusPageProblem; status?: number }> {
  let response: Response;
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    response = await fetch(url, { headers: { accept: 'application/json' }, redirect: 'follow', signal });
  } catch {
    return { problem: signal.aborted ? 'timeout' : 'unreachable' };
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => {});
    return { problem: 'status', status: response.status };
  }
  let body: unknown;
  try {
    body = JSON.parse(await readCappedText(response, { maxBytes, signal }));
  } catch (error) {
    if (signal.aborted) return { problem: 'timeout' };
    if (error instanceof BodyTooLargeError) return { problem: 'too-large' };
    return { problem: error instanceof SyntaxError ? 'not-json' : 'unreachable' };
  }
  const published = readStatusPage(body, url);
  return published ? { published } : { problem: 'unknown-shape' };
}

export function createStatusPageWatch(options: StatusPageWatchOptions): StatusPageWatch {
  const { time } = options;
  const random = options.random ?? Math.random;
  const changes = createEmitter<{ change: StatusPageState | null }>();
  let current: StatusPageState | null = null;
  let timer: unknown = null;
  let failures = 0;
  let running = false;

  const schedule = (ms: number) => {
    time.clearTimeout(timer);
    // ±10 %: a fleet never reads in lockstep.
    if (running) timer = time.setTimeout(() => void readNow(), Math.round(ms * (0.9 + random() * 0.2)));
  };

  async function readNow(): Promise<void> {
    const url = options.url().trim();
    if (url === '') {
      if (current !== null) changes.emit('change', (current = null));
      return schedule(options.minutes() * 60_000);
    }
    const outcome = await readOnce(url, options);
    const before = current?.url === url ? current : null;
    if ('published' in outcome) {
      failures = 0;
      current = { url, published: outcome.published, readAt: time.now(), problem: null, status: null };
    } else {
      failures++;
      current = {
        url,
        published: before?.published ?? null,
        readAt: before?.readAt ?? null,
        problem: outcome.problem,
        status: outcome.status ?? null,
      };
    }
    changes.emit('change', current);
    schedule(Math.min(MAX_WAIT_MS, options.minutes() * 60_000 * 2 ** Math.min(failures, 6)));
  }

  return {
    start() {
      running = true;
      schedule(FIRST_READ_MS[0] + random() * (FIRST_READ_MS[1] - FIRST_READ_MS[0]));
    },
    stop() {
      running = false;
      time.clearTimeout(timer);
    },
    readNow,
    state: () => current,
    onChange: (listener) => changes.on('change', listener),
  };
}
