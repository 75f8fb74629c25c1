/**
 * `npm run try` as a newcomer runs it on a first start, on a virtual desktop (xvfb-run -a): the
 * Welcome in a window of its own and the tray as a page of buttons in another, both drawn — on
 * the first start both once took the same tab and one stayed blank (issue 46, point 12).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { eventually, onRealElectron } from './fixture.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));

// `npm run try` is the stand-in on a desktop: nothing of it runs on the real Electron.
describe.runIf(existsSync('/usr/bin/xvfb-run') && !onRealElectron)('npm run try on a first start', () => {
  it('shows the Welcome and the tray page, each drawn in its own window', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'timeclock-try-test-'));
    // The script npm run try runs after its build (npm test built the app already).
    const child = spawn('xvfb-run', ['-a', process.execPath, '--import', 'tsx', 'src-main/tools/try-app.ts'], {
      cwd: root,
      env: { ...process.env, TIMECLOCK_TRY_DATA: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += String(chunk)));
    child.stderr.on('data', (chunk: Buffer) => (output += String(chunk)));
    try {
      const cdp = await eventually(
        async () => /Chromium DevTools: (\S+)/.exec(output)?.[1] ?? null,
        (found) => found !== null,
        60_000,
      );
      const browser = await chromium.connectOverCDP(cdp!);
      try {
        const pages = () => browser.contexts().flatMap((context) => context.pages());
        const drawn = async (match: (url: string) => boolean, selector: string) => {
          const page = pages().find((candidate) => match(candidate.url()));
          return page ? (await page.locator(selector).count()) > 0 : false;
        };
        // Beside the other whole-app tests on a 2-core machine, a first start's windows took over 45 s once.
        await eventually(
          () => drawn((url) => url.endsWith('/welcome.html'), 'h1'),
          (yes) => yes,
          90_000,
        );
        await eventually(
          () => drawn((url) => url.startsWith('http://127.0.0.1') && !url.includes('.html'), '#menu button'),
          (yes) => yes,
          90_000,
        );
        const welcome = pages().find((page) => page.url().endsWith('/welcome.html'))!;
        expect(await welcome.locator('h1').textContent()).toBe('Welcome to Timeclock Tray');
        const tray = pages().find((page) => page.url().startsWith('http://127.0.0.1') && !page.url().includes('.html'))!;
        expect(await tray.locator('#menu button').first().textContent()).toBe('Clock in');
        // No window left blank: every page is one of the app's or the tray's.
        expect(pages().filter((page) => page.url().startsWith('about:blank'))).toEqual([]);
      } finally {
        await browser.close().catch(() => {});
      }
    } finally {
      try {
        process.kill(-child.pid!, 'SIGINT');
      } catch {
        /* already gone */
      }
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        /* gone */
      }
    }
  }, 240_000);
});
