/** Launching the built app on the Electron stand-in for one test, and making sure it is gone after. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach } from 'vitest';
import { launchApp, WAIT_MS, type RunningApp } from '../testing/electron-stand-in/driver.ts';
import type { LaunchOptions } from '../testing/launch-options.ts';

export function useApp() {
  const running: RunningApp[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((app) => app.kill()));
  });
  return {
    /** A fresh data folder, as on a workstation where the app never ran. */
    newDataDir: () => mkdtempSync(join(tmpdir(), 'timeclock-whole-app-')),
    async launch(options: Partial<LaunchOptions> & { dataDir: string }): Promise<RunningApp> {
      const app = await launchApp(options);
      running.push(app);
      return app;
    },
  };
}

/** Polls `read` until `accept` holds (the app works asynchronously, as a user sees it). */
export async function eventually<T>(read: () => Promise<T>, accept: (value: T) => boolean, timeoutMs = WAIT_MS): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (accept(value)) return value;
    if (Date.now() > deadline) throw new Error(`Still not as expected after ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Fills "Add environment" in the settings window for a mock-like server (demo client id), unsaved. */
export async function fillEnvironment(
  settings: Page,
  entry: { name: string; server: { timeclockBaseUrl: string; debtorsBaseUrl: string }; secret: string; employeeId: string },
): Promise<void> {
  await settings.getByRole('button', { name: 'Add environment' }).click();
  await settings.getByLabel('Name', { exact: true }).fill(entry.name);
  await settings.getByLabel('Timeclock base URL').fill(entry.server.timeclockBaseUrl);
  await settings.getByLabel('Debtors base URL').fill(entry.server.debtorsBaseUrl);
  await settings.getByLabel('Client id', { exact: true }).fill('demo-client');
  await settings.getByLabel('Client secret', { exact: true }).fill(entry.secret);
  await settings.getByLabel('Employee id', { exact: true }).fill(entry.employeeId);
}

/**
 * On the real Electron (npm run test:electron). The stand-in's own personalities (Windows' rules
 * emulated on Linux) and `npm run try` are tested on the stand-in only: on real Windows those rules
 * are Windows' own, and the workflow's Windows job runs the other tests there.
 */
export const onRealElectron = Boolean(process.env.TIMECLOCK_E2E_ELECTRON);
