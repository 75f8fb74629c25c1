/**
 * Updates through the built app, the real electron-updater and a real update server (a static
 * HTTPS server of an internal CA with `latest-linux.yml` and an AppImage), on the stand-in as a
 * packaged AppImage install, the main bundle built with an update key pinned as a release is:
 * found, downloaded, its signature and checksum verified, installed on quit; an unsigned feed, a
 * feed signed by another key and a signed older version relabelled refused with nothing
 * installed; a server that is down retried quietly; a staged rollout by the workstation's draw;
 * no downgrade; updates off: no request at all; a build without a key asks nothing. The update
 * server is set as the person at the keyboard sets it: in Settings, confirmed in the system's
 * dialog (issue 45, point 1).
 */
import { createHash, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeInternalCa, type InternalCa } from '../testing/corporate-network.ts';
import { buildMainWith } from '../testing/trusted-build.ts';
import type { RunningApp } from '../testing/electron-stand-in/driver.ts';
import { signFeed } from '../tools/sign-update.ts';
import { eventually, useApp } from './fixture.ts';

const apps = useApp();
const OLD_APP = '#!/bin/sh\nexit 0\n';
/** The "new version": run by the updater after it is put in place, it leaves a mark. */
const NEW_APP = '#!/bin/sh\necho "0.2.0 installed" > "$UPDATE_MARKER"\n';
const sha512 = (text: string) => createHash('sha512').update(text).digest('base64');

const releaseKey = generateKeyPairSync('ed25519');
let ca: InternalCa;
let caFile: string;
/** The main bundle as a release builds it: the release key's public half pinned in. */
let trustedMain: string;
beforeAll(async () => {
  ca = makeInternalCa();
  caFile = join(mkdtempSync(join(tmpdir(), 'update-ca-')), 'ca.pem');
  writeFileSync(caFile, ca.caPem);
  trustedMain = await buildMainWith({
    TIMECLOCK_UPDATE_PUBLIC_KEY: releaseKey.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  });
}, 60_000);

interface FeedOptions {
  version?: string;
  extra?: string[];
  /** Who signs the feed; null: nobody. */
  signedBy?: KeyObject | null;
  /** The version the signature was made for (a signed older feed, relabelled). */
  signedVersion?: string;
  /** The feed the signature was made for (another channel's): its file name. */
  signedFeed?: string;
}

