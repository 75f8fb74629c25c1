import { beforeEach, describe, expect, it } from 'vitest';
import type { AdvanceTransaction, Debtor } from '../shared/api/types.ts';
import { useMockServer } from '../testing/mock-fixture.ts';

const mock = useMockServer({ debtors: 500, seed: 7 });
beforeEach(async () => {
  await mock.control('POST', '/reset');
});
const list = async <T>(path: string) => {
  const response = await mock.call(`/debtors${path}`);
  expect(response.status).toBe(200);
  return (await response.json()) as T[];
};

describe('startingDateTime', () => {
  it('returns exactly the records modified at or after it', async () => {
    const all = await list<Debtor>('/Debtors');
    expect(all).toHaveLength(500);
    const pivot = [...all].sort((a, b) => a.modifiedAt.localeCompare(b.modifiedAt))[250]!.modifiedAt;
    const since = await list<Debtor>(`/Debtors?startingDateTime=${encodeURIComponent(pivot)}`);
    expect(since.map((debtor) => debtor.debtorKey).sort()).toEqual(
      all
        .filter((debtor) => debtor.modifiedAt >= pivot)
        .map((debtor) => debtor.debtorKey)
        .sort(),
    );
    expect(since.length).toBeGreaterThanOrEqual(250);
  });

  it('compares instants, not text, across time zones', async () => {
    const all = await list<Debtor>('/Debtors');
    const newest = [...all].sort((a, b) => b.modifiedAt.localeCompare(a.modifiedAt))[0]!;
    const sameInstantInNewYork = new Date(Date.parse(newest.modifiedAt) - 5 * 3_600_000).toISOString().replace('Z', '-05:00');
    const since = await list<Debtor>(`/Debtors?startingDateTime=${encodeURIComponent(sameInstantInNewYork)}`);
    expect(since.map((debtor) => debtor.debtorKey)).toContain(newest.debtorKey);
  });

  it('returns [] when nothing matches, never 404', async () => {
    expect(await list('/Debtors/CreditScore?startingDateTime=2099-01-01T00:00:00Z')).toEqual([]);
  });

  it('names the parameter when its date is malformed', async () => {
    const response = await mock.call('/debtors/Debtors/ClientBanks?startingDateTime=2026-13-45');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ details: { field: 'startingDateTime' } });
  });

  it('finds changed and added debtors in a delta', async () => {
    const before = new Date().toISOString();
    const { changed } = (await mock.control('POST', '/debtors/changes', { count: 5, add: 2 })) as { changed: string[] };
    expect(changed).toHaveLength(7);
    const delta = await list<Debtor>(`/Debtors?startingDateTime=${before}`);
    expect(delta.map((debtor) => debtor.debtorKey).sort()).toEqual([...changed].sort());
  });
});

describe('Advance transaction history', () => {
  it('filters by client and an inclusive date range', async () => {
    const all = await list<AdvanceTransaction>('/Advance/TxHistory');
    const clientKey = all[0]!.clientKey;
    const days = all
      .filter((tx) => tx.clientKey === clientKey)
      .map((tx) => tx.transDate)
      .sort();
    const [start, end] = [days[0]!, days[Math.floor(days.length / 2)]!];
    const filtered = await list<AdvanceTransaction>(
      `/Advance/TxHistory?clientKey=${clientKey}&startDate=${start}&endDate=${end}`,
    );
    expect(filtered.length).toBeGreaterThan(0);
    expect(filtered.every((tx) => tx.clientKey === clientKey && tx.transDate >= start && tx.transDate <= end)).toBe(true);
    expect(filtered).toHaveLength(days.filter((day) => day >= start && day <= end).length);
  });

  it('rejects an impossible calendar date and a reversed range, naming the parameter', async () => {
    const impossible = await mock.call('/debtors/Advance/TxHistory?endDate=2026-02-30');
    expect(await impossible.json()).toMatchObject({ details: { field: 'endDate' } });
    const reversed = await mock.call('/debtors/Advance/TxHistory?startDate=2026-05-02&endDate=2026-05-01');
    expect(await reversed.json()).toMatchObject({ message: 'startDate (2026-05-02) is after endDate (2026-05-01).' });
  });

  it('returns the lines of one transaction, and [] for an unknown one', async () => {
    const lines = await list<{ transKey: string; amount: number }>('/Advance/TxHistoryDetails?transKey=T00000003');
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((line) => line.transKey === 'T00000003')).toBe(true);
    const [tx] = await list<AdvanceTransaction>('/Advance/TxHistory').then((all) =>
      all.filter((t) => t.transKey === 'T00000003'),
    );
    expect(lines.reduce((sum, line) => sum + line.amount, 0)).toBeCloseTo(tx!.amount, 2);
    expect(await list('/Advance/TxHistoryDetails?transKey=nope')).toEqual([]);
  });
});

