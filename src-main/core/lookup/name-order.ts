/**
 * The order of the debtor list: folded names in plain string order, then debtor key. A million
 * names sort in a fraction of the 3 s a comparison sort takes here (names share long prefixes —
 * "acme foods of …" — so each comparison walks many letters): an MSD radix sort that packs five
 * letters at a time into a number and lets the typed array's native sort do the work, comparing
 * whole strings only for small or inexact groups.
 */

const TABLE = " &'-.abcdefghijklmnopqrstuvwxyz"; // ascending code units, 31 letters
const LETTERS_PER_PASS = 5;
const BITS = 6;
/** Positions are packed below the letters: 5 × 6 bits + 21 bits stays within a double's 53. */
const POSITION_SPACE = 2 ** 21;
/** Smaller groups are sorted by comparing strings: cheaper than another pass. */
const SMALL = 32;

// A letter's symbol: 0 is "the text ended"; a letter of the table gets an even symbol, any other
// code unit the odd symbol between its neighbours in the table, so order is kept but a group that
// holds such a letter must be settled by comparing strings.
const SYMBOL = new Uint8Array(65_536);
for (let code = 0, rank = 0; code < 65_536; code++) {
  while (rank < TABLE.length && TABLE.charCodeAt(rank) < code) rank++;
  SYMBOL[code] = rank < TABLE.length && TABLE.charCodeAt(rank) === code ? 2 * rank + 2 : 2 * rank + 1;
}

/** Positions of `texts` in ascending text order; equal texts by ascending `tieBreak`. */
export function orderByText(texts: readonly string[], tieBreak: readonly string[]): Int32Array {
  const compare = (a: number, b: number) => {
    const left = texts[a]!;
    const right = texts[b]!;
    if (left !== right) return left < right ? -1 : 1;
    const leftKey = tieBreak[a]!;
    const rightKey = tieBreak[b]!;
    return leftKey < rightKey ? -1 : leftKey > rightKey ? 1 : 0;
  };
  const order = new Int32Array(texts.length);
  for (let at = 0; at < order.length; at++) order[at] = at;
  // Names read back from the lookup's file come in this order already: one pass says so.
  if (isSorted(texts.length, compare)) return order;
  if (texts.length > POSITION_SPACE) return order.sort(compare);
  // Each group sorts in its own stretch of two arrays made once (an array per group had the
  // collector run for their buffers).
  const scratch = { group: new Int32Array(texts.length), packed: new Float64Array(texts.length) };
  sortGroup(order, 0, order.length, 0, texts, compare, scratch);
  return order;
}

function sortGroup(
  order: Int32Array,
  from: number,
  to: number,
  depth: number,
  texts: readonly string[],
  compare: (a: number, b: number) => number,
  scratch: { group: Int32Array; packed: Float64Array },
): void {
  if (to - from < SMALL) {
    insertionSort(order, from, to, compare);
    return;
  }
  // The stretch [from, to) of the scratch arrays is this group's alone: a smaller group sorted
  // below uses a part of it this one has finished reading.
  const group = scratch.group.subarray(from, to);
  group.set(order.subarray(from, to));
  const packed = scratch.packed.subarray(from, to);
  for (let at = 0; at < group.length; at++) packed[at] = lettersOf(texts[group[at]!]!, depth) * POSITION_SPACE + at;
  packed.sort();
  // Letters and position taken apart by dividing by a power of two (exact), not by `%`: V8 calls
  // out to C for a float's remainder, once per name and pass (a million names: about 5 million).
  for (let at = 0; at < packed.length; at++) {
    const value = packed[at]!;
    order[from + at] = group[value - Math.floor(value / POSITION_SPACE) * POSITION_SPACE]!;
  }
  // Runs with the same five letters are sorted by the next five, or by comparison when they hold
  // the end of the text or a letter outside the table. The run's letters are kept, not worked out
  // again at every name.
  let runStart = 0;
  let letters = Math.floor(packed[0]! / POSITION_SPACE);
  for (let at = 1; at <= packed.length; at++) {
    const next = at < packed.length ? Math.floor(packed[at]! / POSITION_SPACE) : -1;
    if (next === letters) continue;
    if (at - runStart > 1) {
      if (isExactAndUnfinished(letters))
        sortGroup(order, from + runStart, from + at, depth + LETTERS_PER_PASS, texts, compare, scratch);
      else if (at - runStart < SMALL) insertionSort(order, from + runStart, from + at, compare);
      else order.subarray(from + runStart, from + at).sort(compare);
    }
    runStart = at;
    letters = next;
  }
}

/** In place, no allocation: most groups left after the first passes hold a handful of names. */
function insertionSort(order: Int32Array, from: number, to: number, compare: (a: number, b: number) => number): void {
  for (let at = from + 1; at < to; at++) {
    const moving = order[at]!;
    let into = at;
    while (into > from && compare(order[into - 1]!, moving) > 0) {
      order[into] = order[into - 1]!;
      into--;
    }
    order[into] = moving;
  }
}

function lettersOf(text: string, depth: number): number {
  let letters = 0;
  let exact = true;
  for (let offset = depth; offset < depth + LETTERS_PER_PASS; offset++) {
    const symbol = exact && offset < text.length ? SYMBOL[text.charCodeAt(offset)]! : 0;
    // After an inexact letter the rest says nothing about order: the comparison settles the group.
    if (symbol % 2 === 1) exact = false;
    letters = letters * 2 ** BITS + symbol;
  }
  return letters;
}

function isExactAndUnfinished(letters: number): boolean {
  for (let rest = letters, count = 0; count < LETTERS_PER_PASS; count++, rest = Math.floor(rest / 2 ** BITS)) {
    const symbol = rest % 2 ** BITS;
    if (symbol === 0 || symbol % 2 === 1) return false;
  }
  return true;
}

function isSorted(count: number, compare: (a: number, b: number) => number): boolean {
  for (let at = 1; at < count; at++) if (compare(at - 1, at) > 0) return false;
  return true;
}
