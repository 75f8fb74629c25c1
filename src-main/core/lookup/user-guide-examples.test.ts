/**
 * The user guide's search examples (docs/user-guide.md), checked against the demo data a newcomer sees: the built-in mock
 * at its default size, searched through the real lookup.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DEBTORS } from '../../mock/mock-server.ts';
import { internationalNames } from '../../mock/data/words.ts';
import { useMockServer } from '../../testing/mock-fixture.ts';
import { createTestCore } from '../../testing/test-core.ts';

const guide = readFileSync(new URL('../../../docs/user-guide.md', import.meta.url), 'utf8');
const mock = useMockServer({ debtors: DEFAULT_DEBTORS });
const RELEVANCE = { key: 'relevance', descending: false } as const;

async function namesFound(query: string): Promise<string[]> {
  const core = createTestCore(mock.server);
  await core.lookup.ensureLoaded();
  const page = await core.lookup.search(query, RELEVANCE);
  await core.lookup.clear();
  return page.rows.map((row) => row.name);
}

describe("the user guide's search examples, in the demo data", () => {
  // ("muller" finds Müller, "grosshandel" Großhandel, "lodz" Łódź)
  const sentence = /never matter \(([^)]*)\)/.exec(guide)?.[1] ?? '';
  const examples = [...sentence.matchAll(/"([^"]+)" (?:finds )?([^,]+)/g)].map((match) => [match[1]!, match[2]!.trim()]);

  it('are there to check', () => {
    expect(examples.length).toBeGreaterThanOrEqual(3);
    expect(guide).toMatch(/names in other\s+scripts \(Arabic, Japanese, Cyrillic/);
  });

  it.each(examples)('"%s" finds %s, whatever the case and accents', async (query, expected) => {
    const names = await namesFound(query);
    expect(names.slice(0, 5).some((name) => name.includes(expected))).toBe(true);
  });

  it.each(internationalNames.filter((name) => /[^ -\u024f]/.test(name.full)).map((name) => [name.core, name.full]))(
    'a name in another script is found as typed, from its middle: "%s" finds %s',
    async (query, expected) => {
      expect((await namesFound(query)).slice(0, 5)).toContain(expected);
    },
  );
});
