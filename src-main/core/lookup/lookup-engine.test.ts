/** The lookup engine against the real mock: sync, merge, failures, search, paging, detail, export. */
import { beforeEach, describe, expect, it } from 'vitest';
import type { LookupProblem, LookupStatus } from '../../shared/ipc/contract.ts';
import { describeLookupProblem } from '../../shared/i18n/lookup-problem-words.ts';
import { useMockServer } from '../../testing/mock-fixture.ts';
import { ApiError } from '../api/api-error.ts';
import { createServiceClients } from '../api/service-clients.ts';
import type { DebtorsClient } from '../api/debtors-client.ts';
import { MOCK_CLIENT_SECRET, mockEnvironment } from '../environments/environment.ts';
import { defaultPreferences } from '../../shared/settings-schema.ts';
import { createLookupEngine } from './lookup-engine.ts';
import { DEBTOR_CSV_COLUMNS } from './lookup-reader.ts';
import { DELTA_OVERLAP_MS } from './lookup-sync.ts';
import { english } from '../../shared/i18n/catalogues.ts';
import { PLAIN_CSV } from '../util/csv.ts';

const englishHeader = DEBTOR_CSV_COLUMNS.map((column) => english.t(`csv.${column}`));

const mock = useMockServer({ debtors: 1_500, seed: 11 });
beforeEach(async () => {
  await mock.control('POST', '/reset');
});

/** The real client, remembering which startingDateTime each list was asked with. */
function client() {
  const real = createServiceClients(mockEnvironment(mock.server), MOCK_CLIENT_SECRET, defaultPreferences().network).debtors;
  const asked: Record<string, Date | undefined> = {};
  const wrapped = new Proxy(real, {
    get: (target, name: keyof DebtorsClient) => (filter?: { startingDateTime?: Date }) => {
      asked[name] = filter?.startingDateTime;
      return (target[name] as (filter?: unknown) => Promise<unknown>)(filter);
    },
  }) as DebtorsClient;
  return { client: wrapped, asked };
}

async function loaded() {
  const { client: debtors, asked } = client();
  const statuses: LookupStatus[] = [];
  const engine = createLookupEngine({
    client: debtors,
    environmentName: 'Mock (built-in)',
    onStatus: (status) => statuses.push(status),
  });
  await engine.sync();
  return { engine, asked, statuses };
}

/** A problem as an English reader sees it. */
const inEnglish = (problem: LookupProblem) => describeLookupProblem(problem, english.t, 'en');

describe('a debtors service that does not answer', () => {
  it('shows each retry while it happens, and ends a first load at once when the names cannot be had', async () => {
    await mock.control('PUT', '/services/debtors', { replyDelayMs: 5_000 });
    const real = createServiceClients(mockEnvironment(mock.server), MOCK_CLIENT_SECRET, defaultPreferences().network, {
      timeoutMs: 300,
    }).debtors;
    const asked: string[] = [];
    const counting = new Proxy(real, {
      get: (target, name: keyof DebtorsClient) => (filter?: unknown) => {
        asked.push(String(name));
        return (target[name] as (filter?: unknown) => Promise<unknown>)(filter);
      },
    }) as DebtorsClient;
    const statuses: LookupStatus[] = [];
    const engine = createLookupEngine({ client: counting, environmentName: 'Mock', onStatus: (status) => statuses.push(status) });
    await engine.sync();
    const loadingNotes = statuses
      .filter((status) => status.state === 'loading')
      .flatMap((status) => status.problems)
      .map((problem) => ({ resource: problem.resource, message: inEnglish(problem) }));
    expect(loadingNotes).toContainEqual({
      resource: 'debtors',
      message: expect.stringMatching(/did not answer debtors in time .* Trying again \(attempt 2 of 3\)\.$/),
    });
    expect(engine.status()).toMatchObject({ state: 'empty', progress: null });
    expect(
      engine
        .status()
        .problems.map((problem) => problem.resource)
        .sort(),
    ).toEqual(['debtors', 'nicknames']);
    expect(engine.status().problems.every((problem) => problem.kind === 'failed')).toBe(true);
    // Scores, banks, groups and changes were not asked for: without names there is nothing to show them on.
    expect(asked.filter((name) => name !== 'serverClockOffsetMs').sort()).toEqual(['debtors', 'nicknames']);
  });
});

