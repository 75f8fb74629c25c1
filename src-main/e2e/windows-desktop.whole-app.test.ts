/**
 * The built app on the stand-in's Windows personality (testing/electron-stand-in/win32-personality.ts):
 * Windows' documented rules for toasts, their activation, the Start-menu shortcut and the SYSTEM
 * account, enforced as Windows enforces them (issue 48).
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '../mock/mock-server.ts';
import { screenshotDir } from '../testing/browser/harness.ts';
import { eventually, fillEnvironment, onRealElectron, useApp } from './fixture.ts';
import { mockTimeclock } from './fixture-mock.ts';

const apps = useApp();
let company: MockServer;
beforeAll(async () => {
  company = await startMockServer({ debtors: 20 });
});
afterAll(() => company?.close());
const SHORTCUT = 'C:\\ProgramData\\Microsoft\\Windows\\Start Menu\\Programs\\Timeclock Tray.lnk';

/** A machine-wide install (the MSI: the executable under Program Files), its shortcut as the installer made it. */
const onWindows = (more: Record<string, string> = {}) => ({
  TIMECLOCK_STANDIN_PLATFORM: 'win32',
  ProgramFiles: dirname(dirname(process.execPath)),
  ProgramData: 'C:\\ProgramData',
  TIMECLOCK_STANDIN_SHORTCUT: SHORTCUT,
  TIMECLOCK_STANDIN_ELEVATED: '1',
  ...more,
});

