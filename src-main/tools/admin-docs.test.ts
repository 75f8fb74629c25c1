import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ADMIN_DOC, adminDocWithReference, settingsReferenceTable } from './admin-docs.ts';

describe("the admin file's settings reference", () => {
  it('is what the schema generates today (run `npm run gen:admin-docs` when this fails)', async () => {
    const document = readFileSync(ADMIN_DOC, 'utf8');
    expect(document).toBe(await adminDocWithReference(document));
  });

  it('says each setting with its type, range or options and default from the schema', () => {
    const rows = settingsReferenceTable().split('\n');
    expect(rows).toContainEqual(
      expect.stringMatching(/^\| `monitoring.pollIntervalSeconds` \| whole number, 10–3600 \| `25` \|/),
    );
    expect(rows).toContainEqual(expect.stringMatching(/^\| `updates.mode` \| `off`, `notify`, `install` \| `install` \|/));
    expect(rows).toContainEqual(expect.stringMatching(/^\| `clock.endOfDayReminder.time` \| `HH:MM`, 24-hour \| `17:30` \|/));
  });

  it('is refused, not guessed, where the document lost its markers', async () => {
    await expect(adminDocWithReference('# no markers')).rejects.toThrow(/markers/);
  });
});
