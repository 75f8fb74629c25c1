/**
 * A fault-injecting HTTP proxy on loopback, in front of a real server: each request, chosen by a
 * seeded generator, passes, is answered 502/503 without reaching the server, reaches the server
 * but loses its answer (connection closed), is held past the client's timeout, or is cut in the
 * middle of the answer's body. For fault campaigns: what the server did is the truth to compare with.
 */
import { createServer, request as forward, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRandom } from '../mock/data/random.ts';

export type Fault = 'pass' | 'unavailable' | 'bad-gateway' | 'drop-after-forwarding' | 'delay-past-timeout' | 'reset-mid-body';

export interface FaultMix {
  /** Probabilities of each fault; the rest passes. */
  unavailable: number;
  badGateway: number;
  dropAfterForwarding: number;
  delayPastTimeout: number;
  resetMidBody: number;
  /** How long a delayed answer is held. */
  delayMs: number;
}

export interface FaultProxy {
  url: string;
  /** Faults injected so far, by kind. */
  counts: Record<Fault, number>;
  /** Turns faults on or off (off: every request passes). */
  setEnabled(enabled: boolean): void;
  close(): Promise<void>;
}

// Over 80 lines on purpose: test support: the faults it can inject, one short function each.
export async function startFaultProxy(target: string, mix: FaultMix, seed: number): Promise<FaultProxy> {
  const random = createRandom(seed);
  const origin = new URL(target);
  const counts: Record<Fault, number> = {
    pass: 0,
    unavailable: 0,
    'bad-gateway': 0,
    'drop-after-forwarding': 0,
    'delay-past-timeout': 0,
    'reset-mid-body': 0,
  };
  let enabled = true;
  const pending = new Set<NodeJS.Timeout>();

  function choose(): Fault {
    if (!enabled) return 'pass';
    let roll = random.next();
    const table: Array<[Fault, number]> = [
      ['unavailable', mix.unavailable],
      ['bad-gateway', mix.badGateway],
      ['drop-after-forwarding', mix.dropAfterForwarding],
      ['delay-past-timeout', mix.delayPastTimeout],
      ['reset-mid-body', mix.resetMidBody],
    ];
    for (const [fault, probability] of table) {
      if (roll < probability) return fault;
      roll -= probability;
    }
    return 'pass';
  }

  function relay(req: IncomingMessage, res: ServerResponse, fault: Fault): void {
    const upstream = forward(
      { host: origin.hostname, port: origin.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => deliver(res, answer, Buffer.concat(chunks), fault));
      },
    );
    upstream.on('error', () => res.socket?.destroy());
    req.pipe(upstream);
  }

  function deliver(res: ServerResponse, answer: IncomingMessage, body: Buffer, fault: Fault): void {
    const headers = { ...answer.headers, 'content-length': String(body.length) };
    if (fault === 'drop-after-forwarding') return void res.socket?.destroy();
    if (fault === 'reset-mid-body') {
      res.writeHead(answer.statusCode ?? 502, headers);
      res.write(body.subarray(0, Math.max(1, Math.floor(body.length / 2))));
      setImmediate(() => res.socket?.destroy());
      return;
    }
    const send = () => void res.writeHead(answer.statusCode ?? 502, headers).end(body);
    if (fault !== 'delay-past-timeout') return send();
    const timer = setTimeout(() => {
      pending.delete(timer);
      if (!res.destroyed) send();
    }, mix.delayMs);
    pending.add(timer);
  }

  const server = createServer((req, res) => {
    const fault = choose();
    counts[fault]++;
    if (fault === 'unavailable' || fault === 'bad-gateway') {
      req.resume();
      res.writeHead(fault === 'unavailable' ? 503 : 502, { 'content-type': 'text/plain' }).end('Injected fault');
      return;
    }
    relay(req, res, fault);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    counts,
    setEnabled: (value) => void (enabled = value),
    close: () =>
      new Promise((resolve) => {
        for (const timer of pending) clearTimeout(timer);
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
