/**
 * A failed request in words, from its facts: the service and environment, the operation, what
 * went wrong and what the user can do. The core words a problem where it shows it (with its live
 * translate); the lookup window words the facts its worker sent. Logs take the English.
 */
import type { ApiProblemFacts } from '../domain/api-problem.ts';
import type { Translate } from './translator.ts';

/** A wait in words; a Retry-After of days is not repeated verbatim. */
export function waitText(ms: number | undefined, t: Translate): string {
  if (ms === undefined) return t('apiError.wait.moment');
  if (ms > 2 * 3_600_000) return t('apiError.wait.hours');
  if (ms > 120_000) return t('duration.minutes', { minutes: Math.ceil(ms / 60_000) });
  return t('time.seconds', { seconds: Math.ceil(ms / 1000) });
}

export function describeApiError(facts: ApiProblemFacts, t: Translate): string {
  const sentence = describeFailure(facts, t);
  // IT's API portal, where credentials are missing or refused: where access is requested.
  return facts.portal ? `${sentence} ${t('apiError.portal', { portal: facts.portal })}` : sentence;
}

function describeFailure(facts: ApiProblemFacts, t: Translate): string {
  const environment = facts.environment;
  const where = t('apiError.where', { service: facts.service, environment });
  const op = t('apiError.operation', { operation: facts.operation, subject: facts.subject ?? 'none' });
  // The server's words as it wrote them; a full stop after the quote where they have none.
  const said = facts.serverMessage
    ? t('apiError.said', { message: facts.serverMessage }) + (/[.!?…]["”»]?$/.test(facts.serverMessage.trim()) ? '' : '.')
    : '';
  const inParentheses = facts.reason ? ` (${facts.reason})` : '';
  const status = String(facts.status ?? '');
  switch (facts.kind) {
    case 'unreachable':
      if (facts.proxySignIn)
        return t('apiError.proxySignIn', {
          where,
          op,
          why: facts.proxySignIn.why,
          proxy: facts.proxySignIn.proxy,
          schemes: facts.proxySignIn.schemes.join(', ') || '?',
        });
      if (facts.culprit === 'proxy') return t('apiError.proxyFault', { where, op, reason: facts.reason ?? '' });
      if (facts.culprit === 'certificate') return untrustedCertificateWords(facts, { where, op, inParentheses }, t);
      return t('apiError.unreachable', { where, op, reason: inParentheses, environment });
    case 'timeout':
      return t('apiError.timeout', { where, op, reason: inParentheses });
    case 'cancelled':
      return t('apiError.cancelled', { where, op });
    case 'unauthorized':
      if (facts.signIn === 'no-secret') return t('apiError.noSecret', { op, environment });
      if (facts.signIn === 'wants-oauth') return t('apiError.wantsOAuth', { where, op, said });
      if (facts.signIn === 'headers-dropped') return t('apiError.headersDropped', { where, op, said, environment });
      if (facts.signIn === 'client-missing') return t('apiError.clientMissing', { where, op, said, environment });
      if (facts.signIn === 'refused-or-pending') return t('apiError.refusedOrPending', { where, op, said, environment });
      if (facts.signIn === 'token-refused') return t('apiError.tokenRefused', { where, op, said, environment });
      if (facts.signIn === 'wants-key')
        return t('apiError.wantsKey', { where, op, said, environment, gateway: gatewayWord(facts.gateway) });
      if (facts.reason) return t('apiError.signInFailed', { where, op, reason: facts.reason, environment });
      return t('apiError.unauthorized', { where, op, environment, said });
    case 'forbidden':
      return t('apiError.forbidden', { where, op, service: facts.service });
    case 'rate-limited':
      return t('apiError.rateLimited', {
        where,
        op,
        wait: waitText(facts.retryAfterMs, t),
        status: status || '429',
        quota: facts.quota ? 'yes' : 'no',
      });
    case 'bad-response':
      if (facts.webPage)
        return t('apiError.webPage', {
          where,
          op,
          host: facts.webPage.host,
          signIn: facts.webPage.signIn ? 'yes' : 'no',
          environment,
        });
      if (facts.unknownState !== undefined) return t('apiError.unknownState', { where, op, word: facts.unknownState });
      return t('apiError.badResponse', { where, op, reason: facts.reason ?? t('apiError.unexpectedContent') });
    case 'redirected':
      if (facts.toSignIn) return t('apiError.redirectedToSignIn', { where, op, host: hostOf(facts.location) });
      return t('apiError.redirected', {
        where,
        op,
        status: status || '3xx',
        location: facts.location ?? t('apiError.anotherAddress'),
        environment,
      });
    case 'not-supported':
      return t('apiError.notSupported', {
        where,
        op,
        status: status || t('apiError.refusedStatus'),
        wants: facts.wants ? t('apiError.accepts', { wants: facts.wants }) : '',
        said,
      });
    default:
      if (facts.emptyAnswer) return t('apiError.emptyAnswer', { where, op, status: status || '5xx' });
      if (facts.gatewayTimeout) return t('apiError.gatewayTimeout', { where, op, status: status || '504' });
      if (facts.gatewayUnreached) return t('apiError.gatewayUnreached', { where, op, status: status || '502' });
      if (facts.wrongBaseUrl) return t('apiError.wrongBaseUrl', { where, op, status: status || '404', environment });
      // bad-request, not-found, conflict, unprocessable, server: the server's own words follow.
      return t('apiError.refused', { kind: camelCase(facts.kind), where, op, status: status || '5xx', said });
  }
}

/** A certificate not trusted: whose it is, and whether the CA the environment sets is the one that issued it. */
function untrustedCertificateWords(
  facts: ApiProblemFacts,
  words: { where: string; op: string; inParentheses: string },
  t: Translate,
): string {
  const { where, op, inParentheses } = words;
  const sentence = t('apiError.untrustedCertificate', { where, op, reason: inParentheses, environment: facts.environment });
  const issuer = facts.certificate?.issuer;
  const configured = facts.certificate?.configuredCas ?? [];
  const more = [
    ...(issuer ? [t('apiError.certificateIssuer', { issuer })] : []),
    ...(configured.length > 0 ? [t('apiError.certificateNotFromCa', { cas: configured.join(', ') })] : []),
  ];
  return [sentence, ...more].join(' ');
}

/** A gateway as a select key of the catalogue ("azure-apim" → "azureApim"); none: "other". */
export const gatewayWord = (gateway: ApiProblemFacts['gateway']) => (gateway ? camelCase(gateway) : 'other');

/** "bad-request" → "badRequest": ICU's select keys have no hyphens. */
const camelCase = (kind: string) => kind.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());

/**
 * What went wrong, in a few words that lead a notification (platforms cut bodies at about 120
 * characters): never the environment's name, never the server's free text. The panel and the
 * status window keep the whole sentence (describeApiError).
 */
export function causeOf(facts: ApiProblemFacts, t: Translate): string {
  const service = facts.service;
  if (facts.kind === 'unreachable') {
    if (facts.proxySignIn) return t('cause.proxySignIn', { proxy: facts.proxySignIn.proxy, why: facts.proxySignIn.why });
    if (facts.culprit === 'certificate') return t('cause.certificate', { service });
    if (facts.culprit === 'proxy') return t('cause.proxy');
    return t('cause.unreachable', { service });
  }
  if (facts.kind === 'unauthorized' && facts.signIn === 'no-secret') return t('cause.noSecret');
  if (facts.kind === 'unauthorized' && facts.signIn === 'refused-or-pending') return t('cause.refusedOrPending', { service });
  if (facts.kind === 'unauthorized' && facts.signIn === 'token-refused') return t('cause.tokenRefused', { service });
  if (facts.kind === 'rate-limited') return t('cause.rateLimited', { service, wait: waitText(facts.retryAfterMs, t) });
  if (facts.webPage || facts.toSignIn)
    return t('cause.webPage', { service, signIn: facts.webPage?.signIn === false ? 'no' : 'yes' });
  if (facts.emptyAnswer) return t('cause.emptyAnswer', { service, status: String(facts.status ?? '5xx') });
  if (facts.gatewayTimeout) return t('cause.gatewayTimeout', { service, status: String(facts.status ?? '504') });
  if (facts.gatewayUnreached) return t('cause.gatewayUnreached', { service, status: String(facts.status ?? '502') });
  if (facts.wrongBaseUrl) return t('cause.wrongBaseUrl', { service });
  const status = facts.status === undefined ? '' : ` (${facts.status})`;
  return t('cause.kind', { kind: camelCase(facts.kind), service, status });
}

/**
 * Whether a punch waits on a change only a person can make (credentials, a proxy password, a
 * setting) rather than on time: then nothing may say it will be sent by itself.
 */
export function waitsOnPerson(facts: ApiProblemFacts): boolean {
  return (
    facts.kind === 'unauthorized' ||
    facts.kind === 'forbidden' ||
    (facts.kind === 'redirected' && !facts.toSignIn) ||
    facts.kind === 'not-supported' ||
    facts.culprit !== undefined ||
    facts.proxySignIn !== undefined ||
    facts.wrongBaseUrl === true
  );
}

/** The host of an address as shown ("login.microsoftonline.com"); the address itself where it has none. */
function hostOf(location: string | undefined): string {
  if (!location) return '';
  try {
    return new URL(location).host;
  } catch {
    return location;
  }
}
