/**
 * The access record as the lookup window meets it, through the real dispatcher and core against
 * the mock, on a fake clock: the purpose asked as IT's policy says (never, once, each debtor), the
 * debtor shown only once its opening is on disk, and the record exported for one debtor.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { detailOf, isPurposeAsked } from '../../shared/ipc/contract.ts';
import { localDayKey } from '../../shared/moments.ts';
import type { Preferences } from '../../shared/settings-schema.ts';
import { createFakeClock } from '../../testing/fake-clock.ts';
import { useMockServer } from '../../testing/mock-fixture.ts';
import { createTestCore } from '../../testing/test-core.ts';
import { windowApi } from '../../testing/window-api.ts';
import { ACCESS_RECORD_FILE } from '../assembly/lookup.ts';
import { JUST_OPENED_MS } from './access-record.ts';

const mock = useMockServer({ debtors: 30 });
const PURPOSES = ['Credit check for a new invoice', 'Collections'];

function analyst(accessRecord: Partial<Preferences['lookup']['accessRecord']>, dataDir = mkdtempSync(join(tmpdir(), 'access-'))) {
  const clock = createFakeClock();
  const core = createTestCore(mock.server, {
    time: clock,
    dataDir,
    admin: { defaults: { lookup: { accessRecord }, clock: { displayName: 'Ana Díaz' }, general: { language: 'en' } } },
  });
  const api = windowApi(core);
  const lines = () =>
    readFileSync(join(dataDir, ACCESS_RECORD_FILE), 'utf8')
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { core, clock, dataDir, lines, ...api };
}
const debtor = (at: number) => mock.server.control.dataset.debtors[at]!;

describe('the access record in the lookup', () => {
  it('without a purpose policy: every debtor opened is written with who opened it, before it is shown', async () => {
    const { call, lines, core } = analyst({});
    await call('lookupOpen');
    const detail = detailOf(await call('lookupDetail', debtor(1).debtorKey));
    expect(detail?.debtor.debtorKey).toBe(debtor(1).debtorKey);
    expect(detail?.purpose).toBeUndefined();
    expect(lines()).toEqual([
      expect.objectContaining({
        debtorKey: debtor(1).debtorKey,
        employeeId: 'E1001',
        by: 'E1001 · Ana Díaz',
        purpose: '',
        via: 'detail',
      }),
    ]);
    await call('lookupCompare', [debtor(2).debtorKey, debtor(3).debtorKey]);
    expect(
      lines()
        .slice(1)
        .map((line) => [line.debtorKey, line.via]),
    ).toEqual([
      [debtor(2).debtorKey, 'compare'],
      [debtor(3).debtorKey, 'compare'],
    ]);
    await core.lookup.stop();
  });

  it('asks once per run where IT says so, from IT’s list, and refuses a purpose not on it', async () => {
    const { call, lines, core } = analyst({ askPurpose: 'once', purposes: PURPOSES });
    await call('lookupOpen');
    const asked = await call('lookupDetail', debtor(1).debtorKey);
    expect(asked).toEqual({ purposeAsked: { kind: 'list', purposes: PURPOSES, last: null } });
    await expect(call('lookupCompare', [debtor(1).debtorKey, debtor(2).debtorKey])).rejects.toThrow(/say why you are opening/i);
    expect(await call('lookupPurpose', debtor(1).debtorKey, 'Curiosity')).toBe(false);
    expect(await call('lookupPurpose', debtor(1).debtorKey, 'Collections')).toBe(true);
    const shown = detailOf(await call('lookupDetail', debtor(1).debtorKey));
    expect(shown?.purpose).toEqual({ given: 'Collections', ask: { kind: 'list', purposes: PURPOSES, last: 'Collections' } });
    // Asked once: the next debtor opens at once, with the same purpose.
    expect(isPurposeAsked(await call('lookupDetail', debtor(2).debtorKey))).toBe(false);
    expect(lines().map((line) => [line.debtorKey, line.purpose])).toEqual([
      [debtor(1).debtorKey, 'Collections'],
      [debtor(2).debtorKey, 'Collections'],
    ]);
    await core.lookup.stop();
  });

  it('asks for each debtor where IT says so, offering the last purpose, but not for one opened minutes ago', async () => {
    const { call, lines, core, clock } = analyst({ askPurpose: 'each-debtor' });
    await call('lookupOpen');
    const first = debtor(4).debtorKey;
    expect(await call('lookupDetail', first)).toEqual({ purposeAsked: { kind: 'text', purposes: [], last: null } });
    expect(await call('lookupPurpose', first, '   ')).toBe(false);
    expect(await call('lookupPurpose', first, 'Invoice 4711 from Müller GmbH')).toBe(true);
    expect(isPurposeAsked(await call('lookupDetail', first))).toBe(false);
    expect(await call('lookupDetail', debtor(5).debtorKey)).toEqual({
      purposeAsked: { kind: 'text', purposes: [], last: 'Invoice 4711 from Müller GmbH' },
    });
    clock.jump(10 * 60_000);
    expect(isPurposeAsked(await call('lookupDetail', first))).toBe(false); // opened ten minutes ago: not asked again
    clock.jump(JUST_OPENED_MS);
    expect(isPurposeAsked(await call('lookupDetail', first))).toBe(true);
    // Written once: the second look within 30 minutes was the same consultation.
    expect(lines().map((line) => line.purpose)).toEqual(['Invoice 4711 from Müller GmbH']);
    await core.lookup.stop();
  });

  it('does not show a debtor whose opening cannot be written, and says why', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'access-'));
    const { call, core } = analyst({}, dataDir);
    await call('lookupOpen');
    // Something in the record's way that no write gets past (a folder where the file belongs).
    mkdirSync(join(dataDir, ACCESS_RECORD_FILE));
    await expect(call('lookupDetail', debtor(6).debtorKey)).rejects.toThrow(
      /not shown: the record of who opened which debtor could not be written on this computer \(EISDIR/,
    );
    rmSync(join(dataDir, ACCESS_RECORD_FILE), { recursive: true });
    expect(detailOf(await call('lookupDetail', debtor(6).debtorKey))?.debtor.debtorKey).toBe(debtor(6).debtorKey);
    await core.lookup.stop();
  });

  it('exports who opened one debtor as CSV, newest first, the name joined from the lookup', async () => {
    const { call, shell, core, clock } = analyst({ askPurpose: 'once', purposes: PURPOSES });
    await call('lookupOpen');
    const key = debtor(7).debtorKey;
    await call('lookupPurpose', key, 'Collections');
    await call('lookupDetail', key);
    clock.jump(JUST_OPENED_MS + 1);
    await call('lookupPurpose', key, PURPOSES[0]!);
    await call('lookupDetail', key);
    await call('lookupDetail', debtor(8).debtorKey);
    await call('exportCsv', { kind: 'access', debtorKey: key });
    const saved = shell.saved.at(-1)!;
    expect(saved.name).toBe(`debtor-access-${key}-${localDayKey(clock.now())}.csv`);
    const rows = saved.content.slice(1).trimEnd().split('\r\n');
    expect(rows[0]).toBe('Opened,Debtor key,Name,Opened by,Purpose,Opened in,Environment');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toContain(`${key},${debtor(7).name},E1001 · Ana Díaz,${PURPOSES[0]},Details,`);
    expect(rows[2]).toContain(',Collections,');
    await core.lookup.stop();
  });
});
