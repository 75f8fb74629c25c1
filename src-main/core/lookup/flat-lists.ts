/**
 * Lists of lists kept flat, as the search index keeps them (list n is the items from start[n] to
 * start[n + 1] of one array): a million debtors, no array per debtor.
 */

/**
 * The lists moved into line order, line n taking list order[n]: `move(from, to)` copies one item
 * (only references and numbers: no text is read). Returns where each line's items start.
 */
export function listsInLineOrder(start: Int32Array, order: Int32Array, move: (from: number, to: number) => void): Int32Array {
  const lineStart = new Int32Array(order.length + 1);
  for (let line = 0, to = 0; line < order.length; line++) {
    const list = order[line]!;
    for (let from = start[list]!; from < start[list + 1]!; from++, to++) move(from, to);
    lineStart[line + 1] = to;
  }
  return lineStart;
}

/** A longer array (`factor` times as long), beginning with `array`: room for a list that grows. */
export function grown(array: Int32Array, factor = 2): Int32Array {
  const larger = new Int32Array(Math.ceil(array.length * factor));
  larger.set(array);
  return larger;
}
