/**
 * Search folding: what a user may type for a name. Case and accents do not matter ("muller" finds
 * "Müller", "societe" finds "Société"), letters without a decomposition are spelled out the way a
 * keyboard without them would (ß → ss, ł → l, æ → ae, ø → o), full-width and ligature forms become
 * plain letters. Scripts without accents to drop (CJK, Arabic letters, Cyrillic) stay themselves,
 * so typing them exactly finds them. Both the names and every typed needle go through this.
 */

const SPELLED_OUT: Readonly<Record<string, string>> = {
  ß: 'ss',
  ẞ: 'ss',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  ø: 'o',
  æ: 'ae',
  œ: 'oe',
  ı: 'i',
  þ: 'th',
  ħ: 'h',
  ŧ: 't',
  ŀ: 'l',
};
const SPELLED_OUT_PATTERN = new RegExp(`[${Object.keys(SPELLED_OUT).join('')}]`, 'g');
// Latin, Greek and Cyrillic accents, and Arabic short-vowel marks (optional when writing).
// Other marks stay: Japanese voicing marks change the letter, not its accent.
const DROPPED_MARKS = /[\u0300-\u036f\u064b-\u065f\u0670]/g;
const PLAIN_ASCII = /^[\x20-\x7e]*$/;

export function foldForSearch(text: string): string {
  const lower = text.toLowerCase();
  if (PLAIN_ASCII.test(lower)) return lower;
  return lower
    .normalize('NFKD')
    .replace(DROPPED_MARKS, '')
    .replace(SPELLED_OUT_PATTERN, (letter) => SPELLED_OUT[letter]!)
    .normalize('NFC');
}

/** True when a folded text is all plain ASCII, so the Latin word matcher can take it. */
export function isPlainFolded(folded: string): boolean {
  return PLAIN_ASCII.test(folded);
}
