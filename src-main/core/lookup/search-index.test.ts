import { describe, expect, it } from 'vitest';
import { foldForSearch } from './fold-text.ts';
import { isNearPrefix } from './near-prefix.ts';
import { buildSearchIndex, type IndexEntry } from './search-index.ts';
import { wordsOf } from './word-index.ts';
import { createRandom } from '../../mock/data/random.ts';

const entries: IndexEntry[] = [
  { debtorKey: 'D0000001', name: 'Acme Foods Inc.', nicknames: ['Acme Foods', 'AF'] },
  { debtorKey: 'D0000002', name: 'Zenith Acme Supply LLC', nicknames: [] },
  { debtorKey: 'D0000003', name: 'Beacon Logistics Co.', nicknames: ['Beacon - Dallas'] },
  { debtorKey: 'D0000004', name: 'Acme Freight Group', nicknames: [] },
  { debtorKey: 'D0000005', name: 'Northstar Produce Ltd.', nicknames: ['Acme Produce'] },
  { debtorKey: 'D0000006', name: 'Cascade Paper Holdings', nicknames: [] },
];
const index = buildSearchIndex(entries);
const names = (text: string) =>
  Array.from(index.search(text), (position) => entries.find((entry) => entry.debtorKey === index.keyAt(position))!.name);

