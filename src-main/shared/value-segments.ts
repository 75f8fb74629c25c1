/**
 * A sentence cut into text and values — a duration ("17 h 9 min", "17 Std. 11 Min."), a time
 * ("8:00 AM", "08:00"), a measure ("14 ms", "19 s") — so that a window keeps each value on one
 * line (a value split as "23 Std. 42 | Min." reads wrong) while the words around it wrap. The
 * text is unchanged: the segments joined are the sentence.
 */
const UNIT = String.raw`(?:h|min|s|ms|Std\.|Min\.|Sek\.|%)`;
const AMOUNT = String.raw`\d+(?:[.,]\d+)?\s?${UNIT}(?=$|[\s·,.;:)])`;
const TIME = String.raw`\d{1,2}:\d{2}(?:\s?[AP]M)?`;
const VALUE = new RegExp(String.raw`(?:${AMOUNT}(?:\s${AMOUNT})*|${TIME})`, 'g');

export interface Segment {
  text: string;
  value: boolean;
}

export function valueSegments(text: string): Segment[] {
  const segments: Segment[] = [];
  let at = 0;
  for (const match of text.matchAll(VALUE)) {
    if (match.index > at) segments.push({ text: text.slice(at, match.index), value: false });
    segments.push({ text: match[0], value: true });
    at = match.index + match[0].length;
  }
  if (at < text.length) segments.push({ text: text.slice(at), value: false });
  return segments;
}
