/**
 * Issue 47, point 11: a MuleSoft "system API" over a database table, as DataWeave often writes it
 * — PascalCase columns, a `{ success: true, Result: […] }` envelope, every column in every row
 * (null where empty), numbers as strings. The connection test says what it found and proposes
 * how to read it; applied, the whole list and the scores are read.
 */
import { describe, expect, it } from 'vitest';
import { defaultAuthScheme } from '../../shared/api/api-profile.ts';
import type { ProfileSuggestion } from '../../shared/domain/environments.ts';
import { connectTo } from '../../testing/gateway-core.ts';
import { useMockServer } from '../../testing/mock-fixture.ts';
import { useShapeProxies } from '../../testing/shape-proxy.ts';
import { detailOf } from '../../shared/ipc/contract.ts';

const mock = useMockServer({ debtors: 20 });
const startProxy = useShapeProxies(mock);

describe('a system API over a table', () => {
  it('is tested without an error of the app, proposes where the list is and which column is which, and reads it once applied', async () => {
    const proxy = await startProxy({
      pascal: true,
      tableRows: true,
      listEnvelope: 'Result',
      singleEnvelope: 'Result',
      debtorFields: { modifiedAt: 'ModifiedDate' },
    });
    const { call, draft, core } = await connectTo(mock, {
      timeclockBaseUrl: proxy.timeclockBaseUrl,
      debtorsBaseUrl: proxy.debtorsBaseUrl,
      auth: defaultAuthScheme,
    });
    const first = await call('testConnection', { draft, secret: 'demo-secret' });
    if (!first.ok) throw new Error(JSON.stringify(first.errors));
    expect(first.report.timeclock.ok).toBe(true);
    expect(first.report.debtors).toMatchObject({ ok: false, reachable: true });
    expect(first.report.debtors.message).toContain('expected a list, got an object with fields success, Result');
    const changes = first.report.suggestions.flatMap((suggestion: ProfileSuggestion) =>
      suggestion.change ? [suggestion.change] : [],
    );
    expect(changes).toContainEqual({ listEnvelope: 'Result' });
    const profile: typeof draft.profile = Object.assign({}, draft.profile, ...changes);

    const second = await call('testConnection', { draft: { ...draft, profile }, secret: 'demo-secret' });
    if (!second.ok) throw new Error(JSON.stringify(second.errors));
    expect(second.report.debtors).toMatchObject({ ok: true, message: 'Connected. 0 debtors changed in the last 24 hours.' });
    const fields = second.report.suggestions.find((suggestion: ProfileSuggestion) => suggestion.change?.debtorFields);
    expect(fields?.change?.debtorFields).toMatchObject({ modifiedAt: 'ModifiedDate' });
    expect(fields?.text).toContain('ModifiedDate');

    const saved = await call('saveEnvironment', { ...draft, profile: Object.assign({}, profile, fields!.change) });
    if (!saved.ok) throw new Error(JSON.stringify(saved.errors));
    const loaded = await core.lookup.refresh(true);
    expect(loaded.problems).toEqual([]);
    expect(loaded.counts.debtors).toBe(20);
    const someone = mock.server.control.dataset.debtors[3]!;
    const detail = detailOf(await call('lookupDetail', someone.debtorKey));
    expect(typeof detail?.creditScore?.score).toBe('number');
  });
});
