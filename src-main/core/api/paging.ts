/**
 * Following a server's paging. By itself (`auto`): a next link (`@odata.nextLink`, `nextLink`,
 * `next`, HAL `_links.next.href`, a Link header), a cursor (`nextCursor`, `nextPageToken`,
 * `continuationToken`, or an `X-Next-Cursor`/`X-Continuation-Token` header), page numbers with a
 * page count or a total (0- or 1-based), or an offset with a total (`X-Total-Count` counts too).
 * A server that pages only when asked is read with the API profile's `paging` (page numbers or
 * offset/limit, with its parameter names). A next link is followed only on the base URL's own
 * origin: credentials never go to another server.
 */
import type { ApiRequest } from './http-client.ts';
import type { Paging } from '../../shared/api/api-profile.ts';
import { isRecord } from '../../shared/is-record.ts';

export type PageRequest = Pick<ApiRequest, 'path' | 'query' | 'url'>;
export type NextPage = { request: PageRequest | null } | { incomplete: string };

type Fields = Record<string, unknown>;
const textAt = (record: Fields, ...path: string[]) => {
  let current: unknown = record;
  for (const part of path) current = isRecord(current) ? current[part] : undefined;
  return typeof current === 'string' && current.trim() !== '' ? current : null;
};
const numberAt = (record: Fields, ...names: string[]) => {
  for (const name of names) {
    const value = record[name];
    if (typeof value === 'number' && Number.isFinite(value)) return value;
  }
  return null;
};

/** Cursor fields and the query parameter that sends each back. */
const CURSORS: Array<[string, string]> = [
  ['nextCursor', 'cursor'],
  ['nextPageToken', 'pageToken'],
  ['continuationToken', 'continuationToken'],
];

/** The part of a Link header read: a next link comes early, and a longer header is not worth the time. */
export const MAX_LINK_HEADER = 8 * 1024;

/**
 * The target of a Link header's rel="next", read in one pass with indexOf (a regular expression
 * once backtracked quadratically: 0.6 s per page for a 16 KB header of "<").
 */
export function linkHeaderNext(headers: Headers): string | null {
  const link = headers.get('link')?.slice(0, MAX_LINK_HEADER) ?? '';
  for (let open = link.indexOf('<'); open >= 0;) {
    const close = link.indexOf('>', open + 1);
    if (close < 0) return null;
    const following = link.indexOf('<', close + 1);
    const params = link.slice(close + 1, following < 0 ? link.length : following);
    if (relations(params).includes('next')) return link.slice(open + 1, close);
    open = following;
  }
  return null;
}

/** The rel values of one link's parameters (`; rel="next last"`). */
function relations(params: string): string[] {
  for (const param of params.split(';')) {
    const equals = param.indexOf('=');
    if (equals < 0 || param.slice(0, equals).trim().toLowerCase() !== 'rel') continue;
    const value = param
      .slice(equals + 1)
      .replace(/,\s*$/, '')
      .trim()
      .replace(/^"|"$/g, '');
    return value.toLowerCase().split(/\s+/);
  }
  return [];
}

/** What the list reader knows when it asks for the next page. */
export interface PageProgress {
  /** Records on the page just read. */
  pageItems: number;
  /** Records read so far, this page included. */
  seen: number;
  /** Pages read so far, this one included. */
  pagesRead: number;
}

/**
 * The first request of a list: as given, or with the profile's page parameters (page or offset
 * styles) when the server pages only when asked.
 */
export function firstPage(path: string, query: Record<string, string | undefined>, paging: Paging): PageRequest {
  if (paging.style === 'page')
    return {
      path,
      query: { ...query, [paging.pageParam]: String(paging.firstPage), [paging.sizeParam]: String(paging.pageSize) },
    };
  if (paging.style === 'offset')
    return { path, query: { ...query, [paging.offsetParam]: '0', [paging.limitParam]: String(paging.pageSize) } };
  return { path, query };
}

/** The profile's paging asked for: the next page number or offset, until a short page or the total. */
function configuredNext(
  paging: Exclude<Paging, { style: 'auto' }>,
  current: PageRequest,
  said: number | null,
  progress: PageProgress,
): NextPage {
  const finished = progress.pageItems < paging.pageSize || (said !== null && progress.seen >= said);
  if (finished) return { request: null };
  const query = { ...current.query };
  if (paging.style === 'page') query[paging.pageParam] = String(Number(query[paging.pageParam] ?? paging.firstPage) + 1);
  else query[paging.offsetParam] = String(Number(query[paging.offsetParam] ?? 0) + progress.pageItems);
  return { request: { path: current.path, query } };
}

