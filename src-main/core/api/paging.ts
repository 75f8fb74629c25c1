/**
 * Following a server's own paging: a next link (`@odata.nextLink`, `nextLink`, `next`, HAL
 * `_links.next.href`, a Link header), a cursor (`nextCursor`, `nextPageToken`, `continuationToken`),
 * or page numbers with a page count. A next link is followed only on the base URL's own origin:
 * credentials never go to another server.
 */
import type { ApiRequest } from './http-client.ts';
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

function linkHeaderNext(headers: Headers): string | null {
  const link = headers.get('link');
  const match = link ? /<([^>]+)>\s*;\s*rel="?next"?/i.exec(link) : null;
  return match ? match[1]! : null;
}

export function nextPage(body: unknown, headers: Headers, current: PageRequest, base: URL): NextPage {
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
  const page = numberAt(record, 'page', 'pageNumber', 'currentPage');
  const pages = numberAt(record, 'totalPages', 'pageCount');
  if (page !== null && pages !== null && page < pages) {
    const size = numberAt(record, 'pageSize', 'perPage', 'size');
    return {
      request: {
        path: current.path,
        query: { ...current.query, page: String(page + 1), ...(size === null ? {} : { pageSize: String(size) }) },
      },
    };
  }
  return { request: null };
}

/** How many records the server says exist, when it says so. */
export function totalOf(body: unknown): number | null {
  return isRecord(body) ? numberAt(body, '@odata.count', 'total', 'totalCount', 'totalItems', 'count') : null;
}
