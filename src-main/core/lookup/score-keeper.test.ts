/**
 * The score lists kept apart (score-keeper.ts), as the app's lookup worker keeps them in a second
 * worker: here the keeper runs in this thread behind the same calls, against the real mock, and
 * the lookup must show what one engine holding every list shows.
 */
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import type { LookupSort } from '../../shared/ipc/contract.ts';
import { defaultPreferences } from '../../shared/settings-schema.ts';
import { useMockServer } from '../../testing/mock-fixture.ts';
import { ApiError } from '../api/api-error.ts';
import type { DebtorsClient } from '../api/debtors-client.ts';
import { createServiceClients } from '../api/service-clients.ts';
import { MOCK_CLIENT_SECRET, mockEnvironment } from '../environments/environment.ts';
import { PLAIN_CSV } from '../util/csv.ts';
import { inProcessClient } from '../util/worker-calls.ts';
import { lookupCacheFile, newCacheKey, removeLookupCache, scoresCacheOf, type LookupCacheConfig } from './lookup-cache.ts';
import { createLookupEngine } from './lookup-engine.ts';
import { createScoreKeeper } from './score-keeper.ts';
import { SCORE_KEEPER_CALLS, type ScoreKeeper } from './score-keeper-calls.ts';

const mock = useMockServer({ debtors: 600, seed: 5 });
beforeEach(async () => {
  await mock.control('POST', '/reset');
});

const client = () => createServiceClients(mockEnvironment(mock.server), MOCK_CLIENT_SECRET, defaultPreferences().network).debtors;
/** A client whose every list fails at once: what an open shows then comes from the disk. */
const offline = () =>
  new Proxy(client(), {
    get: (target, name: keyof DebtorsClient) =>
      name === 'serverClockOffsetMs'
        ? target[name]
        : async () => {
            throw new ApiError({ kind: 'unreachable', service: 'debtors', operation: 'debtors', environment: 'Mock' });
          },
  }) as DebtorsClient;
const byScore: LookupSort = { key: 'score', descending: true };

const key = newCacheKey();

function apart(cachePath?: string, debtors = client) {
  const cache = (path: string) => lookupCacheFile({ path, key, binding: 'mock' });
  const keeperEngine = createScoreKeeper({
    client: debtors(),
    environmentName: 'Mock',
    cache: cachePath ? lookupCacheFile(scoresCacheOf({ path: cachePath, key, binding: 'mock' })) : null,
  });
  const keeper: ScoreKeeper = inProcessClient(keeperEngine, SCORE_KEEPER_CALLS);
  const engine = createLookupEngine({
    client: debtors(),
    environmentName: 'Mock',
    scores: keeper,
    cache: cachePath ? cache(cachePath) : null,
  });
  return { engine, keeper };
}

