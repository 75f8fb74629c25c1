/**
 * An OTLP/HTTP receiver for the fleet tests: takes `POST /v1/<signal>` as OTLP's JSON encoding,
 * keeps the bodies it took by signal, and answers with the statuses a test queues (then `status`).
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface OtlpReceiver {
  url: string;
  /** The JSON bodies taken (answered 200), by signal. */
  bodies: { metrics: unknown[]; logs: unknown[] };
  headers: IncomingHttpHeaders[];
  /** How many requests came, whatever the answer. */
  requests: number;
  /** Statuses to answer with, in turn; `status` once they run out. */
  answers: number[];
  status: number;
  close(): Promise<void>;
}

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const receiver: OtlpReceiver = {
    url: '',
    bodies: { metrics: [], logs: [] },
    headers: [],
    requests: 0,
    answers: [],
    status: 200,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      receiver.requests++;
      receiver.headers.push(request.headers);
      const status = receiver.answers.shift() ?? receiver.status;
      const signal = /^\/v1\/(metrics|logs)$/.exec(request.url ?? '')?.[1] as 'metrics' | 'logs' | undefined;
      if (status === 200 && signal && request.headers['content-type']?.startsWith('application/json'))
        receiver.bodies[signal].push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      response.writeHead(status, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return receiver;
}
