/** Typed client for the ten read-only operations of the debtors contract. */
import type {
  AdvanceClient,
  AdvanceTransaction,
  AdvanceTransactionDetail,
  ClientBank,
  ClientDelta,
  ClientGroup,
  CreditBureauScore,
  CreditScore,
  Debtor,
  Nickname,
} from '../../shared/api/types.ts';
import { resolveProfile, type ApiProfile } from '../../shared/api/api-profile.ts';
import type { OperationName } from '../../shared/domain/api-problem.ts';
import { ApiError } from './api-error.ts';
import { formatDay, formatInstant } from './date-filters.ts';
import type { ApiRequest, HttpClient } from './http-client.ts';
import { firstPage, nextPage, totalOf } from './paging.ts';
import { readList, recordsOf, ShapeError, type RecordSpec } from './tolerant-read.ts';
import type { Tolerant } from '../../shared/domain/lookup.ts';
import { timePhase } from '../util/phase-timings.ts';

/** How one list is fetched: cancelled by `signal`, each retry told to `onRetry`. */
export interface CallOptions {
  signal?: AbortSignal;
  onRetry?: ApiRequest['onRetry'];
  /** Ask only if changed since this answer (a list read whole before; see ListResult). */
  validator?: ListValidator;
  /**
   * The answer must come from the service, not from a cache on the way (a full load): asked with
   * `Cache-Control: no-cache`, which a shared cache must revalidate with the service (RFC 9111, 5.2.1.4).
   */
  fresh?: boolean;
}

export interface SinceFilter extends CallOptions {
  /** Only records with modifiedAt at or after this instant. */
  startingDateTime?: Date;
}

export interface TransactionFilter {
  clientKey?: string;
  /** YYYY-MM-DD, inclusive. */
  startDate?: string;
  endDate?: string;
  signal?: AbortSignal;
}

/** A list as read; `incomplete` says why it may not be all of it (a page limit, a total the server said). */
/**
 * A list as read: `incomplete` says why it may not be whole; `validator` is what the server sent to
 * ask again conditionally (a list of one page only); `notModified`: it answered 304 to that, the
 * list held is current (no records come with it).
 */
export type ListResult<T> = Array<Tolerant<T>> & { incomplete?: string; validator?: ListValidator; notModified?: true };

/** A server's validators of a whole list (ETag, Last-Modified). */
export interface ListValidator {
  etag?: string;
  lastModified?: string;
}
type List<T> = Promise<ListResult<T>>;

export interface DebtorsClient {
  debtors(filter?: SinceFilter): List<Debtor>;
  clientBanks(filter?: SinceFilter): List<ClientBank>;
  clientGroups(filter?: SinceFilter): List<ClientGroup>;
  clientDelta(filter?: SinceFilter): List<ClientDelta>;
  creditScores(filter?: SinceFilter): List<CreditScore>;
  creditBureauScores(filter?: SinceFilter): List<CreditBureauScore>;
  nicknames(options?: CallOptions): List<Nickname>;
  advanceClients(filter?: SinceFilter): List<AdvanceClient>;
  advanceTransactions(filter?: TransactionFilter): List<AdvanceTransaction>;
  advanceTransactionDetails(transKey?: string, options?: { signal?: AbortSignal }): List<AdvanceTransactionDetail>;
  /** How far the service's clock is ahead of this computer's (its Date header); null until it answered. */
  serverClockOffsetMs(): number | null;
}

const dated = ['modifiedAt'] as const;
type ListSpec = RecordSpec & { identity?: readonly string[] };
/**
 * `identity`: the fields that tell one record from another where the key alone does not (a client
 * has many changes, banks and users): a page is "the same records again" only by those.
 */
