/**
 * The typo rule of the debtor search: `term` is one slip away from the start of a word — one letter
 * wrong, missing, extra, or two neighbours swapped ("hrabor" → "harbor", "cascde" → "cascade").
 * The word is read in place from `text` between `start` and `end`, so the vocabulary is scanned
 * without cutting a string per word. Called for every word of the vocabulary: no allocation, and
 * most words are turned away by their first two letters.
 */
export function isNearPrefix(term: string, text: string, start: number, end: number): boolean {
  const length = end - start;
  if (length === 0) return false;
  // One slip moves a letter by at most one place: one of the first two letters must agree.
  const [first, second] = [text.charCodeAt(start), length > 1 ? text.charCodeAt(start + 1) : -1];
  const [termFirst, termSecond] = [term.charCodeAt(0), term.charCodeAt(1)];
  if (first !== termFirst && first !== termSecond && second !== termFirst && second !== termSecond) return false;
  let at = 0;
  while (at < term.length && at < length && term.charCodeAt(at) === text.charCodeAt(start + at)) at++;
  if (at === term.length) return true; // an exact prefix
  if (at === length) return term.length - at === 1; // the word ended: one extra letter typed
  return (
    follows(term, at + 1, text, start + at + 1, end) || // wrong letter
    follows(term, at + 1, text, start + at, end) || // extra letter
    follows(term, at, text, start + at + 1, end) || // missing letter
    (at + 1 < term.length &&
      at + 1 < length &&
      term.charCodeAt(at) === text.charCodeAt(start + at + 1) &&
      term.charCodeAt(at + 1) === text.charCodeAt(start + at) &&
      follows(term, at + 2, text, start + at + 2, end)) // neighbours swapped
  );
}

/** True when the rest of `term` from `termFrom` is written in `text` from `textFrom`, before `end`. */
function follows(term: string, termFrom: number, text: string, textFrom: number, end: number): boolean {
  if (term.length - termFrom > end - textFrom) return false;
  for (let offset = 0; termFrom + offset < term.length; offset++) {
    if (term.charCodeAt(termFrom + offset) !== text.charCodeAt(textFrom + offset)) return false;
  }
  return true;
}