describe('the score lists kept apart', () => {
  it('shows the rows, counts, details and export that one engine holding every list shows', async () => {
    const whole = createLookupEngine({ client: client(), environmentName: 'Mock' });
    const { engine } = apart();
    const [one, two] = await Promise.all([whole.sync(), engine.sync()]);
    expect(two.counts).toEqual(one.counts);
    expect(two.problems).toEqual([]);
    const [left, right] = [whole, engine].map((each) => each.search({ text: '', sort: byScore }));
    expect(right!.rows).toEqual(left!.rows);
    expect(right!.rows.filter((row) => row.score !== null && row.bureauScore !== null).length).toBeGreaterThan(50);
    const key = right!.rows[0]!.debtorKey;
    expect(await engine.detail(key)).toEqual(await whole.detail(key));
    expect((await engine.detail(key))?.creditScore).not.toBeNull();
    expect(engine.csv(right!.resultId, ['k'], PLAIN_CSV)).toBe(whole.csv(left!.resultId, ['k'], PLAIN_CSV));
  });

  it('starts the keeper once the names are in, so they keep the network to themselves', async () => {
    const keeper = inProcessClient(createScoreKeeper({ client: client(), environmentName: 'Mock' }), SCORE_KEEPER_CALLS);
    const seenAtStart: Array<{ debtors: number; nicknames: number }> = [];
    const watched: ScoreKeeper = {
      ...keeper,
      sync: (full) => {
        seenAtStart.push({ debtors: engine.status().counts.debtors, nicknames: engine.status().counts.nicknames });
        return keeper.sync(full);
      },
    };
    const engine = createLookupEngine({ client: client(), environmentName: 'Mock', scores: watched });
    await engine.sync();
    expect(seenAtStart).toEqual([{ debtors: 600, nicknames: mock.server.control.dataset.nicknames.length }]);
  });

  it('takes a delta that changes scores into the rows, and forgets them when cleared', async () => {
    const { engine } = apart();
    await engine.sync();
    const { changed } = (await mock.control('POST', '/debtors/changes', { count: 20 })) as { changed: string[] };
    await engine.sync();
    const { dataset } = mock.server.control;
    const rescored = changed.filter((key) => dataset.creditScores.some((score) => score.debtorKey === key));
    expect(rescored.length).toBeGreaterThan(0);
    for (const key of rescored) {
      const row = engine.search({ text: key, sort: byScore }).rows.find((found) => found.debtorKey === key)!;
      expect(row.score).toBe(dataset.creditScores.find((score) => score.debtorKey === key)!.score);
    }
    engine.clear();
    expect(engine.status().counts).toMatchObject({ creditScores: 0, bureauScores: 0 });
    await engine.sync();
    expect(engine.status().counts.creditScores).toBe(dataset.creditScores.length);
  });

  it('leaves the scores unknown and names both lists when the keeper fails, the names still searchable', async () => {
    const failing: ScoreKeeper = {
      sync: async () => {
        throw new Error('The keeper ended.');
      },
      records: async () => ({ creditScore: null, bureauScore: null }),
      clear: async () => undefined,
    };
    const engine = createLookupEngine({ client: client(), environmentName: 'Mock', scores: failing });
    const status = await engine.sync();
    expect(status.counts.debtors).toBe(600);
    expect(status.problems).toEqual([
      { resource: 'creditScores', kind: 'unexpected', detail: 'The keeper ended.' },
      { resource: 'bureauScores', kind: 'unexpected', detail: 'The keeper ended.' },
    ]);
    const rows = engine.search({ text: '', sort: byScore }).rows;
    expect(rows.length).toBe(100);
    expect(rows.every((row) => row.score === null && row.bureauScore === null)).toBe(true);
  });

  it('keeps its own file beside the lookup’s, read back at the next open and removed with it', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'score-keeper-')), 'lookup-cache-0123456789abcdef.bin');
    const first = apart(path);
    await first.engine.sync();
    expect(readdirSync(join(path, '..')).sort()).toEqual([
      'lookup-cache-0123456789abcdef.bin',
      'lookup-cache-0123456789abcdef.scores.bin',
    ]);
    // Each file holds its own engine's lists only.
    const listsIn = (config: LookupCacheConfig) => {
      const read = lookupCacheFile(config).read(Date.now());
      if (read === null || 'problem' in read) throw new Error('not readable');
      return Object.entries(read.opened.rest().data)
        .filter(([, records]) => records.length > 0)
        .map(([name]) => name)
        .sort();
    };
    const config = { path, key, binding: 'mock' };
    expect(listsIn(config)).toEqual(['clientBanks', 'clientDeltas', 'clientGroups', 'debtors', 'nicknames']);
    expect(listsIn(scoresCacheOf(config))).toEqual(['bureauScores', 'creditScores']);
    const rows = first.engine.search({ text: '', sort: byScore }).rows;
    // The server stops answering: what the next open shows comes from the two files.
    const next = apart(path, offline);
    const searchable: boolean[] = [];
    const { sync } = next.keeper;
    next.keeper.sync = (full) => {
      searchable.push(next.engine.status().indexed === 600);
      return sync(full);
    };
    const status = await next.engine.sync();
    expect(searchable).toEqual([true]); // the keeper read its file after the names were read back
    expect(next.engine.counts()).toMatchObject({ creditScores: 0, bureauScores: 0 }); // held by the keeper alone
    expect(status.counts).toEqual(first.engine.status().counts);
    expect(next.engine.search({ text: '', sort: byScore }).rows).toEqual(rows);
    removeLookupCache(path);
    expect(existsSync(path) || existsSync(path.replace('.bin', '.scores.bin'))).toBe(false);
  });

  it('reads the lists of a file an engine holding every list wrote, leaving the scores to the keeper', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'score-keeper-')), 'lookup-cache-0123456789abcdef.bin');
    const config = { path, key, binding: 'mock' };
    await createLookupEngine({ client: client(), environmentName: 'Mock', cache: lookupCacheFile(config) }).sync();
    const next = apart(path, offline);
    const status = await next.engine.sync();
    expect(status.counts.debtors).toBe(600);
    expect(next.engine.counts()).toMatchObject({ debtors: 600, creditScores: 0, bureauScores: 0 });
  });

  it('hands the lookup its columns before its file is written', async () => {
    const written: string[] = [];
    const slowDisk = {
      read: () => null,
      // A disk that never finishes writing: the lookup must not wait on it.
      write: () => {
        written.push('started');
        return new Promise<void>(() => undefined);
      },
    };
    const keeper = inProcessClient(
      createScoreKeeper({ client: client(), environmentName: 'Mock', cache: slowDisk }),
      SCORE_KEEPER_CALLS,
    );
    const engine = createLookupEngine({ client: client(), environmentName: 'Mock', scores: keeper });
    const status = await engine.sync();
    expect(status.counts.creditScores).toBe(mock.server.control.dataset.creditScores.length);
    expect(written).toEqual(['started']);
  });
});
