/**
 * The pseudo-locale: every message of English with its letters accented, about 40 % longer and in
 * brackets, its ICU arguments and options untouched. A test reading a window in it finds any text
 * that did not come from the catalogue (no brackets, no accents), and layouts meet longer words.
 */
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { printAST } from '@formatjs/icu-messageformat-parser/printer.js';

const ACCENTED: Record<string, string> = {
  a: 'á',
  e: 'é',
  i: 'í',
  o: 'ö',
  u: 'ü',
  c: 'ç',
  n: 'ñ',
  y: 'ý',
  A: 'Å',
  E: 'É',
  I: 'Î',
  O: 'Ö',
  U: 'Ü',
  C: 'Ç',
  N: 'Ñ',
  Y: 'Ý',
};

const accent = (text: string) => text.replace(/[aeiouycnAEIOUYCN]/g, (letter) => ACCENTED[letter] ?? letter);

/** Longer by about 40 %: every vowel doubled. */
function lengthen(text: string): string {
  return text.replace(/[aeiouAEIOU]/g, (vowel) => vowel + vowel);
}

function transform(elements: MessageFormatElement[]): MessageFormatElement[] {
  return elements.map((element) => {
    if (element.type === TYPE.literal) return { ...element, value: accent(lengthen(element.value)) };
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      const options = Object.fromEntries(
        Object.entries(element.options).map(([key, option]) => [key, { ...option, value: transform(option.value) }]),
      );
      return { ...element, options };
    }
    if (element.type === TYPE.tag) return { ...element, children: transform(element.children) };
    return element;
  });
}

export function pseudoMessage(message: string): string {
  return `[${printAST(transform(parse(message)))}]`;
}
