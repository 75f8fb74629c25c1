/**
 * The lists kept on disk: sealed with a key from the vault, bound to the environment, used for a
 * delta on the next first open; a damaged, foreign or stale file, or one sealed with a key this
 * user can no longer read, is not used — the lookup loads afresh and says why.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DebtorsClient } from '../api/debtors-client.ts';
import { createServiceClients } from '../api/service-clients.ts';
import { MOCK_CLIENT_SECRET, mockEnvironment } from '../environments/environment.ts';
import { defaultPreferences } from '../../shared/settings-schema.ts';
import { fakeEncryptor } from '../../testing/fake-encryptor.ts';
import { useMockServer } from '../../testing/mock-fixture.ts';
import { createTestCore } from '../../testing/test-core.ts';
import { windowApi } from '../../testing/window-api.ts';
import { CACHE_MAX_AGE_MS, cacheBinding, lookupCacheFile, newCacheKey, type CachedLists } from './lookup-cache.ts';
import { createLookupEngine } from './lookup-engine.ts';
import { buildSearchIndex } from './search-index.ts';

const mock = useMockServer({ debtors: 400, seed: 3 });
const folder = () => mkdtempSync(join(tmpdir(), 'lookup-cache-'));
const entry = { debtorKey: 'D1', name: 'Acme Foods Company', nicknames: ['AFC'] };
const lists = (savedAt: number): CachedLists => ({
  savedAt,
  index: { tables: buildSearchIndex([entry]).tables, names: [entry.name], nicknames: entry.nicknames },
  syncedAt: savedAt,
  nicknamesAt: savedAt,
  newestOf: [['debtors', '2026-11-20T10:00:00.000Z']],
  data: {
    debtors: [{ debtorKey: 'D1', name: 'Acme Foods Company', city: 'Dallas', modifiedAt: '2026-11-20T10:00:00.000Z' }],
    nicknames: [{ debtorKey: 'D1', nickname: 'AFC', modifiedAt: '2026-11-20T10:00:00.000Z' }],
  },
});
/** What a read gives back, both parts opened. */
const opened = (read: ReturnType<ReturnType<typeof lookupCacheFile>['read']>) =>
  read && 'opened' in read ? { index: read.opened.index, rest: read.opened.rest() } : read;

