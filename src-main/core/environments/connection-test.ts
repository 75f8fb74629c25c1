/**
 * "Test connection": checks both services of an environment and reports, per service, whether it
 * was reachable, whether the credentials were accepted, how long it took, and what to do if not.
 * Timeclock: a health check and the employee's last event. Debtors: a filtered list of today's
 * changes, and whether the whole list can be read (paging-probe.ts). A server that asks for a short
 * wait (429, Retry-After up to 5 s) is asked again once; an address where nothing looks like the
 * service is said once (service-signature.ts); what the answers suggest is proposed in words.
 */
import type { OperationName, ServiceName } from '../../shared/domain/api-problem.ts';
import { english } from '../../shared/i18n/catalogues.ts';
import type { Translate } from '../../shared/i18n/translator.ts';
import { ApiError } from '../api/api-error.ts';
import { defaultAuthScheme, resolveProfile } from '../../shared/api/api-profile.ts';
import { formatInstant } from '../api/date-filters.ts';
import { retryDelay } from '../api/retry-policy.ts';
import { waitText } from '../../shared/i18n/api-problem-words.ts';
import { setTimeout as sleep } from 'node:timers/promises';
import type { HttpClient } from '../api/http-client.ts';
import { createServiceClients, type ServiceClients } from '../api/service-clients.ts';
import type { ListResult } from '../api/debtors-client.ts';
import { lastEventPath } from '../api/timeclock-client.ts';
import { proposeProfile, type ServerSample } from './profile-proposals.ts';
import { stampOf, type ZoneEvidence } from './zone-evidence.ts';
import { probePaging, type PagingFinding } from './paging-probe.ts';
import { recordsIfFound, ShapeError } from '../api/tolerant-read.ts';
import { debtorFieldSuggestions, type DebtorSamples } from './debtor-field-proposals.ts';
import { absenceOf, missingService, routeOf } from './service-signature.ts';
import { clockOutProposal, movedProposal, signInProposal } from './server-hints.ts';
import { dateFilterProposals } from './date-filter-probe.ts';
import type { Preferences } from '../../shared/settings-schema.ts';
import type { Environment, ConnectionReport, ProfileSuggestion, ServiceCheck } from '../../shared/domain/environments.ts';

/** A server that asks for a short wait (429 with Retry-After up to 5 s) is asked again once; nothing else is retried. */
const testRetry = { retries: 1, baseDelayMs: 0, maxDelayMs: 0, maxRetryAfterMs: 5_000, onlyWhenAsked: true };

/** What a check's work answers: words, or `problem` when the service answered but cannot be used as set. */
type Said = string | { problem: string };

