/**
 * Where a request's time goes: name lookup, connecting, TLS, waiting for the first byte, reading.
 * Taken from what the engine publishes, with no timer of our own around the request: undici's
 * diagnostics channels (`undici:request:create`, `undici:client:sendHeaders`,
 * `undici:request:headers`, `undici:request:trailers`; undici docs, "Diagnostics Channel") and
 * Node's `net.client.socket` channel, whose socket says when its name was looked up ('lookup'),
 * connected ('connect') and secured ('secureConnect'). Node's own fetch and undici's publish on
 * the same channels. Which request belongs to whom travels with AsyncLocalStorage: only requests
 * made inside `measured()` are followed.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { subscribe } from 'node:diagnostics_channel';
import type { Socket } from 'node:net';
import type { RequestPhases } from '../../shared/ipc/contract.ts';

/**
 * `begin`/`ready`: undici starts and finishes a connection (name lookup, TCP and TLS together);
 * `socket`, `lookup`, `connect`, `secure`: the socket's own events, where Node publishes the socket
 * (`net.connect`; `tls.connect` does not on Node 20, so TLS is then told as part of connecting).
 */
type Mark = 'begin' | 'socket' | 'lookup' | 'connect' | 'secure' | 'ready' | 'sent' | 'headers' | 'done';
type Marks = Partial<Record<Mark, number>>;
interface Following {
  /** The marks of each request made inside, the last last (a token fetched first is an earlier one). */
  requests: Marks[];
  /** A connection opened for the request about to be sent. */
  connection: Marks | null;
}

const following = new AsyncLocalStorage<Following>();
const byRequest = new WeakMap<object, Marks>();
let subscribed = false;

const now = () => performance.now();

function subscribeOnce(): void {
  if (subscribed) return;
  subscribed = true;
  subscribe('undici:request:create', (message) => {
    const store = following.getStore();
    if (!store) return;
    const marks: Marks = {};
    store.requests.push(marks);
    byRequest.set((message as { request: object }).request, marks);
  });
  subscribe('undici:client:beforeConnect', () => {
    const store = following.getStore();
    if (store) store.connection = { begin: now() };
  });
  subscribe('net.client.socket', (message) => {
    const marks = following.getStore()?.connection;
    if (!marks || marks.socket !== undefined) return;
    const socket = (message as { socket: Socket }).socket;
    marks.socket = now();
    socket.once('lookup', () => (marks.lookup = now()));
    socket.once('connect', () => (marks.connect = now()));
    socket.once('secureConnect', () => (marks.secure = now()));
  });
  subscribe('undici:client:connected', () => {
    const marks = following.getStore()?.connection;
    if (marks) marks.ready = now();
  });
  const mark = (name: Mark) => (message: unknown) => {
    const marks = byRequest.get((message as { request: object }).request);
    if (!marks) return;
    marks[name] = now();
    // The connection opened for it is the one it is sent on.
    const store = following.getStore();
    if (name === 'sent' && store?.connection) Object.assign(marks, store.connection, { sent: marks.sent });
    if (name === 'sent' && store) store.connection = null;
  };
  subscribe('undici:client:sendHeaders', mark('sent'));
  subscribe('undici:request:headers', mark('headers'));
  subscribe('undici:request:trailers', mark('done'));
}

const between = (marks: Marks, from: Mark | undefined, to: Mark) => {
  const start = from === undefined ? undefined : marks[from];
  const end = marks[to];
  return start === undefined || end === undefined ? null : Math.max(0, Math.round((end - start) * 10) / 10);
};

/** The phases of a request's marks. */
export function phasesOf(marks: Marks): RequestPhases {
  const seen = marks.socket !== undefined && marks.connect !== undefined;
  const afterLookup: Mark = marks.lookup !== undefined ? 'lookup' : 'socket';
  return {
    dnsMs: seen ? between(marks, 'socket', 'lookup') : null,
    // The socket unseen: connecting is all undici tells, name lookup and TLS within it.
    connectMs: seen ? between(marks, afterLookup, 'connect') : between(marks, 'begin', 'ready'),
    tlsMs: seen ? between(marks, 'connect', 'secure') : null,
    waitMs: between(marks, 'sent', 'headers'),
    readMs: between(marks, 'headers', 'done'),
  };
}

/** Runs `work`, following the requests it makes: the phases of the last one that was answered, if any. */
export async function measured<T>(work: () => Promise<T>): Promise<{ value: T; phases: RequestPhases | null }> {
  subscribeOnce();
  const store: Following = { requests: [], connection: null };
  const value = await following.run(store, work);
  const answered = store.requests.filter((marks) => marks.headers !== undefined).at(-1);
  return { value, phases: answered ? phasesOf(answered) : null };
}
