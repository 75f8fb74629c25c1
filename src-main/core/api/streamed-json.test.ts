import { describe, expect, it } from 'vitest';
import { createStreamedJsonParser, readJsonStreamed } from './streamed-json.ts';
import { createListScanner, type OpenList } from './json-scanners.ts';
import { bodyProblemText, NotJsonError, quoteLongIntegers } from './read-body.ts';
import { createRandom, type Random } from '../../mock/data/random.ts';

/** Text that trips a scanner: brackets, quotes, escapes, commas and colons inside strings, non-ASCII. */
const TRICKY = ['[', ']', '{', '}', ',', ':', '\\', '"', '\\"', 'é', '日本', '😀', ' ', '\n', 'data', '[1,2]'];

function randomString(random: Random): string {
  return Array.from({ length: random.int(0, 6) }, () => random.pick(TRICKY)).join('');
}

function randomValue(random: Random, depth: number): unknown {
  const choice = random.int(0, depth > 3 ? 3 : 6);
  if (choice === 0) return randomString(random);
  if (choice === 1) return random.int(-1_000_000, 1_000_000) / random.pick([1, 100]);
  if (choice === 2) return random.pick([true, false, null]);
  if (choice === 3) return random.int(0, 9);
  if (choice <= 4) return Array.from({ length: random.int(0, 4) }, () => randomValue(random, depth + 1));
  const record: Record<string, unknown> = {};
  for (let field = random.int(0, 4); field > 0; field--) record[randomString(random) || 'k'] = randomValue(random, depth + 1);
  return record;
}

/** A document in one of the envelopes servers use, around a list of records. */
function randomDocument(random: Random): unknown {
  const list = Array.from({ length: random.int(0, 30) }, () => randomValue(random, 1));
  switch (random.int(0, 4)) {
    case 0:
      return list;
    case 1:
      return { data: list, nextLink: randomString(random), total: list.length };
    case 2:
      return { result: { items: list, pages: [1, 2] }, Value: [], links: { next: randomString(random) } };
    case 3:
      return { __proto__: list, 'a"]': [[list]] };
    default:
      return randomValue(random, 0);
  }
}

/** Feeds the text in pieces cut at random places (inside keys, strings and escapes too). */
function parseInPieces(text: string, random: Random): unknown {
  const parser = createStreamedJsonParser('application/json');
  for (let at = 0; at < text.length;) {
    const size = random.int(1, 40);
    parser.write(text.slice(at, at + size));
    at += size;
  }
  return parser.end();
}

const outcome = (parse: () => unknown) => {
  try {
    return { value: parse() };
  } catch (error) {
    expect(error).toBeInstanceOf(error instanceof SyntaxError ? SyntaxError : NotJsonError);
    return { refused: true };
  }
};

describe('parsing JSON as it arrives', () => {
  it('gives what JSON.parse gives for any document, wherever the pieces are cut', () => {
    const random = createRandom(26);
    for (let trial = 0; trial < 1_500; trial++) {
      const text = JSON.stringify(randomDocument(random), null, random.pick([0, 1]));
      expect(parseInPieces(text, random), text).toEqual(JSON.parse(text));
    }
  });

  it('refuses exactly what JSON.parse refuses: a character taken out, put in or changed anywhere', () => {
    const random = createRandom(33);
    for (let trial = 0; trial < 3_000; trial++) {
      const text = JSON.stringify(randomDocument(random));
      const at = random.int(0, text.length);
      const mutated = random.pick([
        text.slice(0, at) + text.slice(at + 1),
        text.slice(0, at) + random.pick([',', ']', '}', '[', '{', '"', ':', '\\', 'x']) + text.slice(at),
        text.slice(0, at) + random.pick([',', ']', '}', '"']) + text.slice(at + 1),
      ]);
      // An empty body is no body (a 204's), not an error.
      const expected = mutated.trim() === '' ? { value: undefined } : outcome(() => JSON.parse(mutated) as unknown);
      expect(
        outcome(() => parseInPieces(mutated, random)),
        mutated,
      ).toEqual(expected);
    }
  });

  it('holds no more than the unfinished element as text while a long list arrives', () => {
    const record = (n: number) => JSON.stringify({ debtorKey: String(n), name: `Debtor ${n} [“Ltd”]`, creditLimit: n * 10 });
    const text = `{"data":[${Array.from({ length: 10_000 }, (_, n) => record(n)).join(',')}],"next":null}`;
    const parser = createStreamedJsonParser();
    let mostHeld = 0;
    for (let at = 0; at < text.length; at += 1024) {
      parser.write(text.slice(at, at + 1024));
      mostHeld = Math.max(mostHeld, parser.held());
    }
    expect(text.length).toBeGreaterThan(500_000);
    expect(mostHeld).toBeLessThan(1024 + record(10_000).length + 20);
    expect((parser.end() as { data: unknown[] }).data).toHaveLength(10_000);
  });

  it('says what the body is when it is not JSON, and refuses an unfinished one', () => {
    const parse = (text: string) => () => parseInPieces(text, createRandom(1));
    const caught = (() => {
      try {
        parse('<html><body>Sign in</body></html>')();
      } catch (error) {
        return error as Error;
      }
      return null;
    })();
    expect(bodyProblemText(caught!, [])).toBe('it is not JSON (application/json, starting “<html><body>Sign in</body></html>”)');
    expect(parse('[{"a":1},{"a":2}')).toThrow(NotJsonError);
    expect(parse('{"data":[1,2]')).toThrow(NotJsonError);
    expect(parse('[1,]')).toThrow(NotJsonError);
    expect(parseInPieces('  ', createRandom(1))).toBeUndefined();
  });

  it('keeps the last of a key named twice, as JSON.parse does', () => {
    for (const text of ['{"a":{"x":[1]},"a":{"y":[2]}}', '{"a":[1],"a":[2]}', '{"a":[1],"a":3}', '{"a":{"b":[1]},"a":[]}']) {
      expect(parseInPieces(text, createRandom(5)), text).toEqual(JSON.parse(text));
    }
  });

  it('keeps every digit of an id beyond 2^53, in the list and in the envelope', () => {
    const text = '{"data":[{"id":12345678901234567890,"n":1.5},{"id":-98765432109876543210}],"total":90071992547409930}';
    expect(parseInPieces(text, createRandom(4))).toEqual({
      data: [{ id: '12345678901234567890', n: 1.5 }, { id: '-98765432109876543210' }],
      total: '90071992547409930',
    });
  });

  it('reads UTF-8 split anywhere between network chunks, and refuses invalid UTF-8', async () => {
    const bytes = new TextEncoder().encode('{"data":[{"name":"Müller 日本 😀"}],"x":"\u00e9"}');
    const chunked = (parts: Uint8Array[]) =>
      new Response(
        new ReadableStream({ start: (controller) => (parts.forEach((part) => controller.enqueue(part)), controller.close()) }),
      );
    for (let cut = 1; cut < bytes.length; cut++) {
      const body = await readJsonStreamed(chunked([bytes.subarray(0, cut), bytes.subarray(cut)]), { maxBytes: 1_000 });
      expect(body).toEqual({ data: [{ name: 'Müller 日本 😀' }], x: 'é' });
    }
    await expect(readJsonStreamed(chunked([new Uint8Array([0x5b, 0xff, 0x5d])]), { maxBytes: 1_000 })).rejects.toThrow(
      'it is not valid UTF-8 text',
    );
  });
});