const specs = {
  debtors: { key: 'debtorKey', instants: dated, numbers: ['creditLimit', 'openBalance'] },
  clientBanks: { key: 'clientKey', instants: dated, identity: ['clientKey', 'bankName', 'routingNumber', 'accountLast4'] },
  clientGroups: { key: 'clientKey', instants: dated, identity: ['clientKey', 'userName', 'role'] },
  clientDelta: { key: 'clientKey', instants: dated, identity: ['changeKey', 'clientKey', 'debtorKey', 'field', 'modifiedAt'] },
  creditScores: { key: 'debtorKey', instants: ['modifiedAt', 'calculatedAt'], numbers: ['score', 'daysBeyondTerms'] },
  creditBureauScores: { key: 'debtorKey', instants: dated, numbers: ['bureauScore', 'riskClass'] },
  nicknames: { key: 'debtorKey', required: ['nickname'], instants: dated, identity: ['debtorKey', 'nickname'] },
  advanceClients: { key: 'clientKey', instants: dated, numbers: ['advanceRate', 'creditLine'] },
  transactions: { key: 'transKey', instants: dated, numbers: ['amount'] },
  transactionDetails: { key: 'transKey', instants: dated, numbers: ['amount', 'lineNo'], identity: ['transKey', 'lineNo'] },
} satisfies Record<string, ListSpec>;

/** What to do about a list the app could not page through. */
const PAGING_HINT =
  "its paging is not one the app knows by itself: set the paging of the environment's API settings (the connection test proposes it)";

/** An operation and whom it is about, for the words of a problem. */
type Operation = { operation: OperationName; subject?: string };

export function createDebtorsClient(http: HttpClient, profile: ApiProfile = resolveProfile(undefined)): DebtorsClient {
  const { service, environment } = http.options;
  const base = new URL(http.options.baseUrl);

  /** `path` names the list in the technical detail of a problem ("Debtors/CreditScore: record 3 …"). */
  function read<T>(body: unknown, spec: RecordSpec, path: string, request: Operation): Array<Tolerant<T>> {
    try {
      return readList<T>(recordsOf(body, profile.listEnvelope), spec, path, profile.serverTimeZone, profile.debtorFields);
    } catch (error) {
      if (!(error instanceof ShapeError)) throw error;
      throw new ApiError({ kind: 'bad-response', service, environment, ...request, reason: error.message }, http.options.t);
    }
  }

  /** Every page of a list, following the server's own paging, up to the profile's page limit. */
  async function list<T>(
    path: string,
    operation: Operation | OperationName,
    spec: ListSpec,
    query: Record<string, string | undefined>,
    call: CallOptions = {},
  ): List<T> {
    const named = typeof operation === 'string' ? { operation } : operation;
    const fields = spec.identity ?? [spec.key];
    const pages = pageCollector<T>((item) =>
      fields.map((field) => String((item as Record<string, unknown>)[field])).join('\u0001'),
    );
    const { records } = pages;
    let request = firstPage(path, query, profile.paging);
    for (let page = 1; ; page++) {
      const response = await http.request({ method: 'GET', ...named, ...pageOptionsOf(request, page, call) });
      if (response.status === 304) return Object.assign([] as ListResult<T>, { notModified: true as const });
      const items = timePhase('read', () => read<T>(response.body, spec, path, named));
      // A server that ignores the paging parameters sends its first page again: stop rather than read it forever.
      if (!pages.add(items, page))
        return Object.assign(records, { incomplete: `page ${page} repeated records already read: ${PAGING_HINT}` });
      const seen = { pageItems: items.length, seen: records.length, pagesRead: page };
      const next = nextPage(response.body, response.headers, request, base, seen, profile.paging);
      if ('incomplete' in next) return Object.assign(records, { incomplete: next.incomplete });
      if (next.request === null) return ended(records, response, page);
      if (page >= profile.maxPages) {
        records.incomplete = `only the first ${page} pages were read (the limit of the environment's API settings)`;
        return records;
      }
      request = next.request;
    }
  }
  const since = (filter: SinceFilter = {}) => ({
    startingDateTime: filter.startingDateTime && formatInstant(filter.startingDateTime.getTime(), profile),
  });
  const day = (date: string | undefined, end: boolean) => (date === undefined ? undefined : formatDay(date, end, profile));

  return {
    serverClockOffsetMs: () => http.serverClockOffsetMs(),
    debtors: (filter) => list('Debtors', 'debtors', specs.debtors, since(filter), filter),
    clientBanks: (filter) => list('Debtors/ClientBanks', 'clientBanks', specs.clientBanks, since(filter), filter),
    clientGroups: (filter) => list('Debtors/ClientGroups', 'clientGroups', specs.clientGroups, since(filter), filter),
    clientDelta: (filter) => list('Debtors/ClientDelta', 'clientDelta', specs.clientDelta, since(filter), filter),
    creditScores: (filter) => list('Debtors/CreditScore', 'creditScores', specs.creditScores, since(filter), filter),
    creditBureauScores: (filter) => list('Debtors/CreditBureau', 'bureauScores', specs.creditBureauScores, since(filter), filter),
    nicknames: (options) => list('Debtors/Nicknames', 'nicknames', specs.nicknames, {}, options),
    advanceClients: (filter) => list('Advance/Clients', 'advanceClients', specs.advanceClients, since(filter), filter),
    advanceTransactions: (filter = {}) =>
      list(
        'Advance/TxHistory',
        'transactions',
        specs.transactions,
        { clientKey: filter.clientKey, startDate: day(filter.startDate, false), endDate: day(filter.endDate, true) },
        { signal: filter.signal },
      ),
    advanceTransactionDetails: (transKey, options) =>
      list(
        'Advance/TxHistoryDetails',
        { operation: 'transactionDetails', ...(transKey ? { subject: transKey } : {}) },
        specs.transactionDetails,
        { transKey },
        { signal: options?.signal },
      ),
  };
}

