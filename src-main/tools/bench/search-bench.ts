/**
 * Figure 1: keystroke → ranked results, the app's index against Fuse.js and MiniSearch, on the
 * mock generator's names and nicknames, with a typing sequence and typo queries.
 */
import Fuse from 'fuse.js';
import MiniSearch from 'minisearch';
import { buildSearchIndex, type IndexEntry } from '../../core/lookup/search-index.ts';
import { generateDebtorsDataset } from '../../mock/data/generate-debtors.ts';
import { summarise, time, type Summary } from './stats.ts';

export interface SearchFigures {
  size: number;
  queries: string[];
  buildMs: Record<string, number>;
  keystroke: Record<string, Summary>;
  /** Peers left out at this size, and why. */
  skipped: Record<string, string>;
}

function entriesOf(size: number): IndexEntry[] {
  const set = generateDebtorsDataset({ debtors: size, seed: 20_261_121, referenceTime: Date.parse('2026-11-21T00:00:00Z') });
  const nicknames = new Map<string, string[]>();
  for (const { debtorKey, nickname } of set.nicknames) nicknames.set(debtorKey, [...(nicknames.get(debtorKey) ?? []), nickname]);
  return set.debtors.map((debtor) => ({
    debtorKey: debtor.debtorKey,
    name: debtor.name,
    nicknames: nicknames.get(debtor.debtorKey) ?? [],
  }));
}

/** What a user types: a name letter by letter, then a second word, a typo, a key. */
function queriesFor(entries: readonly IndexEntry[]): string[] {
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
  ];
}

export async function searchBench(size: number, repeats: number, peers: boolean): Promise<SearchFigures> {
  const entries = entriesOf(size);
  const queries = queriesFor(entries);
  const engines: Record<string, { build: () => unknown; search: (engine: never, query: string) => unknown }> = {
    'timeclock-tray (uFuzzy + ranking)': {
      build: () => buildSearchIndex(entries),
      search: (index: ReturnType<typeof buildSearchIndex>, query) => index.search(query),
    },
  };
  const skipped: Record<string, string> = {};
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
  const keystroke: Record<string, Summary> = {};
  for (const [name, engine] of Object.entries(engines)) {
    const built = await time(() => engine.build());
    buildMs[name] = Math.round(built.ms);
    const samples: number[] = [];
    for (let round = 0; round < repeats; round++) {
      for (const query of queries) samples.push((await time(() => engine.search(built.value as never, query))).ms);
    }
    keystroke[name] = summarise(samples);
  }
  return { size, queries, buildMs, keystroke, skipped };
}
