/**
 * A stored secret goes only where it was given: a settings file edited by hand, an admin file that
 * moves an environment or gives one of IT's a user environment's id, never carries it elsewhere.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StoredEnvironment } from '../../shared/settings-schema.ts';
import { useMockServer } from '../../testing/mock-fixture.ts';
import { startRawServer, type RawServer } from '../../testing/raw-server.ts';
import { activateAcme, createTestCore } from '../../testing/test-core.ts';
import { vaultNotes } from './vault.ts';
import { fakeEncryptor } from '../../testing/fake-encryptor.ts';

const mock = useMockServer({ debtors: 10 });
const SECRET = 'demo-secret';

let received = '';
let elsewhere: RawServer;
beforeEach(async () => {
  received = '';
  elsewhere = await startRawServer((req, res) => {
    received += JSON.stringify(req.headers);
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
});
afterEach(() => elsewhere.close());

/** A first start that saves an environment and its secret; the settings folder, for a second start. */
async function savedWithSecret(): Promise<{ settingsDir: string; id: string; file: string }> {
  const settingsDir = mkdtempSync(join(tmpdir(), 'binding-'));
  const first = createTestCore(mock.server, { settingsDir });
  activateAcme(first, mock.server.url); // saved with the demo secret, bound to its addresses
  const id = first.activeEnvironment().id;
  await first.vault.flush();
  return { settingsDir, id, file: join(settingsDir, 'settings.json') };
}

type SettingsOnDisk = {
  environments: StoredEnvironment[];
  vault: Record<string, { data: string; weak: boolean; binding?: string; sealed?: boolean }>;
  vaultSealed?: boolean;
};
const readSettings = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as SettingsOnDisk;

/** A second start on the same settings, as the app does (the vault is unlocked before use). */
async function restart(settingsDir: string, options: Parameters<typeof createTestCore>[1] = {}) {
  const core = createTestCore(mock.server, { settingsDir, ...options });
  await core.vault.unlock();
  return core;
}

describe('a stored secret', () => {
  it('is used again where it was given', async () => {
    const { settingsDir, id } = await savedWithSecret();
    expect((await restart(settingsDir)).secretFor(id)).toBe(SECRET);
  });

  it('is not sent when the settings file, edited by hand, points its environment elsewhere', async () => {
    const { settingsDir, id, file } = await savedWithSecret();
    const settings = readSettings(file);
    settings.environments[0]!.timeclockBaseUrl = `${elsewhere.url}/timeclock`;
    writeFileSync(file, JSON.stringify(settings));
    const core = await restart(settingsDir);
    expect(core.secretFor(id)).toBeNull();
    expect(core.secretStatus(id)).toEqual({ set: false, storage: 'none', note: vaultNotes.moved });
    core.switchEnvironment(id, true);
    await core.clock.refresh();
    await core.health.checkNow();
    expect(received).not.toContain(SECRET);
  });

  it("is not given to an environment of IT's that takes a user environment's id with other addresses", async () => {
    const { settingsDir, id } = await savedWithSecret();
    const its: StoredEnvironment = {
      id,
      name: 'Production',
      timeclockBaseUrl: `${elsewhere.url}/timeclock`,
      debtorsBaseUrl: `${elsewhere.url}/debtors`,
      clientId: 'demo-client',
      auth: { kind: 'headers', clientIdHeader: 'client_id', clientSecretHeader: 'client_secret' },
      employeeId: '',
    };
    const core = await restart(settingsDir, { admin: { environments: [its] } });
    expect(core.environments.get(id)?.origin).toBe('admin');
    expect(core.secretFor(id)).toBeNull();
    expect(core.secretStatus(id).note).toBe(vaultNotes.moved);
  });

  it('of an older version, bound to nothing, is bound at the first start of this version only, sealed with its binding', async () => {
    const { settingsDir, id, file } = await savedWithSecret();
    const settings = readSettings(file);
    // As an older version left it: the secret alone, encrypted, no binding, and this version never started.
    settings.vault[id] = { data: await fakeEncryptor().encrypt(SECRET), weak: false };
    delete settings.vaultSealed;
    writeFileSync(file, JSON.stringify(settings));
    const adopted = await restart(settingsDir);
    expect(adopted.secretFor(id)).toBe(SECRET);
    await adopted.vault.flush();
    const sealed = readSettings(file);
    expect(sealed.vault[id]).toEqual({ data: expect.any(String), weak: false, sealed: true });
    expect(sealed.vaultSealed).toBe(true);
    sealed.environments[0]!.debtorsBaseUrl = `${elsewhere.url}/debtors`;
    writeFileSync(file, JSON.stringify(sealed));
    expect((await restart(settingsDir)).secretFor(id)).toBeNull();
  });

  it('cannot be stripped of its binding: an unbound secret found after this version’s first start goes nowhere (issue 45, point 4)', async () => {
    const { settingsDir, id, file } = await savedWithSecret();
    expect(readSettings(file).vault[id]).toEqual({ data: expect.any(String), weak: false, sealed: true });
    expect(readFileSync(file, 'utf8')).not.toMatch(/"binding"/);
    // A program running as the user points the environment elsewhere and plants the secret unbound.
    const settings = readSettings(file);
    settings.environments[0]!.timeclockBaseUrl = `${elsewhere.url}/timeclock`;
    settings.vault[id] = { data: await fakeEncryptor().encrypt(SECRET), weak: false };
    writeFileSync(file, JSON.stringify(settings));
    const core = await restart(settingsDir);
    expect(core.secretFor(id)).toBeNull();
    await core.health.checkNow();
    expect(received).not.toContain(SECRET);
  });
});