export async function testConnection(
  environment: Environment,
  secret: string | null,
  network: Preferences['network'],
  now = Date.now,
  requestOptions: { fetch?: typeof fetch; moreSecrets?: () => string[]; t?: Translate; localZone?: string } = {},
): Promise<ConnectionReport> {
  const clients = createServiceClients(environment, secret, network, { retry: testRetry, ...requestOptions });
  const t = requestOptions.t ?? english.t;
  /** What the servers' refusals propose (a move, other sign-in headers, another clock-out method). */
  const hints: ProfileSuggestion[] = [];
  const check = (service: ServiceName, work: () => Promise<Said>) => checkService(service, work, clients, environment, t, hints);
  const profile = resolveProfile(environment.profile);
  // Said by the debtors check itself: a probe's own failure (a failed request, or an answer in a
  // shape the profile does not read yet, which the proposals say how to read) is no finding.
  const unlessFailed =
    <T>(fallback: T) =>
    (error: unknown) => {
      if (error instanceof ApiError || error instanceof ShapeError) return fallback;
      throw error;
    };
  // One request at a time: a gateway's spike control or rate limit (MuleSoft SLA tiers) refuses a
  // burst, and the test would say the service failed when only its pace did.
  const timeclock = await check('timeclock', async () => {
    await askedToWaitOnce(() => clients.timeclock.health('source'));
    const last = await clients.timeclock.lastClockedTimeEvent(environment.employeeId);
    if (last?.id) hints.push(...(await clockOutProposal(clients.http.timeclock, String(last.id), profile, t)));
    const state = last === null ? 'none' : last.clockOut === null ? 'in' : 'out';
    return t('connection.timeclockOk', { employee: environment.employeeId, state });
  });
  const finding = await probePaging(clients.http.debtors, profile).catch(unlessFailed(null));
  const debtors = await check('debtors', async () => {
    const changed = await clients.debtors.debtors({ startingDateTime: new Date(now() - 86_400_000) });
    return debtorsSaid(changed, finding, t);
  });
  const sample = await sampleAnswers(clients, environment.employeeId, formatInstant(now() - 86_400_000, profile));
  const dateHints = await dateFilterProposals(clients.http.debtors, profile, now(), t).catch(unlessFailed([]));
  const samples: DebtorSamples = {
    debtors: finding?.firstRecords,
    creditScores: recordsIfFound(sample.scoreLists?.creditScores, profile.listEnvelope),
    bureauScores: recordsIfFound(sample.scoreLists?.bureauScores, profile.listEnvelope),
  };
  const suggestions = [
    ...hints,
    ...proposeProfile(sample, profile, t, zoneEvidence(sample.stamp, requestOptions.localZone)),
    ...debtorFieldSuggestions(samples, profile, t),
    ...pagingSuggestions(finding, t),
    ...dateHints,
  ];
  // Both services may say the same (one gateway): each proposal once.
  return {
    timeclock,
    debtors,
    suggestions: suggestions.filter((one, index) => suggestions.findIndex((other) => other.text === one.text) === index),
  };
}

/** The health route is never retried by its client (the watch has its own rhythm): here once, if asked to wait briefly. */
async function askedToWaitOnce<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const delay =
      error instanceof ApiError && error.kind === 'rate-limited'
        ? retryDelay(testRetry, 1, error.retryAfterMs, Math.random)
        : null;
    if (delay === null) throw error;
    await sleep(delay);
    return work();
  }
}

/** One service's check, timed; a failure as the user should read it (a wrong address said once). */
async function checkService(
  service: ServiceName,
  work: () => Promise<Said>,
  clients: ServiceClients,
  environment: Environment,
  t: Translate,
  hints: ProfileSuggestion[],
): Promise<ServiceCheck> {
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  try {
    const said = await work();
    if (typeof said !== 'string') return { ok: false, reachable: true, authOk: true, latencyMs: took(), message: said.problem };
    return { ok: true, reachable: true, authOk: true, latencyMs: took(), message: said };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    hints.push(
      ...movedProposal(error, service, routeOf(error.facts.operation, environment.employeeId), t),
      ...signInProposal(error, environment.auth ?? defaultAuthScheme, t),
    );
    // A 404 or a web page: if every route of the service answers so, the address is wrong.
    const missing = absenceOf(error) && (await missingService(clients.http[service], service, environment.employeeId));
    if (missing) {
      const message = t('connection.notTheService', { service, tried: missing.tried.join(', '), absence: missing.absence });
      return { ok: false, reachable: true, authOk: null, latencyMs: took(), message };
    }
    // A limit is the gateway's pace, not a failure of the service: said as such — an empty 503 too
    // (MuleSoft's SLA and spike limits may answer so, with no Retry-After): the test does not retry it.
    if (error.kind === 'rate-limited' || (error.status === 503 && error.facts.emptyAnswer)) {
      const message = t('connection.limited', {
        gateway: error.facts.gateway || error.facts.emptyAnswer ? 'yes' : 'no',
        limit: error.facts.limit ?? 0,
        wait: waitText(error.retryAfterMs, t),
      });
      return { ok: false, reachable: true, authOk: error.facts.quota ? true : null, latencyMs: took(), message };
    }
    const reachable = !['unreachable', 'timeout', 'cancelled'].includes(error.kind) && error.facts.signIn !== 'no-secret';
    const authOk = !reachable ? null : error.kind === 'unauthorized' || error.kind === 'forbidden' ? false : true;
    return { ok: false, reachable, authOk, latencyMs: reachable ? took() : null, message: error.message };
  }
}