// The stand-in's Windows personality emulates these rules; the real Electron has none to emulate.
describe.skipIf(onRealElectron)('Timeclock Tray on a Windows company desktop', () => {
  it('never starts as SYSTEM, as an Intune or SCCM install would start it', async () => {
    const started = apps.launch({ dataDir: apps.newDataDir(), env: onWindows({ TIMECLOCK_STANDIN_USER: 'SYSTEM' }) });
    await expect(started).rejects.toThrow(/exited \(0\) before reporting "tray-created"/);
  });

  it('shows its toasts under its own identity, and a toast’s button pressed later still reaches it', async () => {
    const app = await apps.launch({ dataDir: apps.newDataDir(), env: onWindows() });
    await mockTimeclock(await app.window('welcome'));
    // The installer's shortcut now also carries the activator, so the Action Center can reach the app.
    const shortcuts =
      await app.call<Record<string, { appUserModelId: string; toastActivatorClsid?: string }>>('shortcuts-on-disk');
    expect(shortcuts[SHORTCUT]).toMatchObject({
      appUserModelId: 'com.timeclocktray.app',
      toastActivatorClsid: expect.any(String),
    });

    await eventually(app.tray, (state) => state?.menu[0]?.label === 'Clock in');
    await app.clickTray('Clock in');
    const shown = await eventually(app.notifications, (list) => list.some((toast) => /^Clocked in at /.test(toast.title)));
    expect(app.reports.filter((entry) => entry.report === 'notification-refused')).toEqual([]);
    const index = shown.findIndex((toast) => /^Clocked in at /.test(toast.title));
    // Undo, pressed in the Action Center: routed by the toast's arguments, not by the object that showed it.
    await app.call('toast-activate', index, 0);
    await eventually(app.tray, (state) => state?.menu[0]?.label === 'Clock in');
    expect(app.reports.filter((entry) => entry.report === 'activation-lost')).toEqual([]);
    expect(await app.quit()).toBe(0);
  });

  it('leaves starting at login to IT’s all-users entry (HKLM Run) and updates to IT’s deployment, and says so', async () => {
    const dataDir = apps.newDataDir();
    const registry = join(dataDir, '..', `${dataDir.split('/').pop()}-registry.json`);
    writeFileSync(
      registry,
      JSON.stringify({
        'HKLM\\Software\\Microsoft\\Windows\\CurrentVersion\\Run': {
          'Timeclock Tray': '"C:\\Program Files\\Timeclock Tray\\Timeclock Tray.exe"',
        },
      }),
    );
    const app = await apps.launch({ dataDir, env: onWindows({ TIMECLOCK_STANDIN_REGISTRY: registry }) });
    const welcome = await app.window('welcome');
    const atLogin = welcome.getByLabel('Start Timeclock Tray when I log in');
    await eventually(
      () => atLogin.isDisabled(),
      (disabled) => disabled,
    );
    expect(await atLogin.isChecked()).toBe(true);
    // No user entry beside IT's: the app would start twice at every login.
    expect(app.reports.filter((entry) => entry.report === 'login-item' && entry.detail === true)).toEqual([]);
    // A machine-wide install updates through IT's deployment: its own updater is off, and says who decides.
    const settings = await welcome.evaluate(() =>
      (
        globalThis as unknown as {
          api: { getSettings(): Promise<{ preferences: { updates: { mode: string } }; locked: string[] }> };
        }
      ).api.getSettings(),
    );
    expect(settings.preferences.updates.mode).toBe('off');
    expect(settings.locked).toContain('updates.mode');
    expect(await app.quit()).toBe(0);
  });

  it('on a terminal server, a start in the same account’s other session says where the app runs and opens nothing there', async () => {
    const dataDir = apps.newDataDir();
    const first = await apps.launch({ dataDir, env: onWindows({ SESSIONNAME: 'Console' }) });
    await first.window('welcome');
    const opened = () => first.reports.filter((entry) => entry.report === 'window-opened').length;
    const before = opened();
    const second = await apps.launch({
      dataDir,
      env: onWindows({ SESSIONNAME: 'ICA-CGP#7', CLIENTNAME: 'THIN-042' }),
      until: 'dialog',
    });
    const said = (await second.reported('dialog')) as { message: string; detail: string };
    expect(said.message).toBe('Timeclock Tray is already running for you');
    expect(said.detail).toContain('your other session (Console)');
    expect(await second.exited).toBe(0);
    // The running app opened no panel for it: it would have appeared in the console nobody looks at.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(opened()).toBe(before);
    expect(await first.quit()).toBe(0);
  });

  it('on a pooled desktop, says a secret saved on another host cannot be read here and takes it once more', async () => {
    const dataDir = apps.newDataDir(); // the roaming profile: the same on every host
    const monday = await apps.launch({ dataDir, env: onWindows({ TIMECLOCK_STANDIN_HOST: 'VDI-01' }) });
    await monday.clickTray('Settings…');
    const settings = await monday.window('settings');
    await fillEnvironment(settings, { name: 'Acme', server: company, secret: 'demo-secret', employeeId: 'E1002' });
    await settings.getByRole('button', { name: 'Save' }).click();
    const meta = (page: typeof settings) => page.locator('.row', { hasText: 'Acme' }).locator('.meta').textContent();
    await eventually(
      () => meta(settings),
      (text) => text === 'E1002 · secret saved',
    );
    expect(await monday.quit()).toBe(0);

    const tuesday = await apps.launch({ dataDir, env: onWindows({ TIMECLOCK_STANDIN_HOST: 'VDI-07' }) });
    await tuesday.clickTray('Settings…');
    const again = await tuesday.window('settings');
    await again.locator('.row', { hasText: 'Acme' }).click();
    await again.getByRole('button', { name: 'Edit' }).click();
    await eventually(
      () => again.locator('.editor').textContent(),
      (text) => (text ?? '').includes('This computer cannot read secrets saved on another computer'),
    );
    expect(await again.locator('.editor').textContent()).not.toContain('could not be decrypted');
    await again.screenshot({ path: join(screenshotDir, 'windows-pooled-desktop-secret.png') });
    await again.getByRole('button', { name: 'Enter', exact: true }).click();
    await again.getByLabel('Client secret', { exact: true }).fill('demo-secret');
    await again.getByRole('button', { name: 'Save' }).click();
    await eventually(
      () => meta(again),
      (text) => text === 'E1002 · secret saved',
    );
    expect(await tuesday.quit()).toBe(0);
  });

  it('shows where to pin its tray icon while Windows keeps it under ^, until the user says "Got it"', async () => {
    const dataDir = apps.newDataDir();
    const first = await apps.launch({ dataDir, env: onWindows() });
    const welcome = await first.window('welcome');
    await eventually(
      () => welcome.getByRole('region', { name: 'Pin Timeclock Tray to the taskbar corner' }).count(),
      (count) => count === 1,
    );
    await welcome.getByRole('button', { name: 'Start with demo data' }).click();
    // The Welcome closes once it is marked as seen and the demo calendar is set: quit only then,
    // lest the next start (on a busy machine) find it unseen and show it whole again.
    await first.reported('window-closed');
    expect(await first.quit()).toBe(0);

    // The next start: the icon still hidden, so the hint comes alone; "Got it" closes it for good.
    const second = await apps.launch({ dataDir, env: onWindows() });
    const hint = await second.window('welcome');
    expect(hint.url()).toContain('only=tray-pin');
    await hint.getByRole('button', { name: 'Got it' }).click();
    await second.reported('window-closed');
    expect(await second.quit()).toBe(0);
    const third = await apps.launch({ dataDir, env: onWindows() });
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(third.reports.filter((entry) => entry.report === 'window-opened')).toEqual([]);
    expect(await third.quit()).toBe(0);
  });

  it('on pooled desktops, signs in with the client secret IT gives the computer by policy, nobody typing it', async () => {
    const dataDir = apps.newDataDir();
    const registry = join(dataDir, '..', `${dataDir.split('/').pop()}-registry.json`);
    const acme = {
      id: 'acme',
      name: 'Acme Factoring',
      timeclockBaseUrl: company.timeclockBaseUrl,
      debtorsBaseUrl: company.debtorsBaseUrl,
      clientId: 'demo-client',
      auth: { kind: 'headers', clientIdHeader: 'client_id', clientSecretHeader: 'client_secret' },
      employeeId: 'E1002',
    };
    const policyKey = 'HKLM\\Software\\Policies\\Timeclock Tray\\Timeclock Tray';
    writeFileSync(
      registry,
      JSON.stringify({
        [policyKey]: { environments: JSON.stringify([acme]), defaultEnvironment: 'acme' },
        [`${policyKey}\\Secrets`]: { acme: 'demo-secret' },
      }),
    );
    const app = await apps.launch({ dataDir, env: onWindows({ TIMECLOCK_STANDIN_REGISTRY: registry }) });
    const welcome = await app.window('welcome');
    await eventually(
      () => welcome.locator('.provisioned').textContent(),
      (text) => (text ?? '').includes('Acme Factoring') && (text ?? '').includes('Everything is in place'),
    );
    await welcome.getByRole('button', { name: 'Start' }).click();
    await app.clickTray('Clock in');
    await eventually(app.tray, (state) => state?.menu[0]?.label === 'Clock out');
    expect(app.output.join('')).not.toContain('demo-secret');
    expect(await app.quit()).toBe(0);
  });

  it('writes the wait after login IT set into its own login entry, and waits that long when started with it', async () => {
    const dataDir = apps.newDataDir();
    const registry = join(dataDir, '..', `${dataDir.split('/').pop()}-registry.json`);
    const policyKey = 'HKLM\\Software\\Policies\\Timeclock Tray\\Timeclock Tray';
    writeFileSync(registry, JSON.stringify({ [policyKey]: { 'general.startDelaySeconds': 2 } }));
    const env = onWindows({ TIMECLOCK_STANDIN_REGISTRY: registry });
    const first = await apps.launch({ dataDir, env });
    expect(first.reports.filter((entry) => entry.report === 'login-item-args').at(-1)?.detail).toEqual(['--start-delay=2']);
    expect(await first.quit()).toBe(0);
    // Started by that entry: the app's own start (its bundle loaded → its tray menu) takes the wait and more.
    const atLogin = await apps.launch({ dataDir, env, args: ['--start-delay=2'] });
    const menu = atLogin.reports.find((entry) => entry.report === 'tray-menu')?.detail as { appMs: number };
    expect(menu.appMs).toBeGreaterThanOrEqual(2_000);
    expect(await atLogin.quit()).toBe(0);
  });

  it('opens what a toast clicked in the Action Center asks for when that click started it', async () => {
    const dataDir = apps.newDataDir();
    const first = await apps.launch({ dataDir, env: onWindows() });
    await first.window('welcome');
    expect(await first.quit()).toBe(0);
    const started = await apps.launch({
      dataDir,
      env: onWindows({ TIMECLOCK_STANDIN_ACTIVATION: 'timeclock-tray:open:status' }),
    });
    await started.window('status');
    expect(started.reports.filter((entry) => entry.report === 'activation-lost')).toEqual([]);
  });
});
