/**
 * The index kept in the lookup's file: read back, it answers every kind of search as the index it
 * was taken from; bytes that do not hold together (cut short, another layout) are refused.
 */
import { describe, expect, it } from 'vitest';
import { generateDebtorsDataset } from '../../mock/data/generate-debtors.ts';
import { indexSnapshotPieces, unpackIndexSnapshot, type IndexSnapshot } from './index-snapshot.ts';
import { buildSearchIndex, searchIndexOver, type IndexEntry } from './search-index.ts';

const dataset = generateDebtorsDataset({ debtors: 2_000, seed: 7, referenceTime: Date.parse('2026-11-21T00:00:00Z') });
const nicknamesOf = new Map<string, string[]>();
for (const { debtorKey, nickname } of dataset.nicknames)
  nicknamesOf.set(debtorKey, [...(nicknamesOf.get(debtorKey) ?? []), nickname]);
const entries: IndexEntry[] = dataset.debtors.map((debtor) => ({
  debtorKey: debtor.debtorKey,
  name: debtor.name,
  nicknames: nicknamesOf.get(debtor.debtorKey) ?? [],
}));
const built = buildSearchIndex(entries);
const snapshot: IndexSnapshot = {
  tables: built.tables,
  names: built.tables.keys.map((key) => entries.find((entry) => entry.debtorKey === key)!.name),
  nicknames: built.tables.keys.flatMap((key) => nicknamesOf.get(key) ?? []),
};

/** The snapshot's bytes whole, as the lookup's file holds them once sealed and opened (lookup-cache.ts writes the pieces). */
const packIndexSnapshot = (kept: IndexSnapshot): Buffer =>
  Buffer.concat([...indexSnapshotPieces(kept)].map((piece) => (typeof piece === 'string' ? Buffer.from(piece, 'utf8') : piece)));

describe('the kept index', () => {
  it('answers as the index it was taken from: names, nicknames, keys, short prefixes, slips, other scripts', () => {
    const restored = searchIndexOver(unpackIndexSnapshot(packIndexSnapshot(snapshot)).tables);
    const accented = dataset.debtors.find((debtor) => /[^\x20-\x7e]/.test(debtor.name))!.name;
    const queries = [
      '',
      'a',
      'ac',
      'acme',
      'acme foods',
      'fods',
      dataset.nicknames[0]!.nickname,
      dataset.debtors[9]!.debtorKey,
      '00001',
      accented,
    ];
    for (const query of queries) {
      const expected = Array.from(built.search(query), (position) => built.keyAt(position));
      expect(
        Array.from(restored.search(query), (position) => restored.keyAt(position)),
        query,
      ).toEqual(expected);
    }
    expect(restored.suggest('acmee fods')).toBe(built.suggest('acmee fods'));
    expect(built.search('acme').length).toBeGreaterThan(0);
  });

  it('keeps the names and nicknames as the service spelled them', () => {
    const read = unpackIndexSnapshot(packIndexSnapshot(snapshot));
    expect(read.names).toEqual(snapshot.names);
    expect(read.nicknames).toEqual(snapshot.nicknames);
  });

  it('refuses bytes cut short or of another layout', () => {
    const bytes = packIndexSnapshot(snapshot);
    expect(() => unpackIndexSnapshot(bytes.subarray(0, bytes.length - 4))).toThrow();
    const otherLayout = packIndexSnapshot({ ...snapshot, nicknames: snapshot.nicknames.slice(1) });
    expect(() => unpackIndexSnapshot(otherLayout)).toThrow();
    expect(() => unpackIndexSnapshot(Buffer.from('not an index at all'))).toThrow();
  });
});
