/**
 * A client's whole book through the real dispatcher, core and mock: the debtors the service
 * relates to the client, worst band first, shares that add up to the book, the spread by band, the
 * concentration limit marked, its CSV — and pure cases for what a real server may send otherwise.
 */
import { describe, expect, it } from 'vitest';
import type { LookupRow } from '../../shared/ipc/contract.ts';
import { scoreBand } from '../../shared/domain/score-bands.ts';
import { useMockServer } from '../../testing/mock-fixture.ts';
import { createTestCore } from '../../testing/test-core.ts';
import { windowApi } from '../../testing/window-api.ts';
import { BAND_ORDER, clientBook } from './client-book.ts';

const mock = useMockServer({ debtors: 2_000 });

describe('a client’s book', () => {
  it('holds every debtor the service relates to the client, worst band first, with shares of the book', async () => {
    const core = createTestCore(mock.server, { admin: { defaults: { general: { language: 'en' } } } });
    const { call, shell } = windowApi(core);
    await call('lookupOpen');
    const { dataset } = mock.server.control;
    const related = new Set(dataset.clientDeltas.filter((delta) => delta.clientKey === 'C00001').map((delta) => delta.debtorKey));
    const book = (await call('lookupBook', 'C00001'))!;
    expect(book.debtors.map((line) => line.debtorKey).sort()).toEqual([...related].sort());
    expect(book.debtors.length).toBeGreaterThanOrEqual(100);
    // Worst band first, the largest exposure first within a band.
    const ranks = book.debtors.map((line) => BAND_ORDER.indexOf(line.band));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    const first = book.debtors[0]!;
    const score = dataset.creditScores.find((record) => record.debtorKey === first.debtorKey)?.score;
    expect(first.band).toBe(scoreBand(score) ?? expect.any(String));
    // The exposure is the sum of the balances sent; the shares add up to the whole.
    const balances = book.debtors.map(
      (line) => dataset.debtors.find((debtor) => debtor.debtorKey === line.debtorKey)!.openBalance,
    );
    expect(book.exposure).toBe(balances.reduce<number>((sum, balance) => sum + (balance ?? 0), 0));
    expect(book.withoutBalance).toBe(balances.filter((balance) => balance === undefined).length);
    expect(book.debtors.reduce((sum, line) => sum + (line.share ?? 0), 0)).toBeCloseTo(1, 9);
    expect(book.bands.map((band) => band.debtors).reduce((a, b) => a + b)).toBe(book.debtors.length);
    expect(book.concentrationLimit).toBe(25);
    expect(book.debtors.some((line) => line.overConcentration)).toBe(false); // a hundred debtors: none holds a quarter

    await call('exportCsv', { kind: 'book', clientKey: 'C00001' });
    const rows = shell.saved.at(-1)!.content.slice(1).trimEnd().split('\r\n');
    expect(shell.saved.at(-1)!.name).toMatch(/^client-book-C00001-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(rows[0]).toBe(
      'Debtor key,Name,Risk band,Calculated score,Bureau score,Credit limit,Open balance,Limit in use (%),Share of the book (%),Past the concentration limit',
    );
    expect(rows).toHaveLength(book.debtors.length + 1);
    expect(rows[1]!.startsWith(`${first.debtorKey},`)).toBe(true);
    expect(await call('lookupBook', 'NO-SUCH-CLIENT')).toBeNull();
    await core.lookup.stop();
  });

  it('marks the debtors past the concentration limit set, and none with 0', async () => {
    const core = createTestCore(mock.server, { admin: { defaults: { lookup: { concentrationLimitPercent: 1 } } } });
    const { call } = windowApi(core);
    await call('lookupOpen');
    const book = (await call('lookupBook', 'C00002'))!;
    expect(book.debtors.filter((line) => line.overConcentration).length).toBeGreaterThan(0);
    for (const line of book.debtors) expect(line.overConcentration).toBe((line.share ?? 0) * 100 > 1);
    core.settings.updatePreferences({ lookup: { concentrationLimitPercent: 0 } });
    expect((await call('lookupBook', 'C00002'))!.debtors.some((line) => line.overConcentration)).toBe(false);
    await core.lookup.stop();
  });
});

describe('a book from what a server sends', () => {
  const row = (debtorKey: string, score: number | null, bureauScore: number | null, creditLimit: number | null): LookupRow => ({
    debtorKey,
    name: debtorKey,
    city: null,
    state: null,
    street: null,
    postalCode: null,
    namesake: false,
    status: 'active',
    creditLimit,
    match: null,
    score,
    grade: null,
    bureauScore,
    riskClass: null,
    modifiedAt: null,
  });

  it('bands a debtor without a calculated score by the bureau’s, and one with neither as "no score"; a book without balances has no shares', () => {
    const book = clientBook('C1', [row('A', null, 30, 1000), row('B', null, null, 1000), row('C', 90, 10, null)], () => null, 25);
    expect(book.debtors.map((line) => [line.debtorKey, line.band])).toEqual([
      ['A', 'high'],
      ['C', 'low'],
      ['B', 'none'],
    ]);
    expect(book.exposure).toBe(0);
    expect(book.withoutBalance).toBe(3);
    expect(book.debtors.every((line) => line.share === null && !line.overConcentration)).toBe(true);
    expect(book.bands.every((band) => band.share === null)).toBe(true);
  });

  it('marks one debtor holding most of the book, and its limit use', () => {
    const balances: Record<string, number> = { A: 900, B: 50, C: 50 };
    const book = clientBook(
      'C1',
      [row('A', 85, null, 1000), row('B', 85, null, 100), row('C', 85, null, 100)],
      (key) => balances[key]!,
      25,
    );
    expect(book.debtors[0]).toMatchObject({ debtorKey: 'A', share: 0.9, overConcentration: true, limitUse: 90 });
    expect(book.debtors.slice(1).map((line) => line.overConcentration)).toEqual([false, false]);
  });
});
