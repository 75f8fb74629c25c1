/** Issue 63, point 16: a count and its verb agree ("1 debtor matches", "2 debtors match"). */
import { describe, expect, it } from 'vitest';
import { translatorFor } from './catalogues.ts';

describe('counts in words', () => {
  it('agrees the verb with the count in English, and says the query in every language', () => {
    const { t } = translatorFor({ messages: 'en', formats: 'en' });
    expect(t('lookup.count', { count: 1, query: 'acme' })).toBe('1 debtor matches “acme”');
    expect(t('lookup.count', { count: 2, query: 'acme' })).toBe('2 debtors match “acme”');
    expect(t('lookup.count', { count: 1, query: 'none' })).toBe('1 debtor');
    expect(translatorFor({ messages: 'de', formats: 'de' }).t('lookup.count', { count: 1, query: 'acme' })).toBe(
      '1 Debitor zu „acme“',
    );
    expect(translatorFor({ messages: 'es', formats: 'es' }).t('lookup.count', { count: 2, query: 'acme' })).toBe(
      '2 deudores para «acme»',
    );
  });
});
