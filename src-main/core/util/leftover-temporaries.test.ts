/** A write cut off by a kill leaves its temporary file; the next start removes it and never reads it. */
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useMockServer } from '../../testing/mock-fixture.ts';
import { createTestCore } from '../../testing/test-core.ts';

const mock = useMockServer({ debtors: 10 });

describe('temporary files a killed write left behind', () => {
  it('are removed at the next start, and the files they were for are read as they were', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'leftovers-'));
    writeFileSync(join(dataDir, 'outbox.json'), '');
    writeFileSync(join(dataDir, 'outbox.json.4242.tmp'), '{"half a punch');
    writeFileSync(join(dataDir, 'hours.json.77.tmp'), '[');
    writeFileSync(join(dataDir, 'notes.tmp'), 'not ours');
    writeFileSync(join(dataDir, 'outbox.json.backup.tmp'), 'not a write of ours either');
    const core = createTestCore(mock.server, { dataDir });
    expect(readdirSync(dataDir).sort()).toEqual(['notes.tmp', 'outbox.json', 'outbox.json.backup.tmp']);
    expect(core.outbox.all()).toEqual([]);
    expect(core.problems).toEqual([]);
  });
});
