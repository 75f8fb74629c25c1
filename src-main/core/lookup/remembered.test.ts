/**
 * What the lookup remembers: recent and pinned debtors, their figures over time, what changed
 * since the analyst last looked — pure and bounded, kept encrypted between runs, and through the
 * window API on the real core against the real mock, across a sync that changes a score.
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fakeEncryptor } from '../../testing/fake-encryptor.ts';
import { useMockServer } from '../../testing/mock-fixture.ts';
import { createTestCore } from '../../testing/test-core.ts';
import { windowApi } from '../../testing/window-api.ts';
import { textFile } from '../util/text-file.ts';
import { createRememberedStore, rememberedFileName } from './remembered-store.ts';
import { changesSinceSeen, emptyRemembered, HISTORY_MAX, pinned, RECENT_MAX, synced, viewed } from './remembered.ts';
import type { DebtorSnapshot } from './debtor-figures.ts';
import { detailOf } from '../../shared/ipc/contract.ts';

const snapshot = (score: number, status = 'active'): DebtorSnapshot => ({
  name: 'Acme Foods Company',
  score,
  grade: 'B',
  bureauScore: 60,
  riskClass: 2,
  status,
});

describe('what the lookup remembers', () => {
  it('keeps the last 20 looked at, newest first, without repeats, and history only of those and the pinned', () => {
    let state = emptyRemembered();
    for (let index = 0; index < RECENT_MAX + 5; index++) state = viewed(state, `D${index}`, snapshot(70), index);
    state = viewed(state, 'D10', snapshot(70), 100);
    expect(state.recent).toHaveLength(RECENT_MAX);
    expect(state.recent[0]).toBe('D10');
    expect(state.recent).not.toContain('D0');
    expect(Object.keys(state.history)).not.toContain('D0');
    state = pinned(state, 'D0', true, snapshot(50), 200);
    expect(state.history.D0).toEqual([{ ...snapshot(50), at: 200 }]);
  });

  it('adds a point only when the figures change, at most 60, and says which pinned debtors changed in a sync', () => {
    let state = pinned(emptyRemembered(), 'D1', true, snapshot(70), 0);
    state = viewed(state, 'D2', snapshot(40), 0);
    const same = synced(state, new Map([['D1', snapshot(70)]]), 10);
    expect(same.state.history.D1).toHaveLength(1);
    expect(same.notices).toEqual([]);
    const moved = synced(
      state,
      new Map([
        ['D1', snapshot(64)],
        ['D2', snapshot(41)],
      ]),
      20,
    );
    expect(moved.notices.map((notice) => [notice.debtorKey, notice.fired])).toEqual([['D1', [{ rule: 'anyChange' }]]]); // D2 changed too, but is not pinned
    expect(moved.state.history.D1!.map((point) => point.score)).toEqual([70, 64]);
    for (let round = 0; round < HISTORY_MAX + 10; round++)
      state = synced(state, new Map([['D1', snapshot(round)]]), 100 + round).state;
    expect(state.history.D1).toHaveLength(HISTORY_MAX);
  });

  it('tells what changed since the analyst last looked, field by field', () => {
    const state = viewed(emptyRemembered(), 'D1', snapshot(78), 0);
    expect(changesSinceSeen(state, 'D1', snapshot(22, 'hold'))).toEqual([
      { field: 'score', was: 78, is: 22 },
      { field: 'status', was: 'active', is: 'hold' },
    ]);
    expect(changesSinceSeen(state, 'D9', snapshot(22))).toEqual([]);
  });
});

describe('kept between runs', () => {
  const folder = () => mkdtempSync(join(tmpdir(), 'remembered-'));

  it('is encrypted at rest and read back by the same user', async () => {
    const dir = folder();
    const store = createRememberedStore((name) => textFile(join(dir, name)), fakeEncryptor('strong'));
    store.save('acme-1a2b3c', viewed(emptyRemembered(), 'D1', snapshot(78), 0));
    await store.flush();
    const [file] = readdirSync(dir);
    expect(file).toBe(rememberedFileName('acme-1a2b3c'));
    expect(readFileSync(join(dir, file!), 'utf8')).not.toContain('Acme');
    const again = createRememberedStore((name) => textFile(join(dir, name)), fakeEncryptor('strong'));
    expect(await again.load('acme-1a2b3c')).toMatchObject({ state: { recent: ['D1'] }, notice: null });
  });

  it('keeps what was looked at for the session only when IT says so, and the pinned ones still (issue 67, point 5)', async () => {
    const dir = folder();
    const store = createRememberedStore(
      (name) => textFile(join(dir, name)),
      fakeEncryptor('strong'),
      () => false,
    );
    store.save('acme', { ...viewed(emptyRemembered(), 'D1', snapshot(78), 0), pinned: ['D2'] });
    await store.flush();
    expect((await store.load('acme')).state.recent).toEqual(['D1']);
    const again = createRememberedStore((name) => textFile(join(dir, name)), fakeEncryptor('strong'));
    expect(await again.load('acme')).toMatchObject({ state: { recent: [], seen: {}, pinned: ['D2'] }, notice: null });
    expect(Object.keys((await again.load('acme')).state.history)).not.toContain('D1');
  });

  it('starts afresh and says so for a damaged file, and keeps nothing on disk without strong encryption', async () => {
    const dir = folder();
    writeFileSync(join(dir, rememberedFileName('acme')), 'not what was written');
    const store = createRememberedStore((name) => textFile(join(dir, name)), fakeEncryptor('strong'));
    expect(await store.load('acme')).toEqual({ state: emptyRemembered(), notice: 'unreadable' });
    const weak = folder();
    const session = createRememberedStore((name) => textFile(join(weak, name)), fakeEncryptor('weak'));
    session.save('acme', viewed(emptyRemembered(), 'D1', snapshot(78), 0));
    await session.flush();
    expect(readdirSync(weak)).toEqual([]);
    expect(await session.load('acme')).toMatchObject({ state: { recent: ['D1'] }, notice: 'session' });
  });
});

describe('in the lookup', () => {
  const mock = useMockServer({ debtors: 300 });

  it('marks a pinned debtor changed after a sync brings a new score, shows the change and the history, and forgets it with the environment', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'remembered-core-'));
    const core = createTestCore(mock.server, { dataDir });
    const { call } = windowApi(core);
    await call('lookupOpen');
    const target = mock.server.control.dataset.debtors[7]!;
    await call('lookupViewed', target.debtorKey);
    expect((await call('lookupPin', target.debtorKey, true)).pinned).toEqual([
      { debtorKey: target.debtorKey, name: target.name, changed: false },
    ]);
    const before = detailOf(await call('lookupDetail', target.debtorKey))!.memory!;
    expect(before).toMatchObject({ pinned: true, changes: [] });
    // The service changes the score; the next sync brings it.
    const record = mock.server.control.dataset.creditScores.find((score) => score.debtorKey === target.debtorKey)!;
    const was = record.score;
    record.score = was > 50 ? was - 30 : was + 30;
    record.modifiedAt = new Date(core.now()).toISOString();
    mock.server.control.touched(mock.server.control.dataset.creditScores, [record]);
    await call('lookupRefresh', false);
    expect((await call('lookupRemembered')).pinned[0]).toMatchObject({ debtorKey: target.debtorKey, changed: true });
    const after = detailOf(await call('lookupDetail', target.debtorKey))!.memory!;
    expect(after.changes).toContainEqual({ field: 'score', was, is: record.score });
    expect(after.history.map((point) => point.score)).toEqual([was, record.score]);
    // Looked at again: no longer "changed".
    expect((await call('lookupViewed', target.debtorKey)).pinned[0]!.changed).toBe(false);
    await core.lookup.forget(core.activeEnvironment().id);
    expect(await call('lookupRemembered')).toMatchObject({ recent: [], pinned: [] });
  });

  it('takes any debtor key, even every name Object.prototype has, as just a key — across a restart too (issue 45, point 10)', async () => {
    const names = [...new Set([...Object.getOwnPropertyNames(Object.prototype), '__proto__'])];
    let state = emptyRemembered();
    for (const [index, key] of names.entries()) {
      state = viewed(state, key, snapshot(40 + index), 1_000 + index);
      state = pinned(state, key, true, snapshot(40 + index), 2_000 + index);
    }
    expect(state.recent).toHaveLength(Math.min(names.length, RECENT_MAX));
    expect(changesSinceSeen(state, 'toString', snapshot(99))).toEqual([
      { field: 'score', was: 40 + names.indexOf('toString'), is: 99 },
    ]);
    expect(Object.getPrototypeOf(state.history)).toBe(Object.prototype); // nothing was set on the prototype

    const dataDir = mkdtempSync(join(tmpdir(), 'remembered-proto-'));
    const core = createTestCore(mock.server, { dataDir });
    const { call } = windowApi(core);
    await call('lookupOpen');
    for (const key of names) await call('lookupPin', key, true);
    expect((await call('lookupRemembered')).pinned.map((debtor) => debtor.debtorKey).sort()).toEqual([...names].sort());
    expect(detailOf(await call('lookupDetail', 'toString'))).toBeNull();
    const restarted = createTestCore(mock.server, { dataDir, settingsDir: core.settingsDir });
    const again = windowApi(restarted);
    await again.call('lookupOpen');
    expect((await again.call('lookupRemembered')).pinned).toHaveLength(names.length);
    await again.call('lookupPin', '__proto__', false);
    expect((await again.call('lookupRemembered')).pinned.map((debtor) => debtor.debtorKey)).not.toContain('__proto__');
  });

  it('tells the desktop when a sync finds a pinned debtor changed, unless the analyst turned that off', async () => {
    const core = createTestCore(mock.server);
    const { call } = windowApi(core);
    const notices: Array<{ title: string; body: string }> = [];
    core.onLookupNotice((notice) => notices.push(notice));
    await call('lookupOpen');
    const [first, second] = mock.server.control.dataset.debtors.slice(20, 22);
    await call('lookupPin', first!.debtorKey, true);
    await call('lookupPin', second!.debtorKey, true);
    const change = (key: string) => {
      const record = mock.server.control.dataset.creditScores.find((score) => score.debtorKey === key)!;
      record.score = record.score > 50 ? record.score - 25 : record.score + 25;
      record.modifiedAt = new Date(core.now()).toISOString();
      mock.server.control.touched(mock.server.control.dataset.creditScores, [record]);
    };
    change(first!.debtorKey);
    await call('lookupRefresh', false);
    expect(notices).toEqual([
      { title: first!.name, body: 'Scores or status changed' }, // the rule for all pinned debtors, until the analyst chooses others
    ]);
    core.settings.updatePreferences({ lookup: { notifyPinnedChanges: false } });
    change(second!.debtorKey);
    await call('lookupRefresh', false);
    expect(notices).toHaveLength(1);
  });
});
