/**
 * The built app's first start (main.ts → startup): one instance claimed, the mock started, the
 * tray offering Clock in in the Mock environment, the welcome window rendered through the real
 * preload, IPC bridge and app:// protocol.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { eventually, useApp } from './fixture.ts';

const apps = useApp();

describe('first start of the built app', () => {
  it('claims the single instance, starts the mock, offers Clock in first, and welcomes through the real preload', async () => {
    const dataDir = apps.newDataDir();
    const app = await apps.launch({ dataDir });
    const welcome = await app.window('welcome');
    expect(await welcome.locator('h1').textContent()).toBe('Welcome to Timeclock Tray');
    // The page's data came over IPC: the mock badge is there because the core said the environment is the mock.
    await eventually(
      () => welcome.locator('.mock-badge').count(),
      (count) => count > 0,
    );
    expect(await welcome.evaluate(() => Object.keys((globalThis as unknown as { api: object }).api).length)).toBeGreaterThan(20);
    expect(existsSync(join(dataDir, 'SingletonSocket'))).toBe(true);

    const tray = await eventually(app.tray, (state) => state !== null && state.menu.some((item) => item.label === 'Mock server'));
    expect(tray!.menu[0]).toMatchObject({ label: 'Clock in', enabled: true });
    const more = tray!.menu.find((item) => item.label === 'More')!.items!;
    expect(more.map((item) => item.label)).toContain('Environment: Mock (built-in) · demo data');
    expect(tray!.tooltip).toMatch(/Mock \(built-in\)/);
    // The mock answers health checks: both systems come up.
    await eventually(app.tray, (state) => state!.menu.filter((item) => / — up · /.test(item.label)).length === 2);

    // The page's own window.close() closes its window, as in Electron.
    await welcome.getByRole('button', { name: 'Start with demo data' }).click();
    await eventually(
      async () => app.reports.filter((entry) => entry.report === 'window-closed').length,
      (closed) => closed === 1,
    );
    await eventually(
      async () => welcome.isClosed(),
      (closed) => closed,
    );

    // About → Copy support info: what a helpdesk asks for, on the clipboard.
    await app.scriptDialogs(0);
    await app.clickTray('More', 'About Timeclock Tray');
    const copied = await eventually(
      () => app.call<string>('clipboard'),
      (text) => text.includes('Settings (value · source):'),
    );
    expect(copied).toContain('general.startAtLogin = true · default');
    expect(copied).toMatch(/Environment: Mock \(built-in\) \(mock\)/);
    expect(await app.quit()).toBe(0);
  });
});
