/**
 * Debtor data of an environment IT withdrew leaves the disk and the vault at the next start
 * (issue 45, point 6); keepOnDisk off takes every list; a lookup-cache write a kill cut short is
 * removed (point 11).
 */
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useMockServer } from '../../testing/mock-fixture.ts';
import { activateAcme, createTestCore } from '../../testing/test-core.ts';
import { environmentFileName } from '../util/file-name.ts';
import { emptyAdminPolicy } from '../settings/admin-policy.ts';
import type { StoredEnvironment } from '../../shared/settings-schema.ts';

const mock = useMockServer({ debtors: 10 });

const its = (id: string): StoredEnvironment => ({
  id,
  name: id.toUpperCase(),
  timeclockBaseUrl: `${mock.server.url}/timeclock`,
  debtorsBaseUrl: `${mock.server.url}/debtors`,
  clientId: 'demo-client',
  auth: { kind: 'headers', clientIdHeader: 'client_id', clientSecretHeader: 'client_secret' },
  employeeId: '',
});

describe('data of an environment that no longer exists', () => {
  it('leaves the disk and the vault at the next start; what is still IT’s stays', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'withdrawn-'));
    const settingsDir = mkdtempSync(join(tmpdir(), 'withdrawn-settings-'));
    const admin = (ids: string[]) => ({ ...emptyAdminPolicy(), environments: ids.map(its) });
    const first = createTestCore(mock.server, { dataDir, settingsDir, admin: admin(['prod', 'qa']) });
    first.vault.set('prod', 'prod-secret', first.secretBinding('prod')!);
    first.vault.set('qa', 'qa-secret', first.secretBinding('qa')!);
    await first.vault.flush();
    const files = (id: string) => [
      environmentFileName('lookup-cache', id, 'bin'),
      // The score lists' keeper's file beside it (score-keeper.ts).
      environmentFileName('lookup-cache', id, 'bin').replace(/\.bin$/, '.scores.bin'),
      environmentFileName('lookup-remembered', id, 'enc'),
      `health-${id}.json`,
    ];
    for (const name of [...files('prod'), ...files('qa')]) writeFileSync(join(dataDir, name), 'sealed debtor data');
    writeFileSync(join(dataDir, `${environmentFileName('lookup-cache', 'prod', 'bin')}.4242.tmp`), 'half a write');

    // IT withdraws QA.
    const next = createTestCore(mock.server, { dataDir, settingsDir, admin: admin(['prod']) });
    await next.vault.unlock();
    const left = readdirSync(dataDir);
    for (const name of files('qa')) expect(left).not.toContain(name);
    for (const name of files('prod')) expect(left).toContain(name);
    expect(left.filter((name) => name.endsWith('.tmp'))).toEqual([]);
    expect(next.settings.vaultIds()).not.toContain('qa');
    expect(next.vault.get('prod', next.secretBinding('prod')!)).toBe('prod-secret');
  });

  it('takes every environment’s lists when keepOnDisk is turned off, and keeps the debtors remembered', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'keep-off-'));
    const core = createTestCore(mock.server, { dataDir });
    activateAcme(core, mock.server.url);
    const withdrawnCache = join(dataDir, environmentFileName('lookup-cache', 'gone', 'bin'));
    const ownCache = join(dataDir, environmentFileName('lookup-cache', core.activeEnvironment().id, 'bin'));
    const remembered = join(dataDir, environmentFileName('lookup-remembered', core.activeEnvironment().id, 'enc'));
    for (const path of [withdrawnCache, ownCache, remembered]) writeFileSync(path, 'sealed');
    core.settings.updatePreferences({ lookup: { keepOnDisk: false } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect([existsSync(withdrawnCache), existsSync(ownCache), existsSync(remembered)]).toEqual([false, false, true]);
  });
});