describe('the cache file', () => {
  const binding = cacheBinding({ id: 'acme-1a2b3c', debtorsBaseUrl: 'https://api.acme.example/debtors' });
  const at = Date.parse('2026-11-25T08:00:00Z');

  it('reads back what it wrote, and holds none of it in the clear', async () => {
    const path = join(folder(), 'cache.bin');
    const key = newCacheKey();
    await lookupCacheFile({ path, key, binding }).write(lists(at));
    expect(readFileSync(path).toString('latin1')).not.toContain('Acme');
    const { savedAt: _, index, ...rest } = lists(at);
    expect(opened(lookupCacheFile({ path, key, binding }).read(at + 60_000))).toEqual({ index, rest });
  });

  it('takes a file an earlier version wrote for none at all: loaded afresh, nothing to tell', async () => {
    const path = join(folder(), 'cache.bin');
    const key = newCacheKey();
    await lookupCacheFile({ path, key, binding }).write(lists(at));
    writeFileSync(path, readFileSync(path).toString('latin1').replace('"magic":"TCLC4"', '"magic":"TCLC3"'), 'latin1');
    expect(lookupCacheFile({ path, key, binding }).read(at)).toBeNull();
  });

  it('is not used when damaged, written for another environment, too old, or sealed with another key', async () => {
    const path = join(folder(), 'cache.bin');
    const key = newCacheKey();
    await lookupCacheFile({ path, key, binding }).write(lists(at));
    const other = cacheBinding({ id: 'acme-1a2b3c', debtorsBaseUrl: 'https://moved.acme.example/debtors' });
    expect(lookupCacheFile({ path, key, binding: other }).read(at)).toEqual({ problem: 'foreign' });
    expect(lookupCacheFile({ path, key, binding }).read(at + CACHE_MAX_AGE_MS + 1)).toEqual({ problem: 'stale' });
    expect(lookupCacheFile({ path, key: newCacheKey(), binding }).read(at)).toEqual({ problem: 'unreadable' });
    const bytes = readFileSync(path);
    bytes[bytes.length - 5] = bytes[bytes.length - 5]! ^ 0xff; // one byte of the second part changed
    writeFileSync(path, bytes);
    const damaged = lookupCacheFile({ path, key, binding }).read(at);
    expect(damaged && 'opened' in damaged && (() => damaged.opened.rest())).toThrow();
    writeFileSync(path, 'not a cache');
    expect(lookupCacheFile({ path, key, binding }).read(at)).toEqual({ problem: 'unreadable' });
    expect(lookupCacheFile({ path: join(folder(), 'none.bin'), key, binding }).read(at)).toBeNull();
  });

  it('writes a long list in turns of the event loop, so the worker answers searches meanwhile', async () => {
    const path = join(folder(), 'cache.bin');
    const key = newCacheKey();
    const debtors = Array.from({ length: 20_000 }, (_, at) => ({ debtorKey: `D${at}`, name: `Debtor ${at}`, modifiedAt: null }));
    const big = { ...lists(at), data: { debtors } };
    let turnsDuringWrite = 0;
    let writing = true;
    const count = () => {
      if (!writing) return;
      turnsDuringWrite++;
      setImmediate(count);
    };
    setImmediate(count);
    await lookupCacheFile({ path, key, binding }).write(big);
    writing = false;
    expect(turnsDuringWrite).toBeGreaterThanOrEqual(3);
    const read = lookupCacheFile({ path, key, binding }).read(at);
    expect(read && 'opened' in read && read.opened.rest().data.debtors).toHaveLength(20_000);
  });

  it('writes the sealed parts to the file as they come; a write that fails leaves the file kept before and no half file', async () => {
    const dir = folder();
    const path = join(dir, 'cache.bin');
    const key = newCacheKey();
    const cache = lookupCacheFile({ path, key, binding });
    await cache.write(lists(at));
    const before = readFileSync(path);
    // A record that JSON cannot write fails the sealing half way through the lists.
    const debtors = Array.from({ length: 12_000 }, (_, n) => ({
      debtorKey: `D${n}`,
      name: `Debtor ${n}`,
      limit: n === 11_000 ? 1n : n,
    }));
    await expect(cache.write({ ...lists(at + 1), data: { debtors } })).rejects.toThrow(/BigInt/);
    expect(readFileSync(path)).toEqual(before);
    expect(readdirSync(dir)).toEqual(['cache.bin']);
    // The header line has its room at the start, the parts follow it.
    expect(before.indexOf(10)).toBe(1023);
    expect(opened(cache.read(at))).toMatchObject({ rest: { syncedAt: at } });
  });
  it('writes one file at a time: two writes of the same file started together leave the later one whole', async () => {
    const path = join(folder(), 'cache.bin');
    const key = newCacheKey();
    const debtors = (name: string) =>
      Array.from({ length: 12_000 }, (_, n) => ({ debtorKey: `D${n}`, name: `${name} ${n}`, modifiedAt: null }));
    // Two engines of one environment: each writes in turns of the event loop, so they would interleave.
    await Promise.all([
      lookupCacheFile({ path, key, binding }).write({ ...lists(at), data: { debtors: debtors('First') } }),
      lookupCacheFile({ path, key, binding }).write({ ...lists(at + 1), data: { debtors: debtors('Second') } }),
    ]);
    const read = opened(lookupCacheFile({ path, key, binding }).read(at + 1));
    expect(read && 'rest' in read && read.rest.data.debtors?.[11_999]).toMatchObject({ name: 'Second 11999' });
  });

  it('cannot be made to look younger: the date is sealed with the lists', async () => {
    const path = join(folder(), 'cache.bin');
    const key = newCacheKey();
    await lookupCacheFile({ path, key, binding }).write(lists(at));
    const text = readFileSync(path)
      .toString('latin1')
      .replace(`"savedAt":${at}`, `"savedAt":${at + 1000}`);
    writeFileSync(path, Buffer.from(text, 'latin1'));
    expect(lookupCacheFile({ path, key, binding }).read(at + 2000)).toEqual({ problem: 'unreadable' });
  });
});