/** A page's request: the first asks with the list's validator, any may ask caches for a fresh answer. */
function pageOptionsOf(request: ReturnType<typeof firstPage>, page: number, call: CallOptions) {
  const headers = {
    ...(page === 1 ? conditionalHeaders(call.validator) : undefined),
    ...(call.fresh ? { 'cache-control': 'no-cache' } : {}),
  };
  return { signal: call.signal, onRetry: call.onRetry, ...request, ...(Object.keys(headers).length > 0 ? { headers } : {}) };
}

/** The list's validator as a conditional request's header. */
function conditionalHeaders(validator: ListValidator | undefined): Record<string, string> | undefined {
  if (validator?.etag) return { 'if-none-match': validator.etag };
  if (validator?.lastModified) return { 'if-modified-since': validator.lastModified };
  return undefined;
}

/**
 * A list's records page by page; from the second page on, the keys read so far (a list of one page,
 * most of them, needs none). `add` is false, and the page is left out, when a page brought only
 * records already read.
 */
function pageCollector<T>(keyOf: (item: Tolerant<T>) => string) {
  const records: ListResult<T> = [];
  let keys: Set<string> | null = null;
  return {
    records,
    add(items: Array<Tolerant<T>>, page: number): boolean {
      if (page === 1) {
        for (const item of items) records.push(item);
        return true;
      }
      keys ??= new Set(records.map(keyOf));
      const [keysBefore, recordsBefore] = [keys.size, records.length];
      for (const item of items) {
        records.push(item);
        keys.add(keyOf(item));
      }
      if (items.length === 0 || keys.size > keysBefore) return true;
      records.length = recordsBefore;
      return false;
    },
  };
}

/** A list the server says has no next page: short of what its total says, or with its validator when it was one page. */
function ended<T>(records: ListResult<T>, response: { body: unknown; headers: Headers }, page: number): ListResult<T> {
  const said = totalOf(response.body, response.headers);
  if (said !== null && said > records.length)
    records.incomplete = `the server says ${said} exist but sent ${records.length}; ${PAGING_HINT}`;
  // Validators are kept only for a list of one page: a first page's ETag need not cover the others.
  if (page === 1 && !records.incomplete) {
    const validator = validatorOf(response.headers);
    if (validator) records.validator = validator;
  }
  return records;
}

/** ETag and Last-Modified of an answer, if it has either and does not forbid keeping it. */
function validatorOf(headers: Headers): ListValidator | null {
  if (/no-store/i.test(headers.get('cache-control') ?? '')) return null;
  const etag = headers.get('etag') ?? undefined;
  const lastModified = headers.get('last-modified') ?? undefined;
  return etag || lastModified ? { ...(etag ? { etag } : {}), ...(lastModified ? { lastModified } : {}) } : null;
}
