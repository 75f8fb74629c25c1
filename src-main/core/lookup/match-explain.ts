/**
 * Why a debtor is in the results, for the row that shows it: which part of the name matched (to
 * highlight), or that a nickname, the key or a close spelling did. The search itself only says
 * which debtors match (search-index.ts); this looks again at the few rows on screen, the same way:
 * every typed word folded (fold-text.ts) and found anywhere in a word of the name or a nickname,
 * a word with a digit in the key too.
 */
import type { RowMatch } from '../../shared/ipc/contract.ts';
import { foldForSearch } from './fold-text.ts';
import { wordsOf } from './word-index.ts';

/** The folded text of `text` and, for each folded character, where it came from in `text`. */
function foldWithMap(text: string): { folded: string; from: number[] } {
  let folded = '';
  const from: number[] = [];
  for (let at = 0; at < text.length;) {
    const character = String.fromCodePoint(text.codePointAt(at)!);
    const piece = foldForSearch(character);
    folded += piece;
    for (let index = 0; index < piece.length; index++) from.push(at);
    at += character.length;
  }
  from.push(text.length);
  return { folded, from };
}

/** Overlapping or touching ranges made one, in order. */
function merged(ranges: Array<[number, number]>): Array<[number, number]> {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const out: Array<[number, number]> = [];
  for (const [start, end] of sorted) {
    const last = out.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else out.push([start, end]);
  }
  return out;
}

export function explainMatch(
  query: string,
  row: { name: string; nicknames: readonly string[]; debtorKey: string },
): RowMatch | null {
  const terms = [...new Set(wordsOf(foldForSearch(query.trim())))];
  if (terms.length === 0) return null;
  const name = foldWithMap(row.name);
  const ranges: Array<[number, number]> = [];
  let nickname: string | undefined;
  let byKey = false;
  let near = false;
  for (const term of terms) {
    const at = name.folded.indexOf(term);
    if (at >= 0) {
      // From the first original character of the match to the end of the last one.
      ranges.push([name.from[at]!, name.from[at + term.length] ?? row.name.length]);
      continue;
    }
    const inNickname = row.nicknames.find((candidate) => foldForSearch(candidate).includes(term));
    if (inNickname !== undefined) nickname ??= inNickname;
    else if (/\d/.test(term) && foldForSearch(row.debtorKey).includes(term)) byKey = true;
    else near = true; // matched one slip away (the index allows one in words of four letters or more)
  }
  const via = nickname !== undefined ? 'nickname' : byKey ? 'key' : near ? 'near' : 'name';
  return { via, ranges: merged(ranges), ...(nickname !== undefined ? { nickname } : {}) };
}
