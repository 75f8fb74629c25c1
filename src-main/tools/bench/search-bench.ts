/**
 * Figure 1: keystroke → ranked results, the app's index against raw uFuzzy, Fuse.js and
 * MiniSearch, on the mock generator's names and nicknames with one in a hundred names in other
 * languages (accents, ß, ł, CJK, Arabic), with a typing sequence, typo queries and non-English ones.
 */
import uFuzzy from '@leeoniya/ufuzzy';
import Fuse from 'fuse.js';
import MiniSearch from 'minisearch';
import { buildSearchIndex, type IndexEntry } from '../../core/lookup/search-index.ts';
import { generateDebtorsDataset } from '../../mock/data/generate-debtors.ts';
import { summarise, time, type Summary } from './stats.ts';
import { createRandom } from '../../mock/data/random.ts';

export interface SearchFigures {
  size: number;
  queries: string[];
  buildMs: Record<string, number>;
  /** Heap and typed-array memory the app's index holds, MB (measured around its build, after a full collection). */
  indexMemoryMb: number;
  keystroke: Record<string, Summary>;
  /** Peers left out at this size, and why. */
  skipped: Record<string, string>;
}

export function entriesOf(size: number): IndexEntry[] {
  const set = generateDebtorsDataset({ debtors: size, seed: 20_261_121, referenceTime: Date.parse('2026-11-21T00:00:00Z') });
  const nicknames = new Map<string, string[]>();
  for (const { debtorKey, nickname } of set.nicknames) nicknames.set(debtorKey, [...(nicknames.get(debtorKey) ?? []), nickname]);
  const coin = coiner(size);
  return set.debtors.map((debtor, index) => ({
    debtorKey: debtor.debtorKey,
    name:
      index % 100 === 7
        ? foreignName(index)
        : index % 5 < 3
          ? `${coin()} ${debtor.name.slice(debtor.name.indexOf(' ') + 1)}`
          : debtor.name,
    nicknames: nicknames.get(debtor.debtorKey) ?? [],
  }));
}

/**
 * A family-name-like word ("Venmarto", "Kadelri"): the mock composes names from a few hundred
 * words, but a real company's debtors bring a vocabulary that grows with their number. Three names
 * in five start with one of these instead (at 100k about 50,000 distinct words, at 1M about 190,000).
 */
function coiner(seed: number) {
  const syllables =
    'ka lo ven mar tis bro del an ri sto gal per quin ho zel mun dra vi sen cor ba lin tor fe gu hal jo kes mi nor pa ru sha te ul wen ya bel cra dun'.split(
      ' ',
    );
  const { next } = createRandom(seed);
  return () => {
    let word = '';
    for (let count = 2 + Math.floor(next() * 2); count > 0; count--) word += syllables[Math.floor(next() * syllables.length)];
    return word[0]!.toUpperCase() + word.slice(1);
  };
}

/** Names as companies abroad write them, varied by a number so they are not all alike. */
const FOREIGN = [
  'Müller Großhandel GmbH',
  'Société Générale de Fret',
  'Żółć Logistyka sp. z o.o.',
  '山田商事株式会社',
  'شركة الأمل للتجارة',
  'Øresund Ærø Shipping ApS',
];
// Every hundredth name, taking each language in turn (index / 100, not index: those would skip some).
const foreignName = (index: number) => `${FOREIGN[Math.floor(index / 100) % FOREIGN.length]} ${Math.floor(index / 100)}`;

/** Typed as a user abroad types them: without accents, ß as ss, or in the script they are written in. */
const FOREIGN_QUERIES = ['muller gross', 'societe generale', 'zolc', '山田商事', 'الأمل', 'oresund aero'];

