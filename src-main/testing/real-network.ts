/**
 * Real components of a corporate network, for tests: Debian's squid as the proxy and nginx as a
 * TLS reverse proxy, each started on loopback with a configuration of its own in a temporary
 * folder, and stopped by its PID. `.ci/run` installs both; where they are missing the tests that
 * need them say so (and CI fails: see real-network.test.ts).
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { connect, createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InternalCa } from './corporate-network.ts';

export const SQUID = '/usr/sbin/squid';
export const NGINX = '/usr/sbin/nginx';
const BASIC_HELPER = '/usr/lib/squid/basic_ncsa_auth';
const NTLM_HELPER = '/usr/lib/squid/ntlm_fake_auth';
export const realComponents = { squid: existsSync(SQUID) && existsSync(BASIC_HELPER), nginx: existsSync(NGINX) };

export interface RealServer {
  url: string;
  port: number;
  /** The lines of its access log so far. */
  accessLog(): string[];
  /** Stops it by its PID and waits until it has gone. */
  close(): Promise<void>;
}

/** A port nothing listens on right now (the component binds it next). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => resolve(socket.destroy() === socket));
    socket.once('error', () => resolve(false));
  });

async function started(child: ChildProcess, port: number, log: () => string, name: string): Promise<void> {
  for (let waited = 0; waited < 20_000; waited += 100) {
    if (child.exitCode !== null) throw new Error(`${name} ended at start (${child.exitCode}): ${log().slice(-800)}`);
    if (await accepts(port)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`${name} did not listen on ${port} within 20 s: ${log().slice(-800)}`);
}

function stopper(child: ChildProcess): () => Promise<void> {
  return async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    process.kill(child.pid!, 'SIGTERM');
    const late = setTimeout(() => child.exitCode === null && child.kill('SIGKILL'), 5_000);
    await gone;
    clearTimeout(late);
  };
}

/** A folder squid and nginx can write to whatever user they drop to (they run as root in CI). */
function workFolder(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  chmodSync(dir, 0o777);
  return dir;
}

const readLines = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : []);

export interface SquidOptions {
  /** Proxy sign-in by Basic with this user name and password. */
  basic?: { user: string; password: string };
  /** Proxy sign-in by NTLM only (squid's fake NTLM helper: the scheme, not a domain). */
  ntlm?: boolean;
  /** Ports a CONNECT may go to (a default squid: 443 only); plain http to any other port is forwarded. */
  sslPorts?: readonly number[];
}

/** Squid on loopback, configured as a company's proxy is: CONNECT only to SSL ports, and sign-in if asked. */
export async function startSquid(options: SquidOptions = {}): Promise<RealServer> {
  const dir = workFolder('squid-');
  const port = await freePort();
  const file = (name: string) => join(dir, name);
  const signIn: string[] = [];
  if (options.basic) {
    const hash = execFileSync('openssl', ['passwd', '-apr1', options.basic.password], { encoding: 'utf8' }).trim();
    writeFileSync(file('passwd'), `${options.basic.user}:${hash}\n`, { mode: 0o644 });
    signIn.push(`auth_param basic program ${BASIC_HELPER} ${file('passwd')}`, 'auth_param basic realm Acme proxy');
  }
  if (options.ntlm) signIn.push(`auth_param ntlm program ${NTLM_HELPER}`, 'auth_param ntlm children 1');
  const access =
    signIn.length > 0 ? ['acl signed proxy_auth REQUIRED', 'http_access allow signed'] : ['http_access allow localhost'];
  writeFileSync(
    file('squid.conf'),
    [
      `http_port 127.0.0.1:${port}`,
      `pid_filename ${file('squid.pid')}`,
      `access_log stdio:${file('access.log')} squid`,
      `cache_log ${file('cache.log')}`,
      'cache_store_log none',
      'cache deny all',
      `coredump_dir ${dir}`,
      'netdb_filename none',
      'pinger_enable off',
      'shutdown_lifetime 0 seconds',
      `acl SSL_ports port ${[443, ...(options.sslPorts ?? [])].join(' ')}`,
      'acl CONNECT method CONNECT',
      'http_access deny CONNECT !SSL_ports',
      ...signIn,
      ...access,
      'http_access deny all',
      '',
    ].join('\n'),
  );
  let output = '';
  const child = spawn(SQUID, ['-N', '-f', file('squid.conf')], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  await started(child, port, () => output + readLines(file('cache.log')).join('\n'), 'squid');
  return { url: `http://127.0.0.1:${port}`, port, accessLog: () => readLines(file('access.log')), close: stopper(child) };
}

export interface NginxOptions {
  /** nginx's own default drops header names with underscores; `true` lets them through. */
  underscoresInHeaders?: boolean;
  http2?: boolean;
  /**
   * A shared cache of answers, as a company's reverse proxy keeps to serve its fleet: answers kept
   * 10 minutes, revalidated with the service's ETag after; the access log then reads
   * "METHOD URI STATUS CACHE-STATUS" (HIT, MISS, REVALIDATED…).
   */
  cache?: boolean;
}

/** nginx on loopback serving TLS with the internal CA's certificate, in front of `upstream` (plain http). */
export async function startNginx(ca: InternalCa, upstream: string, options: NginxOptions = {}): Promise<RealServer> {
  const dir = workFolder('nginx-');
  const port = await freePort();
  const file = (name: string) => join(dir, name);
  writeFileSync(file('server.pem'), ca.certPem, { mode: 0o644 });
  writeFileSync(file('server.key'), ca.keyPem, { mode: 0o644 });
  writeFileSync(
    file('nginx.conf'),
    `daemon off;
master_process off;
worker_processes 1;
pid ${file('nginx.pid')};
error_log ${file('error.log')} warn;
events { worker_connections 256; }
http {
  ${
    options.cache
      ? `log_format cached '$request_method $uri $status $upstream_cache_status';
  access_log ${file('access.log')} cached;
  proxy_cache_path ${file('cache')} keys_zone=lists:4m max_size=256m;`
      : `access_log ${file('access.log')};`
  }
  client_body_temp_path ${file('body')};
  proxy_temp_path ${file('proxy')};
  fastcgi_temp_path ${file('fastcgi')};
  uwsgi_temp_path ${file('uwsgi')};
  scgi_temp_path ${file('scgi')};
  ${options.underscoresInHeaders ? 'underscores_in_headers on;' : ''}
  server {
    listen 127.0.0.1:${port} ssl${options.http2 ? ' http2' : ''};
    ssl_certificate ${file('server.pem')};
    ssl_certificate_key ${file('server.key')};
    location / {
      proxy_pass ${upstream};
      proxy_http_version 1.1;
      proxy_set_header Host $http_host;
      ${options.cache ? 'proxy_cache lists; proxy_cache_valid 200 10m; proxy_cache_revalidate on;' : 'proxy_buffering off;'}
    }
  }
}
`,
  );
  let output = '';
  const child = spawn(NGINX, ['-p', dir, '-c', file('nginx.conf')], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  await started(child, port, () => output + readLines(file('error.log')).join('\n'), 'nginx');
  return { url: `https://127.0.0.1:${port}`, port, accessLog: () => readLines(file('access.log')), close: stopper(child) };
}
