import { describe, expect, it } from 'vitest';
import { isNearPrefix } from './near-prefix.ts';

const near = (term: string, word: string) => isNearPrefix(term, `\n${word}\n`, 1, 1 + word.length);

describe('one slip from the start of a word', () => {
  it('takes an exact prefix and each kind of slip', () => {
    expect(near('harb', 'harbor')).toBe(true);
    expect(near('hrabor', 'harbor')).toBe(true); // swapped
    expect(near('hxrbor', 'harbor')).toBe(true); // wrong letter
    expect(near('harbbor', 'harbor')).toBe(true); // extra letter
    expect(near('hrbor', 'harbor')).toBe(true); // missing letter
    expect(near('xarbor', 'harbor')).toBe(true); // wrong first letter
    expect(near('arbor', 'harbor')).toBe(true); // missing first letter
    expect(near('harbors', 'harbor')).toBe(true); // one letter past the word
  });

  it('refuses two slips, and reads only its own word of the text', () => {
    expect(near('hrbr', 'harbor')).toBe(false);
    expect(near('hraobr', 'harbor')).toBe(false);
    expect(near('harborss', 'harbor')).toBe(false);
    expect(isNearPrefix('acmex', '\nacme\nxylo\n', 1, 5)).toBe(true);
    expect(isNearPrefix('acmexy', '\nacme\nxylo\n', 1, 5)).toBe(false);
  });
});
