/**
 * Settings in the built app and a restart (main.ts → live settings, environment switching, the
 * vault on safeStorage, the outbox and health history on disk): an environment added against a
 * second server, tested, saved and switched to from the tray; a punch left waiting; the tray's
 * switch back warns; after a restart on the same data folder everything is still there and the
 * punch is sent with the saved secret.
 */
import { chmodSync, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '../mock/mock-server.ts';
import { eventually, fillEnvironment, useApp } from './fixture.ts';

const apps = useApp();
let second: MockServer;
beforeAll(async () => {
  second = await startMockServer({ debtors: 20 });
});
afterAll(() => second?.close());

/** The environment's submenu under More, whose label names the active one ("Environment: Local QA"). */
const environmentLine = (menu: Array<{ label: string; items?: Array<{ label: string }> }>) =>
  menu.find((item) => item.label === 'More')?.items?.find((item) => item.label.startsWith('Environment: '))?.label;

describe('settings, switching and a restart', () => {
  it('keeps settings, the secret, a waiting punch and health history across a restart, and sends the punch then', async () => {
    const dataDir = apps.newDataDir();
    const first = await apps.launch({ dataDir });
    await first.clickTray('Settings…');
    const settings = await first.window('settings');
    await fillEnvironment(settings, { name: 'Local QA', server: second, secret: 'demo-secret', employeeId: 'E1002' });
    await settings.getByRole('button', { name: 'Test connection' }).click();
    await eventually(
      () => settings.locator('.report li').first().textContent(),
      (text) => /credentials accepted/.test(text ?? ''),
    );
    await settings.getByRole('button', { name: 'Save' }).click();
    await eventually(
      () => settings.locator('.row', { hasText: 'Local QA' }).locator('.meta').textContent(),
      (text) => text === 'E1002 · secret saved',
    );

    await first.clickTray('More', 'Environment: Mock (built-in) · demo data', 'Local QA');
    await eventually(first.tray, (state) => environmentLine(state!.menu) === 'Environment: Local QA');
    second.control.setService('timeclock', { unavailable: true });
    await first.clickTray('Clock in');
    await eventually(first.tray, (state) => state!.menu.some((item) => /^Clock-in at .+ pending sync$/.test(item.label)));
    await eventually(first.tray, (state) =>
      state!.menu.some((item) => /^Time recording — /.test(item.label) && !/checking/.test(item.label)),
    );

    // Switching back from the tray with a punch waiting asks; Cancel keeps Local QA.
    await first.scriptDialogs(1);
    await first.clickTray('More', 'Environment: Local QA', 'Mock (built-in)');
    const asked = (await first.reported('dialog')) as { message: string; detail: string };
    expect(asked.message).toBe('Switch environment?');
    expect(asked.detail).toMatch(/^1 punch recorded in Local QA is still/);
    expect(environmentLine((await first.tray())!.menu)).toBe('Environment: Local QA');
    expect(await first.quit()).toBe(0);

    const files = readdirSync(dataDir);
    expect(files.filter((name) => /^health-.+\.json$/.test(name)).length).toBeGreaterThan(0);
    expect(second.control.timeclock.events().filter((event) => event.employeeId === 'E1002')).toEqual([]);

    second.control.setService('timeclock', { unavailable: false });
    // A log file left readable by others (an older version's) is the user's alone after the start.
    const logFile = join(dataDir, 'logs', 'main.log');
    const posix = process.platform !== 'win32';
    if (posix) chmodSync(logFile, 0o644);
    const restarted = await apps.launch({ dataDir });
    if (posix) expect(statSync(logFile).mode & 0o777).toBe(0o600);
    await eventually(restarted.tray, (state) => state !== null && environmentLine(state.menu) === 'Environment: Local QA');
    // Sent once, with the secret decrypted from disk (the server refuses requests without it).
    await eventually(
      async () => second.control.timeclock.events().filter((event) => event.employeeId === 'E1002'),
      (events) => events.length === 1 && events[0]!.clockOut === null,
      30_000,
    );
    await eventually(restarted.tray, (state) => state!.menu[0]?.label === 'Clock out');
    await restarted.clickTray('Health status…');
    const status = await restarted.window('status');
    await eventually(
      () => status.locator('[data-system="source"]').count(),
      (count) => count === 1,
    );
    expect(existsSync(join(dataDir, 'outbox.json'))).toBe(true);
    expect(await restarted.quit()).toBe(0);
  });
});

describe('a workstation with no keyring (safeStorage basic_text)', () => {
  it('keeps a typed secret only until quit and says so, so nothing weakly protected reaches the disk', async () => {
    const dataDir = apps.newDataDir();
    type Api = {
      saveEnvironment(draft: object): Promise<{ ok: boolean; environment: { id: string } }>;
      setEnvironmentSecret(id: string, secret: string): Promise<{ storage: string; note: string | null }>;
      listEnvironments(): Promise<Array<{ id: string; secret: { storage: string } }>>;
    };
    const draft = {
      name: 'Local QA',
      timeclockBaseUrl: second.timeclockBaseUrl,
      debtorsBaseUrl: second.debtorsBaseUrl,
      clientId: 'demo-client',
      auth: { kind: 'headers', clientIdHeader: 'client_id', clientSecretHeader: 'client_secret' },
      employeeId: 'E1002',
    };
    const first = await apps.launch({ dataDir, safeStorage: 'basic_text' });
    await first.clickTray('Settings…');
    const settings = await first.window('settings');
    const status = await settings.evaluate(async (environment) => {
      const api = (globalThis as unknown as { api: Api }).api;
      const saved = await api.saveEnvironment(environment);
      return { id: saved.environment.id, ...(await api.setEnvironmentSecret(saved.environment.id, 'demo-secret')) };
    }, draft);
    expect(status.storage).toBe('session');
    expect(status.note).toBe('sessionNoKeyring');
    expect(await first.quit()).toBe(0);
    expect(readFileSync(join(dataDir, 'settings.json'), 'utf8')).not.toContain('demo-secret');

    const restarted = await apps.launch({ dataDir, safeStorage: 'basic_text' });
    await restarted.clickTray('Settings…');
    const again = await restarted.window('settings');
    const listed = await again.evaluate(() => (globalThis as unknown as { api: Api }).api.listEnvironments());
    expect(listed.find((environment) => environment.id === status.id)?.secret.storage).toBe('none');
    expect(await restarted.quit()).toBe(0);
  });
});