describe('a server that names the fields otherwise', () => {
  it('says which field most records lack and where to map it, instead of showing nameless rows and empty scores', async () => {
    const { client: real } = client();
    // Names under "legalName", scores nested in an object: what a real service may send.
    const renamed = new Proxy(real, {
      get: (target, name: keyof DebtorsClient) => async (filter?: unknown) => {
        const records = (await (target[name] as (filter?: unknown) => Promise<Array<Record<string, unknown>>>)(filter)) ?? [];
        if (name === 'debtors') return records.map(({ name: legalName, ...rest }) => ({ ...rest, legalName }));
        if (name === 'creditScores') return records.map(({ score, ...rest }) => ({ ...rest, rating: { value: score } }));
        return records;
      },
    }) as DebtorsClient;
    const engine = createLookupEngine({ client: renamed, environmentName: 'Acme' });
    await engine.sync();
    const messages = engine.status().problems.map(inEnglish);
    expect(messages).toEqual([
      expect.stringMatching(
        /^Debtors: 1,500 of 1,500 records have no "name" \(their fields: .*legalName.*\)\. If the service names it otherwise, set "name" under debtorFields in the environment's API profile/,
      ),
      expect.stringMatching(/^Credit scores: [\d,]+ of [\d,]+ records have no "score" \(their fields: .*rating/),
    ]);
    // The mock's own data (a few debtors without a bureau score) raises nothing.
    const plain = createLookupEngine({ client: real, environmentName: 'Mock' });
    await plain.sync();
    expect(plain.status().problems).toEqual([]);
  });
});

describe('sync', () => {
  it('loads everything the first time, reporting progress', async () => {
    const { engine, statuses } = await loaded();
    const { counts } = mock.server.control.describe();
    expect(engine.status()).toMatchObject({
      state: 'ready',
      problems: [],
      counts: { debtors: 1_500, creditScores: counts.creditScores, bureauScores: counts.bureauScores },
    });
    expect(statuses[0]).toMatchObject({ state: 'loading', progress: { done: 0, total: 7 } });
    expect(statuses.some((status) => status.progress?.done === 3)).toBe(true);
  });

  it('answers searches from the names while the scores and client tables still load', async () => {
    const { client: real } = client();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    // Everything but the names waits until the test lets it go.
    const slow = new Proxy(real, {
      get: (target, name: keyof DebtorsClient) => async (filter?: unknown) => {
        if (name !== 'debtors' && name !== 'nicknames') await held;
        return (target[name] as (filter?: unknown) => Promise<unknown>)(filter);
      },
    }) as DebtorsClient;
    const relevance = { key: 'relevance', descending: false } as const;
    const nickname = mock.server.control.dataset.nicknames[0]!;
    const whileLoading: Array<{ state: string; byName: number; byNickname: string[] }> = [];
    const engine = createLookupEngine({
      client: slow,
      environmentName: 'Mock (built-in)',
      onStatus: (status) => {
        if (status.indexed === 0 || whileLoading.length > 0) return;
        const byNickname = engine.search({ text: nickname.nickname, sort: relevance }).rows.map((row) => row.debtorKey);
        whileLoading.push({ state: status.state, byName: engine.search({ text: 'acme', sort: relevance }).total, byNickname });
        release();
      },
    });
    await engine.sync();
    expect(whileLoading).toEqual([{ state: 'loading', byName: expect.any(Number), byNickname: expect.any(Array) }]);
    expect(whileLoading[0]!.byName).toBeGreaterThan(0);
    expect(whileLoading[0]!.byNickname).toContain(nickname.debtorKey);
    expect(engine.status()).toMatchObject({ state: 'ready', indexed: 1_500 });
  });

  it('keeps a result on the index it was found in when a delta rebuilds the index', async () => {
    const { engine } = await loaded();
    const everyone = engine.search({ text: '', sort: { key: 'relevance', descending: false } });
    const lastKeys = () => engine.rows(everyone.resultId, everyone.total - 100, 100).rows.map((row) => row.debtorKey);
    const before = lastKeys();
    // A new debtor ("New Account …") moves every name after it one place down in the new index.
    await mock.control('POST', '/debtors/changes', { add: 1 });
    expect((await engine.sync()).indexed).toBe(everyone.total + 1);
    expect(lastKeys()).toEqual(before);
    expect(engine.csv(everyone.resultId, englishHeader, PLAIN_CSV).trim().split('\n')).toHaveLength(everyone.total + 1);
  });

  it('then asks only for changes since the newest it has seen, minus an overlap, and merges them', async () => {
    const { engine, asked } = await loaded();
    const newest = [...mock.server.control.dataset.debtors]
      .map((debtor) => debtor.modifiedAt)
      .sort()
      .at(-1)!;
    const { changed } = (await mock.control('POST', '/debtors/changes', { count: 3, add: 1 })) as { changed: string[] };
    await engine.sync();
    expect(asked.debtors?.toISOString()).toBe(new Date(Date.parse(newest) - DELTA_OVERLAP_MS).toISOString());
    expect(engine.status().counts.debtors).toBe(1_501);
    const changedDebtor = mock.server.control.dataset.debtors.find((debtor) => debtor.debtorKey === changed[0])!;
    expect((await engine.detail(changed[0]!))?.debtor).toMatchObject({
      creditLimit: changedDebtor.creditLimit,
      modifiedAt: changedDebtor.modifiedAt,
    });
    const added = engine.search({ text: 'New Account 1501', sort: { key: 'relevance', descending: false } });
    expect(added.rows[0]?.debtorKey).toBe('D0001501');
    // The next delta starts from the newest change the last one brought.
    const newestNow = mock.server.control.dataset.debtors
      .map((debtor) => debtor.modifiedAt)
      .sort()
      .at(-1)!;
    expect(newestNow > newest).toBe(true);
    await engine.sync();
    expect(asked.debtors?.toISOString()).toBe(new Date(Date.parse(newestNow) - DELTA_OVERLAP_MS).toISOString());
  });

  it('keeps working with partial data when one endpoint fails, and names it', async () => {
    const { client: real } = client();
    // The credit scores are rate limited for ten minutes; everything else answers.
    const limited = new Proxy(real, {
      get: (target, name: keyof DebtorsClient) => async (filter?: unknown) => {
        if (name === 'creditScores')
          throw new ApiError({
            kind: 'rate-limited',
            service: 'debtors',
            operation: 'creditScores',
            environment: 'Mock (built-in)',
            status: 429,
            retryAfterMs: 600_000,
          });
        return (target[name] as (filter?: unknown) => Promise<unknown>)(filter);
      },
    }) as DebtorsClient;
    const engine = createLookupEngine({ client: limited, environmentName: 'Mock (built-in)' });
    await engine.sync();
    const status = engine.status();
    expect(status.state).toBe('ready');
    expect(status.problems).toHaveLength(1);
    expect(inEnglish(status.problems[0]!)).toMatch(/is limiting requests \(429\)/);
    expect(status.problems[0]!.resource).toBe('creditScores');
    expect(status.counts.debtors).toBeGreaterThan(0);
  });

  it('forgets everything when cleared', async () => {
    const { engine } = await loaded();
    engine.clear();
    expect(engine.status()).toMatchObject({ state: 'empty', counts: { debtors: 0 } });
    expect(engine.search({ text: '', sort: { key: 'name', descending: false } }).total).toBe(0);
  });
});

describe('search results', () => {
  it('pages through results and sorts by a column, blanks last', async () => {
    const { engine } = await loaded();
    const everyone = engine.search({ text: '', sort: { key: 'name', descending: false } });
    expect(everyone.total).toBe(1_500);
    expect(everyone.rows).toHaveLength(100);
    const next = engine.rows(everyone.resultId, 100, 50);
    expect(next.rows).toHaveLength(50);
    expect(next.rows[0]!.name.localeCompare(everyone.rows[99]!.name, 'en', { sensitivity: 'base' })).toBeGreaterThanOrEqual(0);

    const byScore = engine.search({ text: '', sort: { key: 'score', descending: true } });
    const all = engine
      .rows(byScore.resultId, 0, 500)
      .rows.concat(engine.rows(byScore.resultId, 500, 500).rows, engine.rows(byScore.resultId, 1000, 500).rows);
    const scores = all.map((row) => row.score);
    const firstBlank = scores.indexOf(null);
    expect(firstBlank).toBeGreaterThan(0);
    expect(scores.slice(firstBlank).every((score) => score === null)).toBe(true);
    const known = scores.slice(0, firstBlank) as number[];
    expect(known).toEqual([...known].sort((a, b) => b - a));
  });

  it('finds a debtor by name, nickname or key, with a typo', async () => {
    const { engine } = await loaded();
    const target = mock.server.control.dataset.debtors[123]!;
    const byKey = engine.search({ text: target.debtorKey.toLowerCase(), sort: { key: 'relevance', descending: false } });
    expect(byKey.rows[0]!.debtorKey).toBe(target.debtorKey);
    const firstWord = target.name.split(' ')[0]!;
    const typo = firstWord.length > 4 ? firstWord.slice(0, 2) + firstWord[3] + firstWord[2] + firstWord.slice(4) : firstWord;
    const found = engine.search({ text: `${typo} ${target.name.split(' ')[1]}`, sort: { key: 'relevance', descending: false } });
    expect(engine.rows(found.resultId, 0, 500).rows.map((row) => row.debtorKey)).toContain(target.debtorKey);
  });

  it('shows a debtor with its scores, nicknames, client changes, banks and back-office users', async () => {
    const { engine } = await loaded();
    const delta = mock.server.control.dataset.clientDeltas[0]!;
    const detail = (await engine.detail(delta.debtorKey))!;
    expect(detail.debtor.debtorKey).toBe(delta.debtorKey);
    expect(detail.deltas.map((change) => change.changeKey)).toContain(delta.changeKey);
    expect(detail.banks.every((bank) => detail.deltas.some((change) => change.clientKey === bank.clientKey))).toBe(true);
    expect(detail.banks.length).toBeGreaterThan(0);
    expect(detail.groups.length).toBeGreaterThan(0);
    expect(await engine.detail('NOPE')).toBeNull();
  });

  it('exports the result set as CSV in the order shown', async () => {
    const { engine } = await loaded();
    const page = engine.search({ text: 'acme', sort: { key: 'relevance', descending: false } });
    const lines = engine.csv(page.resultId, englishHeader, PLAIN_CSV).split('\r\n');
    expect(lines[0]).toBe('\uFEFFDebtor key,Name,City,State,Calculated score,Grade,Bureau score,Risk class,Last change');
    expect(lines).toHaveLength(page.total + 2);
    expect(lines[1]!.startsWith(page.rows[0]!.debtorKey)).toBe(true);
  });
});