describe('debtor search', () => {
  it('lists everyone by name for an empty query', () => {
    expect(names('')).toEqual([
      'Acme Foods Inc.',
      'Acme Freight Group',
      'Beacon Logistics Co.',
      'Cascade Paper Holdings',
      'Northstar Produce Ltd.',
      'Zenith Acme Supply LLC',
    ]);
  });

  it('ranks name prefix first, then nickname prefix, then other matches', () => {
    expect(names('acme')).toEqual(['Acme Foods Inc.', 'Acme Freight Group', 'Northstar Produce Ltd.', 'Zenith Acme Supply LLC']);
  });

  it('puts an exact key first', () => {
    expect(names('d0000006')[0]).toBe('Cascade Paper Holdings');
  });

  it('tolerates a typo', () => {
    expect(names('becaon')).toContain('Beacon Logistics Co.');
    expect(names('cascde')).toContain('Cascade Paper Holdings');
  });

  it('tolerates word order', () => {
    expect(names('foods acme')).toContain('Acme Foods Inc.');
    expect(names('paper cascade')).toEqual(['Cascade Paper Holdings']);
  });

  it('finds by nickname and part of a key', () => {
    expect(names('dallas')).toEqual(['Beacon Logistics Co.']);
    expect(names('0000003')).toEqual(['Beacon Logistics Co.']);
  });

  it('finds the same letter by letter as when the whole query is pasted', () => {
    const many: IndexEntry[] = Array.from({ length: 60 }, (_, n) => ({
      debtorKey: `D${String(n).padStart(7, '0')}`,
      name: [`Harbor Foods ${n}`, `Harbr Foods ${n}`, `Hrabor Freight ${n}`][n % 3]!,
      nicknames: [],
    }));
    const keysOf = (search: ReturnType<typeof buildSearchIndex>, text: string) =>
      Array.from(search.search(text), (position) => search.keyAt(position));
    for (const query of ['harbor foods', 'hrabor freight', 'harbr fods']) {
      const typed = buildSearchIndex(many);
      let last: string[] = [];
      for (let end = 1; end <= query.length; end++) last = keysOf(typed, query.slice(0, end));
      expect(last).toEqual(keysOf(buildSearchIndex(many), query));
      expect(last.length).toBeGreaterThan(0);
    }
  });

  it('finds part of a word, a typo in a later word, and a key typed in part or whole in any case', () => {
    expect(names('cme')).toContain('Zenith Acme Supply LLC');
    expect(names('acme fods')).toContain('Acme Foods Inc.');
    expect(names('d000000')).toHaveLength(6);
    expect(names('d0000004')[0]).toBe('Acme Freight Group');
    expect(names('acme 0000005')).toEqual(['Northstar Produce Ltd.']);
  });

  it('answers as a plain scan of every debtor would, in the same order', () => {
    const { next: random, pick } = createRandom(11);
    const vocabulary = [
      'acme',
      'harbor',
      'harbr',
      'foods',
      'food',
      'freight',
      'müller',
      "o'brien",
      'at&t',
      'tri-state',
      'sea',
      'seafoods',
    ];
    const many: IndexEntry[] = Array.from({ length: 400 }, (_, n) => ({
      debtorKey: `K${String((n * 7919) % 1000).padStart(4, '0')}-${n}`,
      name: Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(vocabulary)).join(pick([' ', ', ', ' - '])),
      nicknames: random() < 0.3 ? [pick(vocabulary)] : [],
    }));
    const index = buildSearchIndex(many);
    const queries = [
      'a',
      'ha',
      'har',
      'hrabor',
      'harbor fods',
      'foods acme',
      'ood',
      'k01',
      '0042-4',
      'muller',
      "o'b",
      'at&t',
      'tri state',
      'zzz',
    ];
    for (const query of queries) {
      const found = Array.from(index.search(query), (position) => index.keyAt(position));
      expect(found, query).toEqual(plainScan(many, query));
    }
  });

  it('finds every word of debtors with long names, past the room first kept for five words a line', () => {
    const words = (n: number) => Array.from({ length: 12 }, (_, at) => `w${n}x${at}`);
    const long: IndexEntry[] = Array.from({ length: 8 }, (_, n) => ({
      debtorKey: `L${n}`,
      name: words(n).join(' '),
      nicknames: [`nick${n} other${n}`],
    }));
    const index = buildSearchIndex(long);
    for (const entry of long) {
      for (const word of [...entry.name.split(' '), ...entry.nicknames[0]!.split(' ')]) {
        expect(
          Array.from(index.search(word), (position) => index.keyAt(position)),
          word,
        ).toEqual([entry.debtorKey]);
      }
    }
  });

  it('returns nothing for nonsense', () => {
    expect(names('qqqzzz')).toEqual([]);
  });

  describe('in every language', () => {
    const world: IndexEntry[] = [
      { debtorKey: 'W1', name: 'Müller Großhandel GmbH', nicknames: [] },
      { debtorKey: 'W2', name: 'Société Générale de Transport', nicknames: [] },
      { debtorKey: 'W3', name: 'Żółć Spółka z o.o.', nicknames: ['Łódź Żółć'] },
      { debtorKey: 'W4', name: 'شركة الأمل للتجارة', nicknames: [] },
      { debtorKey: 'W5', name: '株式会社山田商事', nicknames: ['ヤマダ'] },
      { debtorKey: 'W6', name: 'Fjørd Æble ApS', nicknames: [] },
      { debtorKey: 'W7', name: 'Mullins Freight', nicknames: [] },
      { debtorKey: 'W8', name: 'Иванов и Партнёры', nicknames: [] },
    ];
    const worldIndex = buildSearchIndex(world);
    const found = (text: string) =>
      Array.from(
        worldIndex.search(text),
        (position) => world.find((entry) => entry.debtorKey === worldIndex.keyAt(position))!.name,
      );

    it('ignores accents and case both ways', () => {
      expect(found('muller')[0]).toBe('Müller Großhandel GmbH');
      expect(found('MÜLLER')[0]).toBe('Müller Großhandel GmbH');
      expect(found('societe')).toEqual(['Société Générale de Transport']);
      expect(found('générale')).toEqual(['Société Générale de Transport']);
    });

    it('spells out letters that have no accent to drop', () => {
      expect(found('grosshandel')).toContain('Müller Großhandel GmbH');
      expect(found('großhandel')).toContain('Müller Großhandel GmbH');
      expect(found('lodz')).toEqual(['Żółć Spółka z o.o.']);
      expect(found('fjord aeble')).toEqual(['Fjørd Æble ApS']);
    });

    it('finds names typed exactly in their own script, anywhere in the name', () => {
      expect(found('Żółć')[0]).toBe('Żółć Spółka z o.o.');
      expect(found('الأمل')).toEqual(['شركة الأمل للتجارة']);
      expect(found('الامل')).toEqual(['شركة الأمل للتجارة']);
      expect(found('山田')).toEqual(['株式会社山田商事']);
      expect(found('株式会社山田商事')).toEqual(['株式会社山田商事']);
      expect(found('ヤマダ')).toEqual(['株式会社山田商事']);
      expect(found('партнеры')).toEqual(['Иванов и Партнёры']);
      expect(found('ガス')).toEqual([]);
    });

    it('sorts accented names with their plain letters', () => {
      expect(found('').slice(0, 3)).toEqual(['Fjørd Æble ApS', 'Müller Großhandel GmbH', 'Mullins Freight']);
    });
  });
});

