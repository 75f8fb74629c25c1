import { describe, expect, it } from 'vitest';
import { hasLongDigitRun, parseJsonText } from './read-body.ts';
import { createRandom } from '../../mock/data/random.ts';

describe('reading a JSON body', () => {
  it('finds 16 digits in a row wherever they are, as a regular expression would', () => {
    const { next: random } = createRandom(3);
    for (let trial = 0; trial < 2_000; trial++) {
      const text = Array.from({ length: Math.floor(random() * 80) }, () =>
        random() < 0.85 ? String(Math.floor(random() * 10)) : ',',
      ).join('');
      expect(hasLongDigitRun(text), text).toBe(/\d{16,}/.test(text));
    }
  });

  it('keeps every digit of an id beyond 2^53 and parses the rest natively', () => {
    expect(parseJsonText('{"id": 12345678901234567890, "n": 1.5}', 'application/json')).toEqual({
      id: '12345678901234567890',
      n: 1.5,
    });
    expect(parseJsonText('[{"id": 123456789012345}]', null)).toEqual([{ id: 123456789012345 }]);
  });
});
