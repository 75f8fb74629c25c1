/**
 * Whose certificate a server presents when it is not trusted here — read on a connection of its
 * own that trusts nothing and sends nothing (the TLS handshake only, then closed). Behind a
 * TLS-inspecting proxy (Zscaler, Netskope, Blue Coat…) that is the proxy's CA in place of the
 * service's: named, so IT knows which CA to add; and where the environment has a CA set, said
 * when that CA is not the one.
 */
import { X509Certificate } from 'node:crypto';
import * as net from 'node:net';
import * as tls from 'node:tls';
import { Client } from 'undici';
import { certificateBlocks } from '../../shared/pem.ts';

/** A certificate not trusted here, with its issuer as presented and the CAs the environment sets. */
export class UntrustedCertificateError extends Error {
  constructor(
    override readonly cause: unknown,
    readonly issuer: string | null,
    readonly configuredCas: string[],
  ) {
    super('TLS certificate not trusted', { cause });
    this.name = 'UntrustedCertificateError';
  }
}

const UNTRUSTED_CODES = new Set([
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
]);

/** The error code of a certificate not trusted, anywhere along the causes of a failed request. */
export function untrustedCertificateCode(error: unknown): string | null {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    const code = (current as { code?: string }).code;
    if (code !== undefined && UNTRUSTED_CODES.has(code)) return code;
  }
  return null;
}

/** "CN=Acme Root CA" of each certificate of a PEM bundle, as people know a CA by name. */
export function caNames(pem: string | null): string[] {
  if (!pem) return [];
  return certificateBlocks(pem).flatMap((block) => {
    try {
      return [nameOf(new X509Certificate(block).subject)];
    } catch {
      return [];
    }
  });
}

/** The common name of a distinguished name ("CN=…\nO=…"), or the whole on one line. */
const nameOf = (distinguished: string) => /(?:^|\n)CN=([^\n]+)/.exec(distinguished)?.[1] ?? distinguished.split('\n').join(', ');

/** The top issuer of the chain the server at `url` presents, through `proxy` (a CONNECT tunnel) or direct. */
export async function presentedIssuer(url: string, proxy: string | null, proxyToken: string | null): Promise<string | null> {
  const target = new URL(url);
  if (target.protocol !== 'https:') return null;
  const port = Number(target.port || 443);
  const signal = AbortSignal.timeout(5_000);
  let client: Client | null = null;
  try {
    let socket: net.Socket;
    if (proxy === null) socket = net.connect({ host: target.hostname, port });
    else {
      client = new Client(proxy);
      const headers = { host: target.host, ...(proxyToken ? { 'proxy-authorization': proxyToken } : {}) };
      const answer = await client.connect({ path: `${target.hostname}:${port}`, headers, signal });
      socket = answer.socket as net.Socket;
    }
    const chain = await handshake(socket, target.hostname, signal);
    return chain;
  } catch {
    return null;
  } finally {
    void client?.destroy().catch(() => {});
  }
}

/** The TLS handshake alone, trusting nothing: the presented chain's top issuer. */
function handshake(socket: net.Socket, hostname: string, signal: AbortSignal): Promise<string | null> {
  return new Promise((resolve) => {
    const servername = net.isIP(hostname) ? undefined : hostname;
    // Trusts nothing and sends nothing: only to read what is presented.
    const secure = tls.connect({ socket, rejectUnauthorized: false, ...(servername ? { servername } : {}) });
    const done = (issuer: string | null) => {
      secure.destroy();
      resolve(issuer);
    };
    signal.addEventListener('abort', () => done(null), { once: true });
    secure.once('error', () => done(null));
    secure.once('secureConnect', () => {
      let certificate = secure.getPeerCertificate(true);
      // Up the chain as presented, to the last certificate it carries; its issuer is the CA to trust.
      for (let steps = 0; steps < 10 && certificate.issuerCertificate && certificate.issuerCertificate !== certificate; steps++)
        certificate = certificate.issuerCertificate;
      const issuer = certificate.issuer as unknown as Record<string, string> | undefined;
      done(issuer?.CN ?? issuer?.O ?? null);
    });
  });
}
