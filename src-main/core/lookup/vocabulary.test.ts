import { describe, expect, it } from 'vitest';
import { Vocabulary, WORD_HASH_START, wordHashStep } from './vocabulary.ts';

const hashOf = (word: string) => [...word].reduce((hash, letter) => wordHashStep(hash, letter.charCodeAt(0)), WORD_HASH_START);

describe('the vocabulary', () => {
  it('gives a word read in place the id it had, and a new word the next id, across many growths', () => {
    const vocabulary = new Vocabulary();
    const text = Array.from({ length: 5_000 }, (_, at) => `w${at}`).join(' ');
    const ids: number[] = [];
    for (const match of text.matchAll(/\S+/g))
      ids.push(vocabulary.idOf(text, match.index, match.index + match[0].length, hashOf(match[0])));
    expect(ids).toEqual(Array.from({ length: 5_000 }, (_, at) => at));
    expect(vocabulary.idOf('say w1234 again', 4, 9, hashOf('w1234'))).toBe(1234);
    expect(vocabulary.words[4_999]).toBe('w4999');
  });

  it('tells apart words whose hashes are the same, or one the start of another', () => {
    const vocabulary = new Vocabulary();
    expect(vocabulary.idOf('acme', 0, 4, 7)).toBe(0);
    expect(vocabulary.idOf('zeta', 0, 4, 7)).toBe(1);
    expect(vocabulary.idOf('acmes', 0, 5, 7)).toBe(2);
    expect(vocabulary.idOf('xacme', 1, 5, 7)).toBe(0);
    expect(vocabulary.size).toBe(3);
  });
});