describe('a list of objects taken up to its piece\'s last "},"', () => {
  const notJson = () => new NotJsonError('not JSON');
  /** What the quick cut makes of the next piece of an open list that holds `pending` since its last element. */
  function cutOnce(pending: string, piece: string) {
    const strings = { inString: false, escaped: false };
    const open: OpenList = { path: [], items: [], pending, lastComma: -1, depth: 0, sawComma: false, cutsWork: true };
    const after = createListScanner(strings, notJson, null).takeUpToLastObjectEnd(open, piece, 0);
    return { after, items: open.items, pending: open.pending, cutsWork: open.cutsWork };
  }

  it('parses the whole elements of a piece at once and goes on after the comma', () => {
    const piece = '0},{"a":1},{"a":"x"},{"a":';
    expect(cutOnce('{"a":', piece)).toEqual({
      after: piece.indexOf('{"a":"x"},') + '{"a":"x"},'.length,
      items: [{ a: 0 }, { a: 1 }, { a: 'x' }],
      pending: '',
      cutsWork: true,
    });
  });

  it('takes nothing, and leaves the list to the scan, when the last "}," is not between two elements', () => {
    for (const piece of [
      '{"a":1},{"name":"Acme},{Ltd', // inside a string
      '{"a":1},{"sub":{"b":2},"c":', // inside a nested object
      '{"a":1}],"paging":{"next":"x"},', // after the list's end
    ]) {
      expect(cutOnce('', piece), piece).toEqual({ after: -1, items: [], pending: '', cutsWork: false });
    }
  });

  it('gives what JSON.parse gives when names hold "}," and records nest, in pieces of any size', () => {
    const random = createRandom(52);
    const record = (n: number) => ({
      debtorKey: `D${n}`,
      name: random.pick(['Acme},{Ltd', 'Plain', '{"x":1},', 'a\\"},"b']),
      address: n % 7 === 0 ? { city: 'Ulm', lines: [{ line: '1 Main St},' }] } : null,
    });
    for (let trial = 0; trial < 50; trial++) {
      const text = JSON.stringify({ data: Array.from({ length: random.int(20, 200) }, (_, n) => record(n)), total: 1 });
      const parser = createStreamedJsonParser();
      for (let at = 0, size = random.int(1, 400); at < text.length; at += size) parser.write(text.slice(at, at + size));
      expect(parser.end()).toEqual(JSON.parse(text));
    }
  });
});

describe('quoting integers that would lose digits', () => {
  it('quotes only integers beyond 2^53 outside strings', () => {
    expect(quoteLongIntegers('[9007199254740993, 9007199254740991, 1.23456789012345678, 12345678901234567e2]')).toBe(
      '["9007199254740993", 9007199254740991, 1.23456789012345678, 12345678901234567e2]',
    );
    expect(quoteLongIntegers('{"a\\"12345678901234567890":"12345678901234567890"}')).toBe(
      '{"a\\"12345678901234567890":"12345678901234567890"}',
    );
  });
});
