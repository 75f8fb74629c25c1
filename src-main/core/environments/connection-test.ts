/**
 * "Test connection": checks both services of an environment and reports, per service, whether it
 * was reachable, whether the credentials were accepted, how long it took, and what to do if not.
 * Timeclock: a health check and the employee's last event. Debtors: a filtered list of today's changes.
 */
import type { OperationName } from '../../shared/domain/api-problem.ts';
import { english } from '../../shared/i18n/catalogues.ts';
import type { Translate } from '../../shared/i18n/translator.ts';
import { ApiError } from '../api/api-error.ts';
import { resolveProfile } from '../../shared/api/api-profile.ts';
import { formatInstant } from '../api/date-filters.ts';
import type { HttpClient } from '../api/http-client.ts';
import { createServiceClients, type ServiceClients } from '../api/service-clients.ts';
import { lastEventPath } from '../api/timeclock-client.ts';
import { proposeProfile, type ServerSample } from './profile-proposals.ts';
import { probePaging, type PagingFinding } from './paging-probe.ts';
import type { Preferences } from '../../shared/settings-schema.ts';
import type { Environment, ConnectionReport, ProfileSuggestion, ServiceCheck } from '../../shared/domain/environments.ts';

const noRetry = { retries: 0, baseDelayMs: 0, maxDelayMs: 0, maxRetryAfterMs: 0 };

export async function testConnection(
  environment: Environment,
  secret: string | null,
  network: Preferences['network'],
  now = Date.now,
  requestOptions: { fetch?: typeof fetch; t?: Translate } = {},
): Promise<ConnectionReport> {
  const clients = createServiceClients(environment, secret, network, { retry: noRetry, ...requestOptions });
  const t = requestOptions.t ?? english.t;
  /** A check's work answers in words, or with `problem` when the service answered but cannot be used as set. */
  const timed = async (work: () => Promise<string | { problem: string }>): Promise<ServiceCheck> => {
    const started = performance.now();
    try {
      const said = await work();
      const latencyMs = Math.round(performance.now() - started);
      if (typeof said !== 'string') return { ok: false, reachable: true, authOk: true, latencyMs, message: said.problem };
      return { ok: true, reachable: true, authOk: true, latencyMs, message: said };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const reachable = !['unreachable', 'timeout', 'cancelled'].includes(error.kind) && error.facts.signIn !== 'no-secret';
      const authOk = !reachable ? null : error.kind === 'unauthorized' || error.kind === 'forbidden' ? false : true;
      return {
        ok: false,
        reachable,
        authOk,
        latencyMs: reachable ? Math.round(performance.now() - started) : null,
        message: error.message,
      };
    }
  };

  const profile = resolveProfile(environment.profile);
  const paging = probePaging(clients.http.debtors, profile).catch((error: unknown) => {
    if (error instanceof ApiError) return null; // said by the debtors check itself
    throw error;
  });
  const [timeclock, debtors, sample, finding] = await Promise.all([
    timed(async () => {
      await clients.timeclock.health('source');
      const last = await clients.timeclock.lastClockedTimeEvent(environment.employeeId);
      const state = last === null ? 'none' : last.clockOut === null ? 'in' : 'out';
      return t('connection.timeclockOk', { employee: environment.employeeId, state });
    }),
    timed(async () => {
      const changed = await clients.debtors.debtors({ startingDateTime: new Date(now() - 86_400_000) });
      const found = await paging;
      // "Connected" only for lists the app can read whole.
      if (found?.kind === 'found') return { problem: t('connection.debtorsPaged', { count: found.count }) };
      if (found?.kind === 'unknown' || changed.incomplete) {
        const total = found?.kind === 'unknown' ? found.total : null;
        const count = found?.kind === 'unknown' ? found.count : changed.length;
        return {
          problem: t('connection.debtorsIncomplete', { count, total: total ?? 0, hasTotal: total === null ? 'no' : 'yes' }),
        };
      }
      return t('connection.debtorsOk', { count: changed.length });
    }),
    sampleAnswers(clients, environment.employeeId, formatInstant(now() - 86_400_000, profile)),
    paging,
  ]);
  return { timeclock, debtors, suggestions: [...proposeProfile(sample, profile, t), ...pagingSuggestions(finding, t)] };
}

/** The answers as sent, for the proposals: one last-event read and one small debtors read. */
async function sampleAnswers(clients: ServiceClients, employeeId: string, since: string): Promise<ServerSample> {
  const read = async (http: HttpClient, operation: OperationName, path: string, query?: Record<string, string>) => {
    try {
      return { body: (await http.request({ method: 'GET', path, operation, query, retry: false })).body };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return { wantsBearer: error.facts.signIn === 'wants-oauth' };
    }
  };
  const [event, list] = await Promise.all([
    read(clients.http.timeclock, 'lastEvent', lastEventPath(employeeId)),
    read(clients.http.debtors, 'debtors', 'Debtors', { startingDateTime: since }),
  ]);
  return {
    ...('body' in event && event.body !== undefined ? { event: event.body } : {}),
    ...('body' in list && list.body !== undefined ? { list: list.body } : {}),
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
