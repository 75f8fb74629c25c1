import { describe, expect, it } from 'vitest';
import { orderByText } from './name-order.ts';
import { createRandom } from '../../mock/data/random.ts';

/** The order the radix sort must reproduce: plain string order, then the tie-break. */
function comparisonOrder(texts: readonly string[], tieBreak: readonly string[]): number[] {
  return [...texts.keys()].sort((a, b) =>
    texts[a] !== texts[b]
      ? texts[a]! < texts[b]!
        ? -1
        : 1
      : tieBreak[a]! < tieBreak[b]!
        ? -1
        : tieBreak[a]! > tieBreak[b]!
          ? 1
          : 0,
  );
}

describe('the order of the debtor list', () => {
  it('is plain string order, then the tie-break, for names sharing long prefixes', () => {
    const texts = ['acme foods of dallas inc', 'acme foods inc', 'acme foods of austin', 'acme foods inc', 'acme', 'acme f'];
    const keys = ['d6', 'd5', 'd4', 'd3', 'd2', 'd1'];
    expect(Array.from(orderByText(texts, keys))).toEqual(comparisonOrder(texts, keys));
  });

  it('keeps order across digits, punctuation, other scripts and letters outside its table', () => {
    // Seeded, so a failure can be reproduced; groups large enough for the radix passes (≥ 32).
    const { next: random } = createRandom(7);
    for (const alphabet of ['ab', "ab .-&'1z山é", 'abc ']) {
      const texts = Array.from({ length: 3_000 }, () =>
        Array.from({ length: Math.floor(random() * 20) }, () => alphabet[Math.floor(random() * alphabet.length)]).join(''),
      );
      const keys = texts.map((_, index) => `k${Math.floor(random() * 1e6)}-${index}`);
      expect(Array.from(orderByText(texts, keys))).toEqual(comparisonOrder(texts, keys));
    }
  });

  it('puts "1 x" before "90 x" (digits are settled by comparison, not by their packed letters)', () => {
    const texts = ['90 x', '1 x', ...Array.from({ length: 40 }, (_, n) => `acme ${n}`)];
    const order = orderByText(
      texts,
      texts.map((_, n) => `k${n}`),
    );
    expect([texts[order[0]!], texts[order[1]!]]).toEqual(['1 x', '90 x']);
  });
});

describe('names already in order', () => {
  it('keeps them as they are (the lookup file writes them so), and still sorts any other order', () => {
    const texts = ['acme', 'acme', 'beta', 'zeta'];
    expect([...orderByText(texts, ['D1', 'D2', 'D3', 'D4'])]).toEqual([0, 1, 2, 3]);
    expect([...orderByText(texts, ['D2', 'D1', 'D3', 'D4'])]).toEqual([1, 0, 2, 3]);
    expect([...orderByText(['zeta', 'acme'], ['D1', 'D2'])]).toEqual([1, 0]);
  });
});
