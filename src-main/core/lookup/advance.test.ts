import { describe, expect, it } from 'vitest';
import { translatorFor } from '../../shared/i18n/catalogues.ts';
import { checkTransactionRange, summarise } from './advance.ts';

describe('Advance transaction range', () => {
  it('accepts an open or a proper range', () => {
    expect(checkTransactionRange({})).toEqual({});
    expect(checkTransactionRange({ startDate: '2026-01-01', endDate: '2026-01-01' })).toEqual({});
  });

  it('names each bad date and a reversed range', () => {
    expect(checkTransactionRange({ startDate: '2026-02-30', endDate: '31/03/2026' })).toEqual({
      startDate: 'Start date must be a date written YYYY-MM-DD, e.g. 2026-03-31.',
      endDate: 'End date must be a date written YYYY-MM-DD, e.g. 2026-03-31.',
    });
    expect(checkTransactionRange({ startDate: '2026-05-02', endDate: '2026-05-01' })).toEqual({
      endDate: 'End date (05/01/2026) is before the start date (05/02/2026).',
    });
  });

  it('says it in the user’s language', () => {
    const { t } = translatorFor({ messages: 'de', formats: 'de-DE' });
    expect(checkTransactionRange({ startDate: '2026-05-02', endDate: '2026-05-01' }, t, 'de-DE')).toEqual({
      endDate: 'Das Enddatum (01.05.2026) liegt vor dem Startdatum (02.05.2026).',
    });
    expect(checkTransactionRange({ startDate: 'gestern' }, t).startDate).toMatch(/^Das Startdatum muss ein Datum/);
  });

  it('totals the shown transactions, in cents, and per type', () => {
    const view = summarise([
      { transKey: 'T1', clientKey: 'C1', transDate: '2026-01-02', amount: 1000.1, type: 'advance', modifiedAt: '' },
      { transKey: 'T2', clientKey: 'C1', transDate: '2026-01-05', amount: -400.2, type: 'repayment', modifiedAt: '' },
      { transKey: 'T3', clientKey: 'C1', transDate: '2026-01-03', amount: 30.3, type: 'fee', modifiedAt: '' },
    ]);
    expect(view).toMatchObject({ count: 3, total: 630.2, byType: { advance: 1000.1, repayment: -400.2, fee: 30.3 } });
    expect(view.rows.map((row) => row.transKey)).toEqual(['T2', 'T3', 'T1']);
  });
});