describe('the engine with a cache', () => {
  /** The real client, counting the lists asked for whole (no startingDateTime). */
  function counted() {
    const real = createServiceClients(mockEnvironment(mock.server), MOCK_CLIENT_SECRET, defaultPreferences().network).debtors;
    const whole: string[] = [];
    const client = new Proxy(real, {
      get: (target, name: keyof DebtorsClient) => (filter?: { startingDateTime?: Date }) => {
        if (!filter?.startingDateTime) whole.push(name);
        return (target[name] as (filter?: unknown) => Promise<unknown>)(filter);
      },
    }) as DebtorsClient;
    return { client, whole };
  }

  it('opens from the disk and asks only for what changed since', async () => {
    const config = { path: join(folder(), 'cache.bin'), key: newCacheKey(), binding: 'mock' };
    const first = counted();
    const engine = createLookupEngine({ client: first.client, environmentName: 'Mock', cache: lookupCacheFile(config) });
    expect((await engine.sync()).counts.debtors).toBe(400);
    expect(first.whole).toContain('debtors');
    const next = counted();
    const seen: number[] = [];
    const { nickname } = mock.server.control.dataset.nicknames[3]!;
    const keysFound = (searched: typeof engine, query: string) => {
      const page = searched.search({ text: query, sort: { key: 'relevance', descending: false } });
      return { total: page.total, keys: page.rows.map((row) => row.debtorKey) };
    };
    const firstAnswers: Array<ReturnType<typeof keysFound>> = [];
    const again = createLookupEngine({
      client: next.client,
      environmentName: 'Mock',
      cache: lookupCacheFile(config),
      onStatus: (status) => {
        seen.push(status.indexed);
        if (seen.length === 1) firstAnswers.push(...['acme', nickname, 'fods'].map((query) => keysFound(again, query)));
      },
    });
    const status = await again.sync();
    expect(status).toMatchObject({ state: 'ready', cacheProblem: null, counts: { debtors: 400 } });
    // Searchable from the disk before any list arrived — the index read back, not built: it finds
    // what the built one finds, by name, nickname and a slip — and no list but the unfiltered
    // nicknames asked whole.
    expect(seen[0]).toBe(400);
    expect(firstAnswers).toEqual(['acme', nickname, 'fods'].map((query) => keysFound(engine, query)));
    expect(firstAnswers.every((found) => found.total > 0)).toBe(true);
    expect(next.whole.filter((name) => name !== 'nicknames' && name !== 'serverClockOffsetMs')).toEqual([]);
    expect(
      again.search({ text: mock.server.control.dataset.debtors[5]!.debtorKey, sort: { key: 'relevance', descending: false } })
        .total,
    ).toBe(1);
  });
});

describe('a damaged second part', () => {
  it('drops the names read from the first, loads all afresh and says so', async () => {
    const config = { path: join(folder(), 'cache.bin'), key: newCacheKey(), binding: 'mock' };
    const client = createServiceClients(mockEnvironment(mock.server), MOCK_CLIENT_SECRET, defaultPreferences().network).debtors;
    await createLookupEngine({ client, environmentName: 'Mock', cache: lookupCacheFile(config) }).sync();
    const bytes = readFileSync(config.path);
    bytes[bytes.length - 5] = bytes[bytes.length - 5]! ^ 0xff;
    writeFileSync(config.path, bytes);
    const again = createLookupEngine({ client, environmentName: 'Mock', cache: lookupCacheFile(config) });
    expect(await again.sync()).toMatchObject({ state: 'ready', cacheProblem: 'unreadable', counts: { debtors: 400 } });
  });
});