/** Cursors a server sends in a response header, and the query parameter that sends each back. */
const HEADER_CURSORS: Array<[string, string]> = [
  ['x-next-cursor', 'cursor'],
  ['x-next-page-token', 'pageToken'],
  ['x-continuation-token', 'continuationToken'],
  ['x-ms-continuation', 'continuationToken'],
];

/** Page numbers or an offset the body states, with a page count or a total; null when it states none the app can follow. */
function numberedNext(record: Fields, current: PageRequest, said: number | null, progress: PageProgress): NextPage | null {
  const pages = numberAt(record, 'totalPages', 'pageCount');
  const page = numberAt(record, 'page', 'pageNumber', 'currentPage', 'pageIndex');
  const size = numberAt(record, 'pageSize', 'perPage', 'per_page', 'size', 'limit');
  // Counted, not compared with the page number: a 0-based server's last page is pages - 1.
  const more = (known: 'pages' | 'total') =>
    progress.pageItems > 0 && (known === 'pages' ? progress.pagesRead < pages! : progress.seen < said!);
  if (page !== null && (pages !== null || said !== null)) {
    if (!more(pages !== null ? 'pages' : 'total')) return { request: null };
    const sizeParam = size === null ? {} : { pageSize: String(size) };
    return { request: { path: current.path, query: { ...current.query, page: String(page + 1), ...sizeParam } } };
  }
  const offset = numberAt(record, 'offset', 'skip', 'start');
  if (offset !== null && said !== null) {
    if (!more('total')) return { request: null };
    const limit = size === null ? {} : { limit: String(size) };
    return {
      request: { path: current.path, query: { ...current.query, offset: String(offset + progress.pageItems), ...limit } },
    };
  }
  return null;
}

/**
 * The next page of a list: the profile's paging when it names one; otherwise the server's own
 * (a next link in the body or a Link header, a cursor in the body or a header, page numbers or an
 * offset with a total). `progress` lets a numbered page end at the total or at an empty page.
 */
export function nextPage(
  body: unknown,
  headers: Headers,
  current: PageRequest,
  base: URL,
  progress: PageProgress,
  paging: Paging = { style: 'auto' },
): NextPage {
  const said = totalOf(body, headers);
  if (paging.style !== 'auto') return configuredNext(paging, current, said, progress);
  const record = isRecord(body) ? body : {};
  const link =
    textAt(record, '@odata.nextLink') ??
    textAt(record, 'nextLink') ??
    textAt(record, 'next') ??
    textAt(record, '_links', 'next', 'href') ??
    textAt(record, 'links', 'next') ??
    linkHeaderNext(headers);
  if (link) {
    const from = current.url ? new URL(current.url) : base;
    const url = new URL(link, from);
    if (url.origin !== base.origin)
      return { incomplete: `its next page is on another server (${url.origin}), which the app does not send credentials to` };
    return { request: { path: current.path, url: url.toString() } };
  }
  for (const [field, parameter] of CURSORS) {
    const cursor = textAt(record, field);
    if (cursor) return { request: { path: current.path, query: { ...current.query, [parameter]: cursor } } };
  }
  for (const [header, parameter] of HEADER_CURSORS) {
    const cursor = headers.get(header)?.trim().slice(0, 2000);
    if (cursor) return { request: { path: current.path, query: { ...current.query, [parameter]: cursor } } };
  }
  return numberedNext(record, current, said, progress) ?? { request: null };
}

/** How many records the server says exist, when it says so (in the body, or an X-Total-Count header). */
export function totalOf(body: unknown, headers?: Headers): number | null {
  const inBody = isRecord(body)
    ? numberAt(body, '@odata.count', 'total', 'totalCount', 'totalItems', 'count', 'totalRecords')
    : null;
  if (inBody !== null) return inBody;
  const header = headers?.get('x-total-count') ?? headers?.get('x-total') ?? null;
  return header !== null && /^\d{1,12}$/.test(header.trim()) ? Number(header) : null;
}
