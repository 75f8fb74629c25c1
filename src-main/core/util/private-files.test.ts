/** Files at rest are the user's only (0600, folders 0700), and settings backups do not pile up. */
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useMockServer } from '../../testing/mock-fixture.ts';
import { createTestCore } from '../../testing/test-core.ts';
import { KEPT_BACKUPS, prepareSettingsFile } from '../settings/settings-file.ts';
import { makePrivate } from './text-file.ts';
import { fakeEncryptor } from '../../testing/fake-encryptor.ts';

const mock = useMockServer({ debtors: 10 });
const modeOf = (path: string) => statSync(path).mode & 0o777;

describe.skipIf(process.platform === 'win32')('files at rest', () => {
  it('are created readable by the user only: settings, outbox, clock cache, health history, set-aside copies', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'private-')), 'data');
    const core = createTestCore(mock.server, { dataDir });
    core.environments.save({ ...core.environments.get('mock')!.environment, employeeId: 'E1002' });
    await core.clock.toggle('window');
    await core.clock.refresh();
    await core.health.checkNow();
    await core.health.flush();
    const written = readdirSync(dataDir);
    expect(written).toEqual(expect.arrayContaining(['outbox.json', 'clock-cache.json', 'health-mock.json']));
    for (const name of written) expect([name, modeOf(join(dataDir, name))]).toEqual([name, 0o600]);
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(join(core.settingsDir, 'settings.json'))).toBe(0o600);
  });

  it('makes a file written before with a looser mode (an older log) private, and passes over one not there', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'loose-')), 'main.log');
    writeFileSync(path, 'old lines\n', { mode: 0o644 });
    expect(modeOf(path)).toBe(0o644);
    makePrivate(path);
    expect(modeOf(path)).toBe(0o600);
    expect(() => makePrivate(`${path}.absent`)).not.toThrow();
  });

  it(`keeps the newest ${KEPT_BACKUPS} settings backups, private too`, () => {
    const dir = mkdtempSync(join(tmpdir(), 'backups-'));
    const file = join(dir, 'settings.json');
    for (let day = 1; day <= 8; day++) {
      writeFileSync(file, '{ "monitoring": ');
      prepareSettingsFile(file, () => new Date(`2026-11-0${day}T10:00:00Z`));
    }
    const backups = readdirSync(dir)
      .filter((name) => name.includes('.backup-'))
      .sort();
    expect(backups).toHaveLength(KEPT_BACKUPS);
    expect(backups[0]).toContain('2026-11-04');
    for (const backup of backups) expect(modeOf(join(dir, backup))).toBe(0o600);
    expect(modeOf(file)).toBe(0o600);
  });
});

describe('a withdrawn secret', () => {
  it('leaves the settings backups too, when weak storage is forbidden after a repair kept a copy', async () => {
    const settingsDir = mkdtempSync(join(tmpdir(), 'scrub-'));
    const first = createTestCore(mock.server, { settingsDir, encryptor: fakeEncryptor('weak') });
    first.settings.updatePreferences({ security: { allowWeakSecretStorage: true } });
    first.vault.set('qa', 'qa-secret-1', 'bound-to-qa');
    await first.vault.flush();
    const file = join(settingsDir, 'settings.json');
    const ciphertext = (JSON.parse(readFileSync(file, 'utf8')) as { vault: Record<string, { data: string }> }).vault.qa!.data;
    // A bad value elsewhere: the repair at the next start keeps a copy of the whole file, ciphertext and all.
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^\{/, '{ "monitoring": "broken",'));
    expect(prepareSettingsFile(file).backupPath).not.toBeNull();
    const backups = () => readdirSync(settingsDir).filter((name) => name.includes('.backup-'));
    const holding = () => backups().filter((name) => readFileSync(join(settingsDir, name), 'utf8').includes(ciphertext));
    expect(holding()).toHaveLength(1);

    const second = createTestCore(mock.server, { settingsDir, encryptor: fakeEncryptor('weak') });
    second.settings.updatePreferences({ security: { allowWeakSecretStorage: false } });
    expect(readFileSync(file, 'utf8')).not.toContain(ciphertext);
    expect(holding()).toEqual([]);
    expect(backups()).toHaveLength(1); // the repair's copy stays for what else it holds
  });
});
