/**
 * The connection test's look at how the debtors list is paged. The first page of the whole list is
 * read as the environment's profile asks for it. If the app follows its paging, or it is all there
 * is (it says a total it holds, or says nothing and is not of a usual page size), nothing is
 * proposed. Otherwise the usual page-number and offset parameters are tried, one request each, and
 * the first that brings records the first page did not have is proposed as the profile's paging.
 * What it learns is said, never applied by itself.
 */
import type { Paging, ApiProfile } from '../../shared/api/api-profile.ts';
import { ApiError } from '../api/api-error.ts';
import type { ApiResponse, HttpClient } from '../api/http-client.ts';
import { firstPage, nextPage, totalOf, type PageRequest } from '../api/paging.ts';
import { recordsOf } from '../api/tolerant-read.ts';

export type PagingFinding =
  /** The list is read whole as the profile stands (one page, or paging the app follows). */
  | { kind: 'whole' }
  /** Only the first `count` arrive as the profile stands; `paging` reads the rest. */
  | { kind: 'found'; count: number; paging: Exclude<Paging, { style: 'auto' }> }
  /** More exists (the server says `total`), and no paging tried reaches it. */
  | { kind: 'unknown'; count: number; total: number | null };

/** Page-number parameters servers use, with the first page's number found by asking. */
const PAGE_PARAMETERS: Array<[string, string]> = [
  ['page', 'pageSize'],
  ['page', 'per_page'],
  ['page', 'size'],
  ['pageNumber', 'pageSize'],
];
const OFFSET_PARAMETERS: Array<[string, string]> = [
  ['offset', 'limit'],
  ['skip', 'take'],
  ['$skip', '$top'],
  ['start', 'limit'],
];
const PATH = 'Debtors';
/** Page sizes servers default to: a list of exactly so many records that says nothing more is tried further. */
const PAGE_SIZES = new Set([10, 20, 25, 30, 40, 50, 100, 200, 250, 500, 1000, 2000, 5000]);

/** What the probe found, with the first records of the whole list (for the field-name proposals). */
export async function probePaging(http: HttpClient, profile: ApiProfile): Promise<PagingFinding & { firstRecords: unknown[] }> {
  const base = new URL(http.options.baseUrl);
  const first = firstPage(PATH, {}, profile.paging);
  const response = await http.request({ method: 'GET', operation: 'debtors', ...first });
  const listed = recordsOf(response.body, profile.listEnvelope);
  const finding = await pagingOf(http, profile, { first, response, base, listed });
  return { ...finding, firstRecords: listed.slice(0, 5) };
}

async function pagingOf(
  http: HttpClient,
  profile: ApiProfile,
  { first, response, base, listed }: { first: PageRequest; response: ApiResponse; base: URL; listed: unknown[] },
): Promise<PagingFinding> {
  const read = async (request: PageRequest) => {
    const answer = await http.request({ method: 'GET', operation: 'debtors', ...request });
    return recordsOf(answer.body, profile.listEnvelope).map((record) => JSON.stringify(record));
  };
  const records = listed.map((record) => JSON.stringify(record));
  const count = records.length;
  const total = totalOf(response.body, response.headers);
  const next = nextPage(
    response.body,
    response.headers,
    first,
    base,
    { pageItems: count, seen: count, pagesRead: 1 },
    profile.paging,
  );
  if ('incomplete' in next) return { kind: 'unknown', count, total };
  const saysMore = total !== null && total > count;
  // Followed by the app, or all there is; a list of a usual page size that says nothing may be a first page.
  if (next.request !== null || (!saysMore && (total !== null || !PAGE_SIZES.has(count)))) return { kind: 'whole' };
  const seen = new Set(records);
  const bringsNew = async (query: Record<string, string>) => {
    try {
      return (await read({ path: PATH, query })).some((record) => !seen.has(record));
    } catch (error) {
      if (error instanceof ApiError) return false; // a parameter the server refuses is not its paging
      throw error;
    }
  };
  for (const [pageParam, sizeParam] of PAGE_PARAMETERS) {
    // Page 1 brings the first page again on a server counting from 1, the second on one counting from 0.
    const fromZero = await bringsNew({ [pageParam]: '1', [sizeParam]: String(count) });
    if (fromZero || (await bringsNew({ [pageParam]: '2', [sizeParam]: String(count) })))
      return {
        kind: 'found',
        count,
        paging: { style: 'page', pageParam, sizeParam, firstPage: fromZero ? 0 : 1, pageSize: count },
      };
  }
  for (const [offsetParam, limitParam] of OFFSET_PARAMETERS)
    if (await bringsNew({ [offsetParam]: String(count), [limitParam]: String(count) }))
      return { kind: 'found', count, paging: { style: 'offset', offsetParam, limitParam, pageSize: count } };
  return saysMore ? { kind: 'unknown', count, total } : { kind: 'whole' };
}
