/**
 * A bare HTTP server on loopback whose every answer the test scripts: for bodies and behaviours
 * the mock never produces (HTML, truncated streams, odd shapes, echoed headers).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RawServer {
  url: string;
  requests: IncomingMessage[];
  close(): Promise<void>;
}

export async function startRawServer(
  handler: (req: IncomingMessage, res: ServerResponse, count: number) => void,
): Promise<RawServer> {
  const requests: IncomingMessage[] = [];
  const server = createServer((req, res) => {
    requests.push(req);
    handler(req, res, requests.length);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
