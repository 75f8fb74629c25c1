/** A name cut into the parts a search matched (marked) and the rest, in order, for the results' rows. */
export function segmentsOf(
  text: string,
  ranges: ReadonlyArray<readonly [number, number]>,
): Array<{ text: string; marked: boolean }> {
  const segments: Array<{ text: string; marked: boolean }> = [];
  let at = 0;
  for (const [start, end] of ranges) {
    if (start > at) segments.push({ text: text.slice(at, start), marked: false });
    if (end > start) segments.push({ text: text.slice(Math.max(start, at), end), marked: true });
    at = Math.max(at, end);
  }
  if (at < text.length) segments.push({ text: text.slice(at), marked: false });
  return segments;
}
