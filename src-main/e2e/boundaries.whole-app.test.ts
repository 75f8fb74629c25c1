/**
 * The built app's edges (main.ts → IPC bridge, secure windows, single instance, quitting): a frame
 * of another origin inside our window calling the IPC channels is refused while our own page is
 * answered; a window does not navigate away; a second launch opens the first instance's panel and
 * ends; Quit stops everything, so the process ends by itself and leaves no Chromium behind.
 */
import { execFileSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelOf } from '../shared/ipc/contract.ts';
import { launchApp } from '../testing/electron-stand-in/driver.ts';
import { INVOKE_BINDING } from '../testing/electron-stand-in/ipc.ts';
import { eventually, useApp } from './fixture.ts';

const apps = useApp();
let foreign: Server;
let foreignOrigin: string;
beforeAll(async () => {
  foreign = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end('<p>not ours</p>'));
  await new Promise<void>((resolve) => foreign.listen(0, '127.0.0.1', resolve));
  foreignOrigin = `http://127.0.0.1:${(foreign.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => foreign.close(resolve)));

type Envelope = { ok: boolean; error?: { kind: string } };
const invoke = ([binding, channel]: string[]) =>
  (globalThis as unknown as Record<string, (channel: string, args: unknown[]) => Promise<unknown>>)[binding!]!(channel!, []);

const chromiumProcesses = (profile: string) => {
  try {
    return execFileSync('pgrep', ['-f', profile], { encoding: 'utf8' }).trim();
  } catch {
    return ''; // pgrep exits 1 when nothing matches
  }
};

describe('the edges of the built app', () => {
  it('refuses IPC from a frame of another origin, answers its own page, and keeps the window on the app', async () => {
    const app = await apps.launch({ dataDir: apps.newDataDir() });
    // A first start opens the Welcome too: once it is up, it cannot take the focus from the panel
    // later (a panel that loses the focus closes, as it should), which a busy machine once made it do.
    await app.window('welcome');
    await app.call('tray-click-icon');
    const panel = await app.window('panel');
    await eventually(
      () => panel.locator('.headline').textContent(),
      (text) => text !== 'Loading…',
    );
    const channel = channelOf('getClock');
    expect(((await panel.evaluate(invoke, [INVOKE_BINDING, channel])) as Envelope).ok).toBe(true);

    // Our CSP would never let a foreign frame in: serve this one reload without it, to see the
    // sender check itself at work behind it.
    await panel.route(panel.url(), async (route) => {
      const response = await route.fetch();
      const headers = { ...response.headers() };
      delete headers['content-security-policy'];
      const body = (await response.text()).replace(/<meta\s+http-equiv="Content-Security-Policy"[^>]*>/s, '');
      await route.fulfill({ response, headers, body });
    });
    await panel.reload();
    await panel.evaluate((src) => {
      const document = (
        globalThis as unknown as {
          document: { createElement(tag: string): { src: string }; body: { append(node: unknown): void } };
        }
      ).document;
      const frame = document.createElement('iframe');
      frame.src = src;
      document.body.append(frame);
    }, `${foreignOrigin}/frame.html`);
    const frame = await eventually(
      async () => panel.frames().find((candidate) => candidate.url().startsWith(foreignOrigin)),
      (found) => found !== undefined,
    );
    const refused = (await frame!.evaluate(invoke, [INVOKE_BINDING, channel])) as Envelope;
    expect(refused).toMatchObject({ ok: false, error: { kind: 'forbidden-sender' } });

    const before = panel.url();
    await panel
      .evaluate(
        (href) => void ((globalThis as unknown as { location: { href: string } }).location.href = href),
        `${foreignOrigin}/elsewhere.html`,
      )
      .catch(() => {});
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(panel.url()).toBe(before);
  });

  it('opens the panel of the running instance on a second launch, and quits leaving nothing running', async () => {
    const dataDir = apps.newDataDir();
    const first = await apps.launch({ dataDir });
    const { profile } = (await first.reported('chromium')) as { profile: string };
    await first.window('welcome'); // up before the panel, so it cannot take the panel's focus later
    // The second process finds the lock taken and quits before it has a tray.
    const second = await launchApp({ dataDir }).catch((error: Error) => error);
    expect(second).toBeInstanceOf(Error);
    expect((second as Error).message).toMatch(/exited \(0\)/);
    await first.window('panel');

    expect(await first.quit()).toBe(0);
    await eventually(
      async () => chromiumProcesses(profile),
      (found) => found === '',
      10_000,
    );
  });
});