describe('the data set', () => {
  it('is the same for the same seed', async () => {
    const again = await import('./data/generate-debtors.ts');
    const reference = Date.parse('2026-01-01T00:00:00Z');
    const a = again.generateDebtorsDataset({ debtors: 200, seed: 3, referenceTime: reference });
    const b = again.generateDebtorsDataset({ debtors: 200, seed: 3, referenceTime: reference });
    expect(b).toEqual(a);
    expect(a.debtors.every((debtor) => Date.parse(debtor.modifiedAt) <= reference)).toBe(true);
  });

  it('looks real: scores in range, nicknames belong to debtors', async () => {
    const scores = await list<{ score: number; grade: string }>('/Debtors/CreditScore');
    expect(scores.every((score) => score.score >= 0 && score.score <= 100)).toBe(true);
    const keys = new Set((await list<Debtor>('/Debtors')).map((debtor) => debtor.debtorKey));
    const nicknames = await list<{ debtorKey: string }>('/Debtors/Nicknames');
    expect(nicknames.length).toBeGreaterThan(200);
    expect(nicknames.every((nickname) => keys.has(nickname.debtorKey))).toBe(true);
  });

  it('sends an open balance for most debtors, some past their limit, and keeps it with a changed limit', async () => {
    const shareOf = (debtor: Debtor) => (debtor.openBalance ?? 0) / debtor.creditLimit!;
    const debtors = await list<Debtor>('/Debtors');
    const withBalance = debtors.filter((debtor) => debtor.openBalance !== undefined);
    expect(withBalance.length / debtors.length).toBeGreaterThan(0.8);
    expect(withBalance.length).toBeLessThan(debtors.length);
    expect(withBalance.some((debtor) => shareOf(debtor) > 1)).toBe(true);
    const { changed } = (await mock.control('POST', '/debtors/changes', { count: 20 })) as { changed: string[] };
    const after = new Map((await list<Debtor>('/Debtors')).map((debtor) => [debtor.debtorKey, debtor]));
    for (const key of changed) {
      const before = withBalance.find((debtor) => debtor.debtorKey === key);
      // Rounded to the hundred: the share may move a little, never to another debtor's.
      if (before) expect(shareOf(after.get(key)!)).toBeCloseTo(shareOf(before), 1);
    }
  });
});

describe('the server', () => {
  it('listens on 127.0.0.1 only', () => {
    expect(new URL(mock.server.url).hostname).toBe('127.0.0.1');
  });

  it('answers an unknown route with a JSON 404', async () => {
    const response = await mock.call('/debtors/Creditors');
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'not_found' });
  });

  it('keeps serving other requests while streaming a large list', async () => {
    const big = mock.call('/debtors/Debtors');
    const health = await mock.call('/timeclock/health');
    expect(health.status).toBe(200);
    expect(((await (await big).json()) as unknown[]).length).toBe(500);
  });
});

describe('the control API', () => {
  it('rejects an invalid fault with the field and the problem', async () => {
    const response = await fetch(`${mock.server.url}/__mock/systems/source`, {
      method: 'PUT',
      body: JSON.stringify({ errorRate: 2 }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ details: { field: 'errorRate' } });
    const unknown = await fetch(`${mock.server.url}/__mock/systems/middle`, { method: 'PUT', body: '{}' });
    expect(unknown.status).toBe(404);
  });

  it('resets faults and data', async () => {
    await mock.control('PUT', '/services/debtors', { unavailable: true });
    await mock.control('POST', '/debtors/changes', { add: 3 });
    const state = (await mock.control('POST', '/reset')) as {
      faults: { services: { debtors: { unavailable: boolean } } };
      counts: { debtors: number };
    };
    expect(state.faults.services.debtors.unavailable).toBe(false);
    expect(state.counts.debtors).toBe(500);
  });
});

describe('serving unfiltered lists', () => {
  it('serves a changed list after a change, never a stale copy', async () => {
    const before = await list<Debtor>('/Debtors');
    const { changed } = (await mock.control('POST', '/debtors/changes', { count: 1, add: 1 })) as { changed: string[] };
    const after = await list<Debtor>('/Debtors');
    expect(after).toHaveLength(before.length + 1);
    const key = changed.find((candidate) => before.some((debtor) => debtor.debtorKey === candidate))!;
    expect(after.find((debtor) => debtor.debtorKey === key)!.modifiedAt).not.toBe(
      before.find((debtor) => debtor.debtorKey === key)!.modifiedAt,
    );
  });
});
