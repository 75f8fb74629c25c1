/**
 * One typed bridge for calling an object's methods in a worker thread: the worker serves the named
 * methods of its object, the main process gets a client with the same methods, each returning a
 * promise — written once for any worker, instead of a hand-written relay per method.
 */
import type { MessagePort, Worker } from 'node:worker_threads';

/** The methods of T, as called from another thread: the same arguments, a promise of the answer. */
export type Remote<T> = {
  [K in keyof T]: T[K] extends (...args: infer A) => infer R ? (...args: A) => Promise<Awaited<R>> : never;
};

type Call = { id: number; method: string; args: unknown[] };
export type WorkerReply<E> = { id: number; ok: true; value: unknown } | { id: number; ok: false; message: string } | { event: E };

/** In the worker: tells the main process of an event (the client's `onEvent` hears it). */
export const postEvent = <E>(port: MessagePort, event: E) => port.postMessage({ event } satisfies WorkerReply<E>);

/** In the worker: answers calls of `methods` (and only those) on `target`. */
export function serveCalls<T>(port: MessagePort, target: T, methods: ReadonlyArray<keyof T & string>) {
  const allowed = new Set<string>(methods);
  port.on('message', async ({ id, method, args }: Call) => {
    try {
      if (!allowed.has(method)) throw new Error(`${method} cannot be called in this worker.`);
      const value = await (target[method as keyof T] as (...parameters: unknown[]) => unknown)(...args);
      port.postMessage({ id, ok: true, value } satisfies WorkerReply<never>);
    } catch (error) {
      port.postMessage({ id, ok: false, message: (error as Error).message } satisfies WorkerReply<never>);
    }
  });
}

/** In the main process: a client for the worker's `methods`; events go to `onEvent`. A worker that stops fails every call waiting. */
export function workerClient<T, E>(
  worker: Worker,
  methods: ReadonlyArray<keyof T & string>,
  onEvent: (event: E) => void,
  words: { crashed: (message: string) => string; closed: string },
): Remote<T> {
  let nextId = 1;
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  worker.on('message', (reply: WorkerReply<E>) => {
    if ('event' in reply) return onEvent(reply.event);
    const waiting = pending.get(reply.id);
    pending.delete(reply.id);
    if (reply.ok) waiting?.resolve(reply.value);
    else waiting?.reject(new Error(reply.message));
  });
  const failAll = (error: Error) => {
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  };
  worker.on('error', (error) => failAll(new Error(words.crashed(error.message))));
  worker.on('exit', () => failAll(new Error(words.closed)));
  const call = (method: string, args: unknown[]) =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, method, args } satisfies Call);
    });
  return Object.fromEntries(methods.map((method) => [method, (...args: unknown[]) => call(method, args)])) as Remote<T>;
}

/** The same client over an object in this thread (tests, and where no worker is wanted). */
export function inProcessClient<T>(target: T, methods: ReadonlyArray<keyof T & string>): Remote<T> {
  const local =
    (method: keyof T & string) =>
    async (...args: unknown[]) =>
      (target[method] as (...parameters: unknown[]) => unknown)(...args);
  return Object.fromEntries(methods.map((method) => [method, local(method)])) as Remote<T>;
}
