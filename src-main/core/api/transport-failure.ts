/**
 * A request that got no usable answer, as the facts of an ApiError: cancelled, timed out (before or
 * after the status line), a body we could not read, or the network's failure — with the proxy or an
 * untrusted certificate named where they are the culprit, never "no network".
 */
import { ProxyError, ProxyUnknownError, UnsupportedProxyError } from './network.ts';
import { UntrustedCertificateError, untrustedCertificateCode } from './presented-certificate.ts';
import type { ApiProblemFacts } from '../../shared/domain/api-problem.ts';
import { BodyTooLargeError, bodyProblemText, NotJsonError } from './read-body.ts';
import { displayUrl } from './url.ts';
import type { FailureFacts } from './status-error.ts';

export interface FailureContext {
  signal: AbortSignal;
  url: URL;
  /** The status line, when it came: a failure after it is the server's, not the network's. */
  answered: number | undefined;
  timeoutMs: number;
  secrets: string[];
}

export function failureFacts(error: unknown, context: FailureContext): FailureFacts {
  const { signal, url, answered, timeoutMs, secrets } = context;
  // With a status line the server did answer: its body stalling or breaking off is its failure, and
  // the error carries the status so that no one reads it as "no network".
  const status = answered === undefined ? {} : { status: answered };
  if (signal.aborted) {
    if (signal.reason === 'cancelled') return { kind: 'cancelled' };
    const reason =
      answered === undefined
        ? `no answer within ${timeoutMs / 1000} s`
        : `it answered ${answered}, but its body did not finish within ${timeoutMs / 1000} s`;
    return { kind: 'timeout', ...status, reason };
  }
  if (error instanceof BodyTooLargeError || error instanceof NotJsonError) {
    return { kind: 'bad-response', reason: bodyProblemText(error, secrets) };
  }
  // Still "unreachable" (a write's outcome is then confirmed by reading, never assumed), but answered.
  const where = answered === undefined ? '' : ` after it answered ${answered}`;
  const culprit = culpritOf(error);
  const certificate = certificateOf(error);
  const signIn = error instanceof ProxyError && error.signIn ? { proxySignIn: { ...error.signIn, proxy: error.proxy } } : {};
  return {
    kind: 'unreachable',
    ...status,
    ...(culprit ? { culprit } : {}),
    ...certificate,
    ...signIn,
    reason: `${networkReason(error)}${where} at ${displayUrl(url)}`,
  };
}

/** The proxy's fault (its rule, its resolver, itself), or a certificate not trusted here: not the service's. */
function culpritOf(error: unknown): ApiProblemFacts['culprit'] {
  if (error instanceof UnsupportedProxyError || error instanceof ProxyUnknownError || error instanceof ProxyError) return 'proxy';
  return untrustedCertificateCode(error) === null ? undefined : 'certificate';
}

/** Whose the untrusted certificate is, and the CAs the environment sets, where the network layer found them. */
function certificateOf(error: unknown): Pick<ApiProblemFacts, 'certificate'> {
  if (!(error instanceof UntrustedCertificateError) || (error.issuer === null && error.configuredCas.length === 0)) return {};
  return { certificate: { issuer: error.issuer, configuredCas: error.configuredCas } };
}

function networkReason(error: unknown): string {
  // The proxy (its rule, its resolver, itself) is the culprit, and is named.
  if (error instanceof UnsupportedProxyError || error instanceof ProxyUnknownError || error instanceof ProxyError)
    return error.message;
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  // fetch refuses a few well-known ports (e.g. 9, 25, 6000) outright.
  if (cause?.message === 'bad port') return 'this port is blocked for web requests; use another port';
  switch (cause?.code) {
    case 'ECONNREFUSED':
      return 'connection refused';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'host name not found';
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
      return 'connection lost';
    case 'ETIMEDOUT':
    case 'UND_ERR_CONNECT_TIMEOUT':
      return 'connection timed out';
    case 'ENETUNREACH':
    case 'EHOSTUNREACH':
      return 'network unreachable';
    default:
      if (untrustedCertificateCode(error) !== null) return 'TLS certificate not trusted';
      return cause?.code ? `network error ${cause.code}` : 'network error';
  }
}
