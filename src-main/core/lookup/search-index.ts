/**
 * Search over debtor names, nicknames and keys, as you type: tolerant of a typo per word and of
 * word order (uFuzzy), ranked exact key first, then name prefix, then nickname prefix, then the
 * rest. Entries are kept in name order, so every tier is already sorted: one pass, no sorting.
 */
import uFuzzy from '@leeoniya/ufuzzy';

export interface IndexEntry {
  debtorKey: string;
  name: string;
  nicknames: readonly string[];
}

export interface SearchIndex {
  readonly size: number;
  /** Entry positions in rank order; all entries (by name) for an empty query. */
  search(text: string): Int32Array;
  keyAt(position: number): string;
}

const fuzzy = new uFuzzy({ intraMode: 1, intraIns: 1, intraSub: 1, intraTrn: 1, intraDel: 1, interSplit: "[^A-Za-z\\d'&]+" });
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

export function buildSearchIndex(entries: readonly IndexEntry[]): SearchIndex {
  const ordered = [...entries].sort((a, b) => collator.compare(a.name, b.name) || a.debtorKey.localeCompare(b.debtorKey));
  const keys = ordered.map((entry) => entry.debtorKey);
  const nameLower = ordered.map((entry) => entry.name.toLowerCase());
  const nicknamesLower = ordered.map((entry) => entry.nicknames.map((nickname) => nickname.toLowerCase()));
  // One line per debtor: what a user may type to find it.
  const haystack = ordered.map((entry) => [entry.name, ...entry.nicknames, entry.debtorKey].join(' · '));
  const byKey = new Map(keys.map((key, position) => [key.toUpperCase(), position]));
  const everything = Int32Array.from(keys.keys());

  return {
    size: keys.length,
    keyAt: (position) => keys[position]!,
    search(text) {
      const needle = text.trim();
      if (needle === '') return everything;
      const lower = needle.toLowerCase();
      const exact = byKey.get(needle.toUpperCase());
      const matches = fuzzy.filter(haystack, needle) ?? [];
      const byName: number[] = [];
      const byNickname: number[] = [];
      const rest: number[] = [];
      for (const position of matches) {
        if (position === exact) continue;
        if (nameLower[position]!.startsWith(lower)) byName.push(position);
        else if (nicknamesLower[position]!.some((nickname) => nickname.startsWith(lower))) byNickname.push(position);
        else rest.push(position);
      }
      // Words in another order ("foods acme"): uFuzzy finds them when the needle's terms are permuted.
      if (matches.length === 0 && /\s/.test(needle)) {
        const [permuted] = fuzzy.search(haystack, needle, 1, 0);
        for (const position of permuted ?? []) if (position !== exact) rest.push(position);
      }
      const ranked = new Int32Array((exact === undefined ? 0 : 1) + byName.length + byNickname.length + rest.length);
      let at = 0;
      if (exact !== undefined) ranked[at++] = exact;
      for (const tier of [byName, byNickname, rest]) for (const position of tier) ranked[at++] = position;
      return ranked;
    },
  };
}