/** The debtors check's words: "Connected" only for a list the app can read whole. */
function debtorsSaid(changed: ListResult<unknown>, found: PagingFinding | null, t: Translate): Said {
  if (found?.kind === 'found') return { problem: t('connection.debtorsPaged', { count: found.count }) };
  if (found?.kind !== 'unknown' && !changed.incomplete) return t('connection.debtorsOk', { count: changed.length });
  const total = found?.kind === 'unknown' ? found.total : null;
  const count = found?.kind === 'unknown' ? found.count : changed.length;
  return { problem: t('connection.debtorsIncomplete', { count, total: total ?? 0, hasTotal: total === null ? 'no' : 'yes' }) };
}

/** What tells the zone of a server's zoneless times: this computer's zone, and the server's stamp of "now" in its health answer. */
function zoneEvidence(stamp: ServerSample['stamp'], localZone?: string): ZoneEvidence {
  const wall = stamp ? stampOf(stamp.body) : null;
  const at = stamp?.date ? Date.parse(stamp.date) : Number.NaN;
  return {
    localZone: localZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
    ...(wall !== null && Number.isFinite(at) ? { stamped: { wall, at } } : {}),
  };
}

/** The answers as sent, for the proposals: one last-event read and one small debtors read. */
async function sampleAnswers(clients: ServiceClients, employeeId: string, since: string): Promise<ServerSample> {
  const read = async (http: HttpClient, operation: OperationName, path: string, query?: Record<string, string>) => {
    try {
      const answer = await http.request({ method: 'GET', path, operation, query });
      return { body: answer.body, date: answer.headers.get('date') ?? null };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return { wantsBearer: error.facts.signIn === 'wants-oauth' };
    }
  };
  const health = await read(clients.http.timeclock, 'sourceHealth', 'health-check');
  const event = await read(clients.http.timeclock, 'lastEvent', lastEventPath(employeeId));
  const list = await read(clients.http.debtors, 'debtors', 'Debtors', { startingDateTime: since });
  const creditScores = await read(clients.http.debtors, 'creditScores', 'Debtors/CreditScore', { startingDateTime: since });
  const bureauScores = await read(clients.http.debtors, 'bureauScores', 'Debtors/CreditBureau', { startingDateTime: since });
  const bodyOf = (answer: Awaited<ReturnType<typeof read>>) => ('body' in answer ? answer.body : undefined);
  return {
    ...(bodyOf(event) !== undefined ? { event: bodyOf(event) } : {}),
    ...(bodyOf(list) !== undefined ? { list: bodyOf(list) } : {}),
    scoreLists: { creditScores: bodyOf(creditScores), bureauScores: bodyOf(bureauScores) },
    ...('body' in health ? { stamp: { body: health.body, date: health.date ?? null } } : {}),
    wantsBearer: ('wantsBearer' in event && event.wantsBearer) || ('wantsBearer' in list && list.wantsBearer),
  };
}

/** The paging the probe found, as a proposal for the API settings. */
function pagingSuggestions(finding: PagingFinding | null, t: Translate): ProfileSuggestion[] {
  if (finding?.kind !== 'found') return [];
  const { paging } = finding;
  const text =
    paging.style === 'page'
      ? t('profile.pagingPage', {
          page: paging.pageParam,
          size: paging.sizeParam,
          first: paging.firstPage,
          count: paging.pageSize,
        })
      : t('profile.pagingOffset', { offset: paging.offsetParam, limit: paging.limitParam, count: paging.pageSize });
  return [{ text, change: { paging } }];
}
