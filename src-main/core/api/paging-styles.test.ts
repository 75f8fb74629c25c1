/**
 * The paging styles real services use, each served by the "other shapes" proxy in front of the real
 * mock (120 debtors): a list is read whole, or said to be incomplete — never a part taken for all.
 */
import { describe, expect, it } from 'vitest';
import { resolveProfile, type ApiProfileInput } from '../../shared/api/api-profile.ts';
import { useMockServer } from '../../testing/mock-fixture.ts';
import { useShapeProxies, type Dialect } from '../../testing/shape-proxy.ts';
import { createDebtorsClient } from './debtors-client.ts';
import { createHttpClient } from './http-client.ts';

const mock = useMockServer({ debtors: 120 });
const startProxy = useShapeProxies(mock);

type Style = NonNullable<Dialect['paging']>['style'];

async function readDebtors(style: Style, profile: ApiProfileInput = {}, size = 25) {
  const proxy = await startProxy({ auth: 'api-key', paging: { style, size } });
  const http = createHttpClient({
    service: 'debtors',
    environment: 'Acme',
    baseUrl: proxy.debtorsBaseUrl,
    auth: { kind: 'api-key', header: 'X-Api-Key' },
    credentials: { clientId: 'demo-client', clientSecret: 'demo-secret' },
    retry: { retries: 0, baseDelayMs: 0, maxDelayMs: 0, maxRetryAfterMs: 0 },
  });
  const list = await createDebtorsClient(http, resolveProfile(profile)).debtors();
  const pages = proxy.requests.filter((line) => line.startsWith('GET /debtors/Debtors')).length;
  return { list, pages, keys: new Set(list.map((debtor) => debtor.debtorKey)) };
}

describe('lists read whole by themselves', () => {
  it.each<[Style, string]>([
    ['page-total', '{ items, page, pageSize, total } from page 1'],
    ['page0-total', '{ items, page, pageSize, total } from page 0'],
    ['offset', '{ items, offset, limit, total }'],
    ['header-cursor', 'a bare list with X-Next-Cursor and X-Total-Count headers'],
    ['page', 'page numbers with totalPages'],
    ['odata', 'OData next links'],
    ['cursor', 'a cursor in the body'],
  ])('%s: %s', async (style) => {
    const { list, pages, keys } = await readDebtors(style);
    expect(list.incomplete).toBeUndefined();
    expect(list).toHaveLength(120);
    expect(keys.size).toBe(120);
    expect(pages).toBe(5); // 25 a page: no page read twice, none asked for beyond the end
  });
});

describe('a server that pages only when asked', () => {
  it("is read whole with the profile's page numbers and its parameter names", async () => {
    const { list, keys, pages } = await readDebtors('silent-page', {
      paging: { style: 'page', pageParam: 'page', sizeParam: 'pageSize', firstPage: 1, pageSize: 50 },
    });
    expect(list.incomplete).toBeUndefined();
    expect([list.length, keys.size, pages]).toEqual([120, 120, 3]);
  });

  it('is never read forever when it ignores the parameters: the repeated page ends the list, said to be incomplete', async () => {
    const { list, pages } = await readDebtors('silent-page', { paging: { style: 'offset', pageSize: 25 } });
    expect(list).toHaveLength(25);
    expect(list.incomplete).toMatch(/^page 2 repeated records already read: .*set the paging/);
    expect(pages).toBe(2);
  });
});
