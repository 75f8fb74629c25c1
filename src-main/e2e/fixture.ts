/** Launching the built app on the Electron stand-in for one test, and making sure it is gone after. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { launchApp, WAIT_MS, type LaunchOptions, type RunningApp } from '../testing/electron-stand-in/driver.ts';

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
