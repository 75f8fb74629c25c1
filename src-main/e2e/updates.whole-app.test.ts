/**
 * Updates through the built app, the real electron-updater and a real update server (a static
 * HTTP server with `latest-linux.yml` and an AppImage), on the stand-in as a packaged AppImage
 * install: found, downloaded, verified and installed on quit; a tampered download refused with
 * nothing installed; a server that is down retried quietly; a staged rollout by the workstation's
 * draw; no downgrade; updates off: no request at all.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { eventually, useApp } from './fixture.ts';

const apps = useApp();
const OLD_APP = '#!/bin/sh\nexit 0\n';
/** The "new version": run by the updater after it is put in place, it leaves a mark. */
const NEW_APP = '#!/bin/sh\necho "0.2.0 installed" > "$UPDATE_MARKER"\n';
const sha512 = (text: string) => createHash('sha512').update(text).digest('base64');

/** Serves the feed for a version (0.2.0); `advertised` is what the feed's checksum describes. */
async function startUpdateServer(
  artifact: string,
  advertised = artifact,
  feedOptions: { version?: string; extra?: string[] } = {},
) {
  const requests: string[] = [];
  const feed = [
    `version: ${feedOptions.version ?? '0.2.0'}`,
    ...(feedOptions.extra ?? []),
    'files:',
    '  - url: TimeclockTray-0.2.0.AppImage',
    `    sha512: ${sha512(advertised)}`,
    `    size: ${Buffer.byteLength(advertised)}`,
    'path: TimeclockTray-0.2.0.AppImage',
    `sha512: ${sha512(advertised)}`,
    "releaseDate: '2026-11-20T10:00:00.000Z'",
    '',
  ].join('\n');
  const server = createServer((request, response) => {
    requests.push(request.url ?? '');
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    if (path === '/latest-linux.yml') return void response.writeHead(200, { 'content-type': 'text/yaml' }).end(feed);
    if (path === '/TimeclockTray-0.2.0.AppImage') return void response.writeHead(200).end(artifact);
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return { url, requests, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A workstation with the AppImage installed, settings as IT left them, and the updater's folders. */
function workstation(updates: Record<string, unknown>) {
  const dataDir = apps.newDataDir();
  writeFileSync(join(dataDir, 'settings.json'), JSON.stringify({ welcomed: true, updates }));
  const machine = mkdtempSync(join(tmpdir(), 'timeclock-update-'));
  // What electron-builder writes into a packaged app's resources when a generic feed is configured.
  writeFileSync(
    join(machine, 'app-update.yml'),
    'provider: generic\nurl: https://updates.invalid/\nupdaterCacheDirName: timeclock-tray-updater\n',
  );
  const appImage = join(machine, 'TimeclockTray.AppImage');
  writeFileSync(appImage, OLD_APP, { mode: 0o755 });
  const marker = join(machine, 'installed');
  const env = {
    TIMECLOCK_STANDIN_PACKAGED: '1',
    TIMECLOCK_STANDIN_RESOURCES: machine,
    APPIMAGE: appImage,
    XDG_CACHE_HOME: join(machine, 'cache'),
    UPDATE_MARKER: marker,
  };
  return { dataDir, env, appImage, marker };
}

const updateLines = (menu: Array<{ label: string }>) =>
  menu.map((item) => item.label).filter((label) => /^Version |update/i.test(label));

describe('updates IT controls', () => {
  it('finds, downloads and verifies an update, and installs it when the app quits', async () => {
    const server = await startUpdateServer(NEW_APP);
    try {
      const machine = workstation({ mode: 'install', serverUrl: server.url });
      const app = await apps.launch({ dataDir: machine.dataDir, env: machine.env });
      await app.scriptDialogs(1);
      await app.clickTray('About Timeclock Tray');
      const about = (await app.reported('dialog')) as { buttons: string[] };
      expect(about.buttons).toEqual(['Copy support info', 'Check for updates', 'Close']);
      await eventually(app.tray, (state) => updateLines(state!.menu).includes('Version 0.2.0 is installed when you quit'));
      expect(server.requests.map((request) => request.split('?')[0])).toEqual(
        expect.arrayContaining(['/latest-linux.yml', '/TimeclockTray-0.2.0.AppImage']),
      );
      expect(readFileSync(machine.appImage, 'utf8')).toBe(OLD_APP);
      expect(await app.quit()).toBe(0);
      expect(readFileSync(machine.appImage, 'utf8')).toBe(NEW_APP);
      expect(readFileSync(machine.marker, 'utf8')).toBe('0.2.0 installed\n');
    } finally {
      await server.close();
    }
  });

  it('refuses a download that does not match the feed’s checksum, says so, and installs nothing', async () => {
    const server = await startUpdateServer(`${NEW_APP}# changed on the way\n`, NEW_APP);
    try {
      const machine = workstation({ mode: 'install', serverUrl: server.url });
      const app = await apps.launch({ dataDir: machine.dataDir, env: machine.env });
      await app.scriptDialogs(1);
      await app.clickTray('About Timeclock Tray');
      await eventually(app.tray, (state) =>
        updateLines(state!.menu).includes('The update 0.2.0 failed its safety check and was not installed'),
      );
      expect(await app.quit()).toBe(0);
      expect(readFileSync(machine.appImage, 'utf8')).toBe(OLD_APP);
      expect(existsSync(machine.marker)).toBe(false);
    } finally {
      await server.close();
    }
  });

  it('retries a server that is down quietly, later', async () => {
    const server = await startUpdateServer(NEW_APP);
    await server.close(); // its address now refuses connections
    const machine = workstation({ mode: 'install', serverUrl: server.url });
    const app = await apps.launch({ dataDir: machine.dataDir, env: machine.env });
    await app.scriptDialogs(1);
    await app.clickTray('About Timeclock Tray');
    const log = join(machine.dataDir, 'logs', 'main.log');
    await eventually(
      async () => (existsSync(log) ? readFileSync(log, 'utf8') : ''),
      (text) => /Updates: checking failed \(unreachable\).*next try in 15 min/.test(text),
    );
    expect(updateLines((await app.tray())!.menu)).toEqual([]);
    expect(await app.quit()).toBe(0);
  });

  it('takes part in a staged rollout by the workstation’s own draw, and never downgrades', async () => {
    // electron-updater's draw is the last four bytes of the id it keeps in the data folder: here one half.
    const drawnHalf = '2b4c3a9e-5d1f-4c2a-9e3b-7f0a80000000';
    for (const { feed, expected } of [
      { feed: { extra: ['stagingPercentage: 40'] }, expected: false },
      { feed: { version: '0.0.9' }, expected: false },
      { feed: { extra: ['stagingPercentage: 60'] }, expected: true },
    ]) {
      const server = await startUpdateServer(NEW_APP, NEW_APP, feed);
      try {
        const machine = workstation({ mode: 'install', serverUrl: server.url });
        writeFileSync(join(machine.dataDir, '.updaterId'), drawnHalf);
        const app = await apps.launch({ dataDir: machine.dataDir, env: machine.env });
        await app.scriptDialogs(1);
        await app.clickTray('About Timeclock Tray');
        const log = join(machine.dataDir, 'logs', 'main.log');
        const logged = await eventually(
          async () => (existsSync(log) ? readFileSync(log, 'utf8') : ''),
          (text) => /Updates: (no newer version|version 0\.2\.0 downloaded)/.test(text),
        );
        if (feed.extra) expect(logged).toMatch(new RegExp(`percentage: 0\\.5\\d*, user id: ${drawnHalf}`));
        const downloaded = server.requests.some((request) => request.startsWith('/TimeclockTray-0.2.0.AppImage'));
        expect(downloaded, JSON.stringify(feed)).toBe(expected);
        expect(await app.quit()).toBe(0);
      } finally {
        await server.close();
      }
    }
  });

  it('asks nothing of the server when updates are off, and offers no check', async () => {
    const server = await startUpdateServer(NEW_APP);
    try {
      const machine = workstation({ mode: 'off', serverUrl: server.url });
      const app = await apps.launch({ dataDir: machine.dataDir, env: machine.env });
      await app.clickTray('About Timeclock Tray');
      const about = (await app.reported('dialog')) as { buttons: string[] };
      expect(about.buttons).toEqual(['Copy support info', 'Close']);
      expect(await app.quit()).toBe(0);
      expect(server.requests).toEqual([]);
    } finally {
      await server.close();
    }
  });
});