/** Serves the feed for a version (0.2.0) over https; `advertised` is what the feed's checksum describes. */
async function startUpdateServer(artifact: string, advertised = artifact, feedOptions: FeedOptions = {}) {
  const requests: string[] = [];
  const feedFor = (version: string) =>
    [
      `version: ${version}`,
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
  const version = feedOptions.version ?? '0.2.0';
  const signer = feedOptions.signedBy === undefined ? releaseKey.privateKey : feedOptions.signedBy;
  // Signed for a month from now, for the stable feed, unless a test says otherwise.
  const signing = { feedName: feedOptions.signedFeed ?? 'latest-linux.yml', until: new Date(Date.now() + 30 * 86_400_000) };
  const signed = signer ? signFeed(feedFor(feedOptions.signedVersion ?? version), signer, signing) : feedFor(version);
  // A signed feed relabelled: its signature kept, its version changed.
  const feed = signed.replace(/^version: .*$/m, `version: ${version}`);
  const server = createServer({ key: ca.keyPem, cert: ca.certPem }, (request, response) => {
    requests.push(request.url ?? '');
    const path = new URL(request.url ?? '/', 'https://x').pathname;
    if (path === '/latest-linux.yml') return void response.writeHead(200, { 'content-type': 'text/yaml' }).end(feed);
    if (path === '/TimeclockTray-0.2.0.AppImage') return void response.writeHead(200).end(artifact);
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `https://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return { url, requests, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Runs `use` with an update server of `args`, closed after, whatever happens. */
async function withUpdateServer(
  args: Parameters<typeof startUpdateServer>,
  use: (server: Awaited<ReturnType<typeof startUpdateServer>>) => Promise<void>,
) {
  const server = await startUpdateServer(...args);
  try {
    await use(server);
  } finally {
    await server.close();
  }
}

/** A workstation with the AppImage installed, updates set as given, and the updater's folders. */
function workstation(updates: Record<string, unknown> = {}) {
  const dataDir = apps.newDataDir();
  // No no-install window: the default (07:30–09:30) would hold the install when the tests run then.
  const anyTime = { noInstallFrom: '00:00', noInstallUntil: '00:00' };
  writeFileSync(join(dataDir, 'settings.json'), JSON.stringify({ welcomed: true, updates: { ...anyTime, ...updates } }));
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
    // The company's internal CA, as the operating system's store would hold it.
    NODE_EXTRA_CA_CERTS: caFile,
  };
  return { dataDir, env, appImage, marker };
}

const ordinaryMain = fileURLToPath(new URL('../../dist/main/main.js', import.meta.url));
/** Launches the release build on a workstation. */
const launch = (machine: ReturnType<typeof workstation>, mainBundle = trustedMain) =>
  apps.launch({ dataDir: machine.dataDir, env: machine.env, mainBundle });

/** Sets the update server as the person at the keyboard does: Settings → General → Advanced, Save, confirmed. */
async function confirmUpdateServer(app: RunningApp, url: string) {
  await app.clickTray('Settings…');
  const settings = await app.window('settings');
  await settings.getByRole('button', { name: 'General' }).click();
  await settings.locator('details.advanced summary').click();
  await settings.getByLabel('Update server').fill(url);
  await app.scriptDialogs(1);
  await settings.locator('form.preferences').getByRole('button', { name: 'Save' }).click();
  const asked = (await app.reported('dialog', (detail: { message: string }) => /updates\?$/.test(detail.message))) as {
    message: string;
    detail: string;
  };
  expect(asked.message).toBe('Change where this app gets its updates?');
  expect(asked.detail).toContain(`Update server: ${url}`);
  await eventually(
    () => settings.locator('.status').textContent(),
    (text) => text === 'Saved.',
  );
  return settings;
}

const updateLines = (menu: Array<{ label: string }>) =>
  menu.map((item) => item.label).filter((label) => /^Version |update/i.test(label));
const logOf = (machine: { dataDir: string }) => {
  const log = join(machine.dataDir, 'logs', 'main.log');
  return async () => (existsSync(log) ? readFileSync(log, 'utf8') : '');
};

/** Asks for a check now: About → Check for updates. */
async function checkNow(app: RunningApp) {
  await app.scriptDialogs(1);
  await app.clickTray('More', 'About Timeclock Tray');
  const about = (await app.reported('dialog', (detail: { buttons?: string[] }) =>
    Boolean(detail.buttons?.includes('Close')),
  )) as {
    buttons: string[];
  };
  return about.buttons;
}

describe('updates: only from an https feed the person or IT chose, only code this build trusts', () => {
  it('finds, downloads and verifies a signed update, and installs it when the app quits', async () => {
    await withUpdateServer([NEW_APP], async (server) => {
      const machine = workstation({ checkEveryHours: 6 });
      const app = await launch(machine);
      await confirmUpdateServer(app, server.url);
      expect(await checkNow(app)).toEqual(['Copy support info', 'Check for updates', 'Close']);
      await eventually(app.tray, (state) => updateLines(state!.menu).includes('Version 0.2.0 is installed when you quit'));
      expect(server.requests.map((request) => request.split('?')[0])).toEqual(
        expect.arrayContaining(['/latest-linux.yml', '/TimeclockTray-0.2.0.AppImage']),
      );
      expect(await logOf(machine)()).toMatch(/version 0\.2\.0 is signed by the publisher this build trusts/);
      expect(readFileSync(machine.appImage, 'utf8')).toBe(OLD_APP);
      expect(await app.quit()).toBe(0);
      expect(readFileSync(machine.appImage, 'utf8')).toBe(NEW_APP);
      expect(readFileSync(machine.marker, 'utf8')).toBe('0.2.0 installed\n');

      // The confirmed server is kept sealed in the vault: the settings file never names it.
      expect(readFileSync(join(machine.dataDir, 'settings.json'), 'utf8')).not.toContain(server.url);
    });
  });

  const tampered = `${NEW_APP}# changed on the way\n`;
  for (const { name, served, feed, why } of [
    { name: 'an unsigned feed', feed: { signedBy: null }, why: /the feed carries no signature/ },
    {
      name: 'a feed signed by another key',
      feed: { signedBy: generateKeyPairSync('ed25519').privateKey },
      why: /does not verify against this build's key/,
    },
    { name: 'an older signed version relabelled as newer', feed: { signedVersion: '0.0.9' }, why: /does not verify/ },
    {
      name: 'a file signed for the beta channel, served to the stable one',
      feed: { signedFeed: 'beta-linux.yml' },
      why: /does not verify against this build's key for this installation \(appimage, x64, channel latest\)/,
    },
    { name: 'a download that does not match the feed’s checksum', served: tampered, why: /sha512 checksum mismatch/ },
  ] as Array<{ name: string; served?: string; feed?: FeedOptions; why: RegExp }>)
    it(`refuses ${name}, says so, and installs nothing`, async () => {
      await withUpdateServer([served ?? NEW_APP, NEW_APP, feed], async (server) => {
        const machine = workstation();
        const app = await launch(machine);
        await confirmUpdateServer(app, server.url);
        await checkNow(app);
        await eventually(app.tray, (state) =>
          updateLines(state!.menu).includes('The update 0.2.0 failed its safety check and was not installed'),
        );
        expect(await logOf(machine)()).toMatch(why);
        expect(await app.quit()).toBe(0);
        expect(readFileSync(machine.appImage, 'utf8')).toBe(OLD_APP);
        expect(existsSync(machine.marker)).toBe(false);
      });
    });

  it('never asks an http feed, nor one written into the settings file by hand, nor where the person declined', async () => {
    await withUpdateServer([NEW_APP], async (server) => {
      // Written into settings.json by another program: ignored, and the log says so.
      const machine = workstation({ mode: 'install', serverUrl: server.url });
      const app = await launch(machine);
      expect(await checkNow(app)).toEqual(['Copy support info', 'Close']);
      expect(await logOf(machine)()).toMatch(/updates\.serverUrl: where updates come from is set only here in Settings/);

      // Plain http is refused in Settings before anyone is asked.
      await app.clickTray('Settings…');
      const settings = await app.window('settings');
      await settings.getByRole('button', { name: 'General' }).click();
      await settings.locator('details.advanced summary').click();
      await settings.getByLabel('Update server').fill(server.url.replace('https:', 'http:'));
      await settings.locator('form.preferences').getByRole('button', { name: 'Save' }).click();
      await eventually(
        () => settings.locator('[data-path="updates.serverUrl"] .error').textContent(),
        (text) => /^Must start with https:\/\//.test(text ?? ''),
      );

      // Declined in the system's dialog: nothing changes.
      await settings.getByLabel('Update server').fill(server.url);
      await app.scriptDialogs(0);
      await settings.locator('form.preferences').getByRole('button', { name: 'Save' }).click();
      await eventually(
        () => settings.locator('[data-path="updates.serverUrl"] .error').textContent(),
        (text) => /only when you confirm it/.test(text ?? ''),
      );
      expect(await checkNow(app)).toEqual(['Copy support info', 'Close']);
      expect(await app.quit()).toBe(0);
      expect(server.requests).toEqual([]);
    });
  });

  it('asks nothing at all where the build pins no key (an ordinary build), and says why in the log', async () => {
    await withUpdateServer([NEW_APP], async (server) => {
      const machine = workstation();
      const app = await launch(machine, ordinaryMain); // no key pinned
      await confirmUpdateServer(app, server.url);
      expect(await checkNow(app)).toEqual(['Copy support info', 'Close']);
      await eventually(logOf(machine), (text) => /pins no publisher or key to check updates against/.test(text));
      expect(await app.quit()).toBe(0);
      expect(server.requests).toEqual([]);
    });
  });

  it('retries a server that is down quietly, later', async () => {
    const server = await startUpdateServer(NEW_APP);
    await server.close(); // its address now refuses connections
    const machine = workstation();
    const app = await launch(machine);
    await confirmUpdateServer(app, server.url);
    await checkNow(app);
    await eventually(logOf(machine), (text) => /Updates: checking failed \(unreachable\).*next try in 15 min/.test(text));
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
      await withUpdateServer([NEW_APP, NEW_APP, feed], async (server) => {
        const machine = workstation();
        writeFileSync(join(machine.dataDir, '.updaterId'), drawnHalf);
        const app = await launch(machine);
        await confirmUpdateServer(app, server.url);
        await checkNow(app);
        const logged = await eventually(logOf(machine), (text) =>
          /Updates: (no newer version|version 0\.2\.0 downloaded)/.test(text),
        );
        if ('extra' in feed) expect(logged).toMatch(new RegExp(`percentage: 0\\.5\\d*, user id: ${drawnHalf}`));
        const downloaded = server.requests.some((request) => request.startsWith('/TimeclockTray-0.2.0.AppImage'));
        expect(downloaded, JSON.stringify(feed)).toBe(expected);
        expect(await app.quit()).toBe(0);
      });
    }
  });

  it('asks nothing of the server when updates are off, and offers no check', async () => {
    await withUpdateServer([NEW_APP], async (server) => {
      const machine = workstation();
      const app = await launch(machine);
      const settings = await confirmUpdateServer(app, server.url);
      await settings.getByLabel('Updates', { exact: true }).selectOption({ label: 'Off (IT installs new versions)' });
      await app.scriptDialogs(1);
      await settings.locator('form.preferences').getByRole('button', { name: 'Save' }).click();
      await eventually(
        () => settings.locator('.status').textContent(),
        (text) => text === 'Saved.',
      );
      expect(await checkNow(app)).toEqual(['Copy support info', 'Close']);
      expect(await app.quit()).toBe(0);
      expect(server.requests).toEqual([]);
    });
  });
});
