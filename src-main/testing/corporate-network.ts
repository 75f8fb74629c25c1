/**
 * A corporate network on loopback, for tests: an internal CA made with openssl, an HTTPS server
 * signed by it that forwards to a real server of ours (the mock), and an HTTP CONNECT proxy that
 * counts the tunnels it opened.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, request, type IncomingHttpHeaders } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface InternalCa {
  caPem: string;
  keyPem: string;
  certPem: string;
}

/** A CA and a server certificate for 127.0.0.1 signed by it. */
export function makeInternalCa(name = 'Test Internal CA'): InternalCa {
  const dir = mkdtempSync(join(tmpdir(), 'internal-ca-'));
  const file = (name: string) => join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' });
  openssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '2',
    '-subj',
    `/CN=${name}`,
    '-keyout',
    file('ca.key'),
    '-out',
    file('ca.pem'),
  );
  openssl(
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-subj',
    '/CN=127.0.0.1',
    '-keyout',
    file('server.key'),
    '-out',
    file('server.csr'),
  );
  writeFileSync(file('ext.cnf'), 'subjectAltName=IP:127.0.0.1\nbasicConstraints=CA:FALSE\n');
  openssl(
    'x509',
    '-req',
    '-in',
    file('server.csr'),
    '-CA',
    file('ca.pem'),
    '-CAkey',
    file('ca.key'),
    '-CAcreateserial',
    '-days',
    '2',
    '-extfile',
    file('ext.cnf'),
    '-out',
    file('server.pem'),
  );
  return {
    caPem: readFileSync(file('ca.pem'), 'utf8'),
    keyPem: readFileSync(file('server.key'), 'utf8'),
    certPem: readFileSync(file('server.pem'), 'utf8'),
  };
}

export interface LoopbackServer {
  url: string;
  close(): Promise<void>;
}

const closer = (server: { close(done: () => void): void; closeAllConnections?: () => void }) => () =>
  new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections?.();
  });

/** An HTTPS server with the CA's certificate that forwards every request to `target` (plain HTTP). */
export async function startHttpsFront(ca: InternalCa, target: string): Promise<LoopbackServer> {
  const origin = new URL(target);
  const server = createHttpsServer({ key: ca.keyPem, cert: ca.certPem }, (req, res) => {
    const upstream = request(
      { host: origin.hostname, port: origin.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `https://127.0.0.1:${(server.address() as AddressInfo).port}`, close: closer(server) };
}

export interface ProxyBehaviour {
  /**
   * Wants a sign-in (407 with this Proxy-Authenticate value), for tunnels and plain requests alike;
   * accepted only as Basic with `acceptBasic` ("user:password").
   */
  signIn?: string;
  acceptBasic?: string;
  /** Forwards plain-http requests in absolute form (as squid does), recording each URL. */
  forwardPlain?: boolean;
  /** Refuses a CONNECT to these "host:port" targets with 403, as a default squid refuses non-SSL ports. */
  refuseConnectTo?: readonly string[];
}

/** An HTTP proxy that opens CONNECT tunnels (and, if asked, forwards plain requests), recording each. */
export async function startConnectProxy(
  behaviour: ProxyBehaviour = {},
): Promise<LoopbackServer & { tunnels: string[]; forwarded: string[]; authorizations: string[] }> {
  const authorizations: string[] = [];
  const tunnels: string[] = [];
  const forwarded: string[] = [];
  const sockets = new Set<Socket>();
  /** Whether a request gets past the proxy's sign-in (recording each Proxy-Authorization it was sent). */
  const signedIn = (headers: IncomingHttpHeaders) => {
    authorizations.push(headers['proxy-authorization'] ?? '');
    return (
      !behaviour.signIn ||
      (behaviour.acceptBasic !== undefined &&
        headers['proxy-authorization'] === `Basic ${Buffer.from(behaviour.acceptBasic).toString('base64')}`)
    );
  };
  const server = createHttpServer((req, res) => {
    if (!signedIn(req.headers)) return void res.writeHead(407, { 'proxy-authenticate': behaviour.signIn! }).end();
    if (!behaviour.forwardPlain || !req.url?.startsWith('http://')) return void res.writeHead(405).end('CONNECT only');
    forwarded.push(req.url);
    const target = new URL(req.url);
    const upstream = request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: `${target.pathname}${target.search}`,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  server.on('connect', (req, client: Socket, head: Buffer) => {
    client.on('error', () => {});
    if (!signedIn(req.headers))
      return void client.end(`HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: ${behaviour.signIn}\r\n\r\n`);
    if (behaviour.refuseConnectTo?.includes(req.url ?? '')) return void client.end('HTTP/1.1 403 Forbidden\r\n\r\n');
    tunnels.push(req.url ?? '');
    const [host, port] = (req.url ?? '').split(':');
    const upstream = connect(Number(port), host!, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => sockets.delete(socket));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const close = closer(server);
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    tunnels,
    forwarded,
    authorizations,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await close();
    },
  };
}