/** The search's rules applied to each debtor in turn, with no index: what the index must answer. */
function plainScan(entries: readonly IndexEntry[], query: string): string[] {
  const needle = foldForSearch(query.trim());
  const byName = [...entries].sort((a, b) => {
    const [left, right] = [foldForSearch(a.name), foldForSearch(b.name)];
    return left !== right ? (left < right ? -1 : 1) : a.debtorKey < b.debtorKey ? -1 : 1;
  });
  const nameOf = (entry: IndexEntry) => foldForSearch(entry.name);
  const nicknamesOf = (entry: IndexEntry) => entry.nicknames.map(foldForSearch);
  const matches = (entry: IndexEntry, typos: boolean) => {
    if (needle.length <= 2) return nameOf(entry).startsWith(needle) || nicknamesOf(entry).some((nick) => nick.startsWith(needle));
    const words = [nameOf(entry), ...nicknamesOf(entry)].flatMap(wordsOf);
    return wordsOf(needle).every(
      (term) =>
        words.some(
          (word) =>
            word.includes(term) || (typos && term.length >= 4 && !/\d/.test(term) && isNearPrefix(term, word, 0, word.length)),
        ) ||
        (/\d/.test(term) && entry.debtorKey.toLowerCase().includes(term)),
    );
  };
  let found = byName.filter((entry) => matches(entry, false));
  const exact = /\d/.test(query) ? byName.find((entry) => entry.debtorKey.toLowerCase() === needle) : undefined;
  if (found.length < 20 && needle.length >= 4 && !exact && needle.length > 2)
    found = byName.filter((entry) => matches(entry, true));
  const tier = (entry: IndexEntry) =>
    nameOf(entry).startsWith(needle) ? 0 : nicknamesOf(entry).some((nick) => nick.startsWith(needle)) ? 1 : 2;
  const ranked = found
    .filter((entry) => entry !== exact)
    .sort((a, b) => tier(a) - tier(b) || byName.indexOf(a) - byName.indexOf(b));
  return [...(exact ? [exact] : []), ...ranked].map((entry) => entry.debtorKey);
}

describe('a search that finds nothing', () => {
  const index = buildSearchIndex([
    { debtorKey: 'D1', name: 'Mountain View Apparel', nicknames: [] },
    { debtorKey: 'D2', name: 'Mountain View Foods', nicknames: ['MVF'] },
    { debtorKey: 'D3', name: 'Müller Logistik GmbH', nicknames: [] },
  ]);

  it('suggests the words the data has, two slips away at most, keeping the words it knows', () => {
    expect(index.search('montian veiw')).toHaveLength(0);
    expect(index.suggest('montian veiw')).toBe('mountain view');
    expect(index.suggest('mountain fodos')).toBe('mountain foods');
    expect(index.suggest('MUELER logistik')).toBe('muller logistik');
  });

  it('suggests nothing when nothing is near, for short words, or for keys', () => {
    expect(index.suggest('zebrafish')).toBeNull();
    expect(index.suggest('xyz')).toBeNull();
    expect(index.suggest('D9999')).toBeNull();
  });

  it('counts a swap of two neighbouring letters as one edit', async () => {
    const { editDistance } = await import('./word-index.ts');
    expect(editDistance('veiw', 'view', 2)).toBe(1);
    expect(editDistance('montian', 'mountain', 2)).toBe(2);
    expect(editDistance('apparel', 'zebra', 2)).toBe(3);
  });
});
