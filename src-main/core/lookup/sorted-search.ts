/** Binary searches over ascending arrays, for the debtor search. */

/** The first index in [0, length) for which `isBelow` is false (it must be true, then false). */
export function lowerBound(length: number, isBelow: (index: number) => boolean): number {
  let low = 0;
  let high = length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (isBelow(middle)) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The half-open range of a sorted list of texts whose entries start with `prefix`. */
export function prefixRange(sorted: readonly string[], prefix: string): [number, number] {
  const end = `${prefix}\uffff`;
  return [lowerBound(sorted.length, (at) => sorted[at]! < prefix), lowerBound(sorted.length, (at) => sorted[at]! < end)];
}

/** True when an ascending array holds `value`. */
export function holds(sorted: Int32Array, value: number): boolean {
  const at = lowerBound(sorted.length, (index) => sorted[index]! < value);
  return at < sorted.length && sorted[at] === value;
}
