/**
 * The documents stay a map that leads somewhere: every relative link in the README, CONTRIBUTING
 * and docs/ names a file that exists, and every decision record is listed in the architecture's
 * table of decisions.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const markdownIn = (folder: string): string[] =>
  readdirSync(join(root, folder), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? markdownIn(join(folder, entry.name)) : entry.name.endsWith('.md') ? [join(folder, entry.name)] : [],
  );
const documents = ['README.md', 'CONTRIBUTING.md', ...markdownIn('docs')];

/** The targets of a document's Markdown links that point into the repository. */
function relativeLinks(text: string): string[] {
  const targets = [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]!);
  return targets.filter((target) => !/^(https?:|mailto:|#)/.test(target)).map((target) => target.split('#')[0]!);
}

describe('the documents', () => {
  it('link only to files that exist', () => {
    const broken = documents.flatMap((document) =>
      relativeLinks(readFileSync(join(root, document), 'utf8'))
        .filter((target) => !existsSync(join(root, dirname(document), target)))
        .map((target) => `${document} → ${target}`),
    );
    expect(broken).toEqual([]);
  });

  it('list every decision record in the architecture', () => {
    const architecture = readFileSync(join(root, 'docs/architecture.md'), 'utf8');
    const records = readdirSync(join(root, 'docs/decisions')).filter((name) => /^\d{4}-.*\.md$/.test(name));
    expect(records.length).toBeGreaterThan(0);
    const unlisted = records.filter((name) => !architecture.includes(`](decisions/${name})`));
    expect(unlisted.map((name) => relative(root, join(root, 'docs/decisions', name)))).toEqual([]);
  });
});