describe('in the app', () => {
  it('keeps the lists between runs, and says so when the key is lost and they are loaded afresh', async () => {
    const dataDir = folder();
    const encryptor = fakeEncryptor('strong');
    const core = createTestCore(mock.server, { dataDir, encryptor });
    const { call } = windowApi(core);
    expect((await call('lookupOpen')).counts.debtors).toBe(400);
    await core.vault.flush();
    // The next run, same user: from the disk.
    const again = createTestCore(mock.server, { dataDir, encryptor, settingsDir: core.settingsDir });
    await again.vault.unlock();
    expect(await windowApi(again).call('lookupOpen')).toMatchObject({ cacheProblem: null, counts: { debtors: 400 } });
    // The operating system can no longer decrypt the key (a new profile, a restored backup): a new key, the file unusable.
    const lost = { ...fakeEncryptor('strong'), decrypt: async () => Promise.reject(new Error('cannot decrypt')) };
    const third = createTestCore(mock.server, { dataDir, encryptor: lost as never, settingsDir: core.settingsDir });
    await third.vault.unlock();
    expect(await windowApi(third).call('lookupOpen')).toMatchObject({ cacheProblem: 'unreadable', counts: { debtors: 400 } });
  });

  it("says the score keeper's own file's problem, and moves a folder in its way aside without leaving a temporary file (issue 61)", async () => {
    const dataDir = folder();
    const encryptor = fakeEncryptor('strong');
    const core = createTestCore(mock.server, { dataDir, encryptor, lookupWorker: true });
    expect((await windowApi(core).call('lookupOpen')).counts.debtors).toBe(400);
    await core.vault.flush();
    // Both files are written after the lists answered, in the worker's own time: on a loaded machine, seconds later.
    const written = () => readdirSync(dataDir).filter((name) => name.endsWith('.bin') && !name.endsWith('.tmp'));
    await expect.poll(written, { timeout: 30_000 }).toHaveLength(2);
    const scores = join(
      dataDir,
      readdirSync(dataDir).find((name) => name.endsWith('.scores.bin'))!,
    );
    const bytes = readFileSync(scores);
    bytes[bytes.length - 5] = bytes[bytes.length - 5]! ^ 0xff;
    writeFileSync(scores, bytes);
    const again = createTestCore(mock.server, { dataDir, encryptor, settingsDir: core.settingsDir, lookupWorker: true });
    await again.vault.unlock();
    expect(await windowApi(again).call('lookupOpen')).toMatchObject({ cacheProblem: 'unreadable', counts: { debtors: 400 } });

    // A folder where the keeper's file goes, on another workstation (the second run above still writes its file here).
    const elsewhere = folder();
    const inTheWay = join(elsewhere, basename(scores));
    mkdirSync(inTheWay);
    const third = createTestCore(mock.server, { dataDir: elsewhere, encryptor, lookupWorker: true });
    await third.vault.unlock();
    await windowApi(third).call('lookupOpen');
    expect(third.problems).toEqual([expect.stringMatching(/\.scores\.bin was a folder, not a file; it was moved to /)]);
    await expect.poll(() => statSync(inTheWay).isFile(), { timeout: 30_000 }).toBe(true);
    expect(readdirSync(elsewhere).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  }, 60_000);

  it('loads the lists afresh without a word on another host of a pooled desktop, whose keys cannot read them', async () => {
    const dataDir = folder();
    const monday = createTestCore(mock.server, { dataDir, computer: 'VDI-01' });
    expect((await windowApi(monday).call('lookupOpen')).counts.debtors).toBe(400);
    await monday.vault.flush();
    const otherKeys = { ...fakeEncryptor('strong'), decrypt: async () => Promise.reject(new Error('DPAPI: wrong key')) };
    const tuesday = createTestCore(mock.server, {
      dataDir,
      computer: 'VDI-07',
      encryptor: otherKeys as never,
      settingsDir: monday.settingsDir,
    });
    await tuesday.vault.unlock();
    // Not "could not be read": nothing was damaged, this computer simply holds other keys.
    expect(await windowApi(tuesday).call('lookupOpen')).toMatchObject({ cacheProblem: null, counts: { debtors: 400 } });
  });

  it('keeps nothing on disk when the setting is off, and removes what was kept', async () => {
    const dataDir = folder();
    const core = createTestCore(mock.server, { dataDir });
    await windowApi(core).call('lookupOpen');
    const files = () => readdirSync(dataDir).filter((name) => name.startsWith('lookup-cache-'));
    expect(files()).toHaveLength(1);
    core.settings.updatePreferences({ lookup: { keepOnDisk: false } });
    await expect.poll(files).toEqual([]);
    // The lookup started again without a cache: a sync writes nothing.
    await windowApi(core).call('lookupRefresh', true);
    expect(files()).toEqual([]);
  });
});
