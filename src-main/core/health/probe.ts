/**
 * One health check's outcome, classified for the health machine: ok, a failure of the system,
 * a network problem on our side, refused credentials, or rate limiting.
 */
import { english } from '../../shared/i18n/catalogues.ts';
import type { Translate } from '../../shared/i18n/translator.ts';
import { systemLabel } from '../../shared/i18n/health-words.ts';
import type { HealthSystem } from '../../shared/api/types.ts';
import { ApiError } from '../api/api-error.ts';
import { measured } from '../api/request-phases.ts';
import type { Probe } from './health-types.ts';
import type { ServiceClients } from '../api/service-clients.ts';
import type { TimeclockClient } from '../api/timeclock-client.ts';

/** Errors that say this machine cannot reach the network at all, rather than that a server failed. */
const OUR_NETWORK = /host name not found|network unreachable/;

export function classifyError(error: unknown): Probe {
  if (!(error instanceof ApiError)) throw error;
  const { kind, message } = error;
  const retryAfter = error.retryAfterMs === undefined ? {} : { retryAfterMs: error.retryAfterMs };
  // No secret given yet: the request was never sent (http-client.ts), so nothing was refused.
  if (kind === 'unauthorized' && error.facts.signIn === 'no-secret') return { kind: 'auth', message, missing: true };
  if (kind === 'unauthorized' && error.facts.signIn === 'refused-or-pending') return { kind: 'auth', message, pending: true };
  if (kind === 'unauthorized' || kind === 'forbidden') return { kind: 'auth', message };
  if (kind === 'rate-limited') return { kind: 'rate-limited', message, ...retryAfter };
  // The proxy or an untrusted certificate stops every request alike: not an outage of the service, and named.
  if (kind === 'unreachable' && error.facts.culprit) {
    const signIn = error.facts.proxySignIn && error.facts.proxySignIn.why !== 'unsupported';
    return { kind: 'network', message, culprit: signIn ? 'proxy-sign-in' : error.facts.culprit };
  }
  if (kind === 'unreachable' && OUR_NETWORK.test(error.facts.reason ?? '')) return { kind: 'network', message };
  // A refused connection is an answer from the server's machine: the network works, the service does not.
  // So is a status line whose body then stalled or broke off (an error that carries a status).
  const transport =
    error.status === undefined &&
    (kind === 'timeout' || (kind === 'unreachable' && !/connection refused/.test(error.facts.reason ?? '')));
  const status = error.status === undefined ? {} : { status: error.status };
  return { kind: 'fail', message, ...retryAfter, ...status, ...(transport ? { transport: true } : {}) };
}

/**
 * Checks one system. What the system reports of itself is said in the user's words, with the
 * system's name as the environment gives it (`label`, from health-view.ts systemLabel).
 */
export async function probeSystem(
  client: TimeclockClient,
  system: HealthSystem,
  signal?: AbortSignal,
  words: { t: Translate; label: string; serviceMissing?: () => Promise<boolean> } = {
    t: english.t,
    label: systemLabel(system),
  },
): Promise<Probe> {
  try {
    // Where its time goes, as the engine publishes it (request-phases.ts).
    const { value: reading, phases } = await measured(() => client.health(system, signal));
    const measuredPhases = phases ? { phases } : {};
    // What it reports of itself, naming the parts it says are failing ("db").
    const reports = (state: 'degraded' | 'down') =>
      reading.failing
        ? words.t('health.reportsFailing', { system: words.label, state, parts: reading.failing.join(', ') })
        : words.t('health.reports', { system: words.label, state });
    if (reading.state === 'up') return { kind: 'ok', latencyMs: reading.latencyMs, ...measuredPhases };
    if (reading.state === 'degraded')
      return { kind: 'ok', latencyMs: reading.latencyMs, degraded: reports('degraded'), ...measuredPhases };
    return {
      kind: 'fail',
      message: reports('down'),
      reported: true,
      ...(reading.retryAfterMs === undefined ? {} : { retryAfterMs: reading.retryAfterMs }),
    };
  } catch (error) {
    // Not found, and nothing of the service anywhere at that address: the base URL is wrong.
    if (error instanceof ApiError && error.kind === 'not-found' && (await words.serviceMissing?.()))
      return classifyError(new ApiError({ ...error.facts, wrongBaseUrl: true }, words.t));
    return classifyError(error);
  }
}

/**
 * Whether anything of the environment answers at all: the debtors service's base URL, another
 * server route than the two health checks. Any HTTP answer (even 401 or 404) proves our network
 * works; only a failure without an answer says it may not.
 */
export async function environmentAnswers(clients: ServiceClients, signal: AbortSignal): Promise<boolean> {
  try {
    await clients.http.debtors.request({
      method: 'GET',
      path: '',
      operation: 'networkCheck',
      signal,
      retry: false,
      acceptText: true,
    });
    return true;
  } catch (error) {
    if (!(error instanceof ApiError)) return false;
    const noAnswer =
      error.status === undefined && (error.kind === 'timeout' || error.kind === 'cancelled' || error.kind === 'unreachable');
    return !noAnswer || /connection refused/.test(error.facts.reason ?? '');
  }
}