/** What a user types: a name letter by letter, then a second word, a typo, a key. */
export function queriesFor(entries: readonly IndexEntry[]): string[] {
  const target = entries[Math.floor(entries.length / 3)]!;
  const [first = 'acme', second = 'foods'] = target.name.toLowerCase().split(' ');
  const typing = Array.from({ length: first.length }, (_, end) => first.slice(0, end + 1));
  const swapped = first.length > 3 ? `${first[0]}${first[2]}${first[1]}${first.slice(3)}` : first;
  return [
    ...typing,
    `${first} ${second[0]}`,
    `${first} ${second}`,
    swapped,
    `${swapped} ${second}`,
    `${second} ${first}`,
    target.debtorKey.toLowerCase(),
    ...FOREIGN_QUERIES,
  ];
}

const WARM_UP_ROUNDS = 3;

/** Bytes in use after a full collection (the bench runs with --expose-gc; without it, a rough figure). */
function memoryInUse(): number {
  (globalThis as { gc?: () => void }).gc?.();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

/** The app's own search, as the figures name it. */
export const APP_ENGINE = 'timeclock-tray (word index + ranking)';

export async function searchBench(size: number, repeats: number, peers: boolean): Promise<SearchFigures> {
  const entries = entriesOf(size);
  const queries = queriesFor(entries);
  const engines: Record<string, { build: () => unknown; search: (engine: never, query: string) => unknown }> = {
    [APP_ENGINE]: {
      build: () => buildSearchIndex(entries),
      search: (index: ReturnType<typeof buildSearchIndex>, query) => index.search(query),
    },
  };
  const skipped: Record<string, string> = {};
  // Raw uFuzzy as its README shows it: typo-tolerant (intraMode 1), over the names as they are.
  engines['uFuzzy 1 (raw, typo-tolerant)'] = {
    build: () => ({ fuzzy: new uFuzzy({ intraMode: 1 }), names: entries.map((entry) => entry.name) }),
    search: ({ fuzzy, names }: { fuzzy: uFuzzy; names: string[] }, query) => fuzzy.search(names, query, 0, 1_000),
  };
  if (peers) {
    engines['Fuse.js 7'] = {
      build: () => new Fuse(entries, { keys: ['name', 'nicknames', 'debtorKey'], threshold: 0.3, ignoreLocation: true }),
      search: (fuse: Fuse<IndexEntry>, query) => fuse.search(query, { limit: 1_000 }),
    };
    engines['MiniSearch 7'] = {
      build: () => {
        const mini = new MiniSearch<IndexEntry>({
          idField: 'debtorKey',
          fields: ['name', 'nicknames', 'debtorKey'],
          extractField: (entry, field) =>
            field === 'nicknames' ? entry.nicknames.join(' ') : String(entry[field as keyof IndexEntry]),
        });
        mini.addAll(entries);
        return mini;
      },
      search: (mini: MiniSearch<IndexEntry>, query) => mini.search(query, { prefix: true, fuzzy: 0.2 }),
    };
  } else {
    skipped['Fuse.js 7'] = 'left out at this size: a single query takes seconds';
    skipped['MiniSearch 7'] = 'left out at this size: building its index takes longer than the whole suite';
  }

  const buildMs: Record<string, number> = {};
  let indexMemoryMb = 0;
  const keystroke: Record<string, Summary> = {};
  for (const [name, engine] of Object.entries(engines)) {
    const before = memoryInUse();
    const built = await time(() => engine.build());
    buildMs[name] = Math.round(built.ms);
    // Measured for the app only: it runs first, so nothing built before it can be collected meanwhile.
    if (name === APP_ENGINE) indexMemoryMb = Math.round((memoryInUse() - before) / 2 ** 20);
    const samples: number[] = [];
    // Untimed rounds first, for every engine alike: the compiler has long warmed up by the time a
    // user types after a load (the app's worker searches all day).
    for (let round = 0; round < WARM_UP_ROUNDS; round++) for (const query of queries) engine.search(built.value as never, query);
    for (let round = 0; round < repeats; round++) {
      for (const query of queries) samples.push((await time(() => engine.search(built.value as never, query))).ms);
    }
    keystroke[name] = summarise(samples);
  }
  return { size, queries, buildMs, indexMemoryMb, keystroke, skipped };
}
