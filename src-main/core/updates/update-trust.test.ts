/**
 * Whose updates a build installs (issue 45, point 1): an Authenticode report judged against the
 * pinned publisher, thumbprint and the installer's own version; a Linux feed file judged by its
 * Ed25519 signature from `npm run sign-update`; nothing that is not newer, whatever its label.
 */
import { createHash, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signFeed, targetOf } from '../../tools/sign-update.ts';
import { parse } from 'yaml';
import {
  canVerifyOn,
  distinguishedName,
  expiredFeed,
  judgeAuthenticode,
  judgeSignedFile,
  notNewer,
  NO_TRUST,
  trustRefusalLine,
  updateTrustFrom,
  type AuthenticodeReport,
  type FeedFile,
  type UpdateTarget,
  type UpdateTrust,
} from './update-trust.ts';

const PUBLISHER = 'CN=Timeclock Tray GmbH, O=Timeclock Tray GmbH, L=Köln, S=Nordrhein-Westfalen, C=DE';
const THUMBPRINT = 'A1B2C3D4E5F60718293A4B5C6D7E8F9012345678';
const trust = updateTrustFrom({
  TIMECLOCK_UPDATE_WINDOWS_PUBLISHER: PUBLISHER,
  TIMECLOCK_UPDATE_WINDOWS_THUMBPRINTS: 'a1:b2:c3:d4:e5:f6:07:18:29:3a:4b:5c:6d:7e:8f:90:12:34:56:78, 00FF',
});
const signedBy = (subject: string, changes: Partial<AuthenticodeReport> = {}): AuthenticodeReport => ({
  Status: 0,
  StatusMessage: 'Signature verified.',
  SignerCertificate: { Subject: subject, Thumbprint: THUMBPRINT },
  ProductVersion: '0.2.0',
  ...changes,
});

describe('the Windows installer (Authenticode, judged fail-closed)', () => {
  it('installs only a valid signature of the pinned publisher, with a pinned thumbprint, of the version offered and newer', () => {
    expect(judgeAuthenticode(signedBy(PUBLISHER), trust, '0.2.0', '0.1.0')).toBeNull();
    // The same fields in another order and spacing are the same name.
    const reordered = 'C=DE,  O=Timeclock Tray GmbH, CN=Timeclock Tray GmbH, S=Nordrhein-Westfalen, L=Köln';
    expect(judgeAuthenticode(signedBy(reordered), trust, '0.2.0', '0.1.0')).toBeNull();
  });

  it('refuses a name that only shares the common name, an invalid signature, another certificate', () => {
    // electron-updater accepts a bare CN match; a certificate for "CN=Timeclock Tray GmbH" from anyone is not ours.
    expect(judgeAuthenticode(signedBy('CN=Timeclock Tray GmbH'), trust, '0.2.0', '0.1.0')).toMatchObject({ kind: 'publisher' });
    expect(judgeAuthenticode(signedBy(`${PUBLISHER}, OU=Someone else`), trust, '0.2.0', '0.1.0')).toMatchObject({
      kind: 'publisher',
    });
    // A repeated field is no way in: the other common name first, ours after it (issue 62, point 2).
    const [, ...rest] = PUBLISHER.split(', ');
    for (const twice of [
      `CN=Evil Corp, ${PUBLISHER}`,
      `${PUBLISHER}, CN=Timeclock Tray GmbH`,
      `CN=Evil Corp, CN=Timeclock Tray GmbH, ${rest.join(', ')}`,
    ])
      expect(judgeAuthenticode(signedBy(twice), trust, '0.2.0', '0.1.0')).toMatchObject({ kind: 'publisher' });
    expect(
      judgeAuthenticode(signedBy(PUBLISHER, { Status: 2, StatusMessage: 'The file is not signed.' }), trust, '0.2.0', '0.1.0'),
    ).toEqual({ kind: 'unsigned', status: 'The file is not signed.' });
    expect(
      judgeAuthenticode(
        signedBy(PUBLISHER, { SignerCertificate: { Subject: PUBLISHER, Thumbprint: 'FFFF' } }),
        trust,
        '0.2.0',
        '0.1.0',
      ),
    ).toEqual({ kind: 'thumbprint', thumbprint: 'FFFF' });
  });

  it('refuses an old signed installer relabelled as a newer version, and anything not newer', () => {
    expect(judgeAuthenticode(signedBy(PUBLISHER, { ProductVersion: '0.0.9' }), trust, '0.2.0', '0.1.0')).toEqual({
      kind: 'fileVersion',
      fileVersion: '0.0.9',
      offered: '0.2.0',
    });
    expect(judgeAuthenticode(signedBy(PUBLISHER, { ProductVersion: '0.1.0' }), trust, '0.1.0', '0.1.0')).toMatchObject({
      kind: 'notNewer',
    });
    expect(judgeAuthenticode(signedBy(PUBLISHER, { ProductVersion: null }), trust, '0.2.0', '0.1.0')).toMatchObject({
      kind: 'fileVersion',
    });
  });

  it('trusts nobody where the build pins no publisher', () => {
    expect(judgeAuthenticode(signedBy(PUBLISHER), NO_TRUST, '0.2.0', '0.1.0')).toMatchObject({ kind: 'publisher' });
    expect(canVerifyOn('win32', NO_TRUST)).toBe(false);
    expect(canVerifyOn('win32', trust)).toBe(true);
    expect(canVerifyOn('linux', trust)).toBe(false);
  });

  it('reads names as RFC 4514 writes them: quoted and escaped commas stay inside a value', () => {
    expect(distinguishedName('CN="Acme, Inc.", O=Acme\\, Inc., C=US')).toEqual([
      ['CN', 'Acme, Inc.'],
      ['O', 'Acme, Inc.'],
      ['C', 'US'],
    ]);
  });
});

describe('the Linux package (Ed25519 over what it is for, from npm run sign-update)', () => {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const pinned = updateTrustFrom({ TIMECLOCK_UPDATE_PUBLIC_KEY: publicKey.export({ type: 'spki', format: 'pem' }).toString() });
  const appImage = '#!/bin/sh\necho new\n';
  const sha = createHash('sha512').update(appImage).digest('base64');
  const now = Date.parse('2026-11-25T10:00:00Z');
  const until = new Date(now + 30 * 86_400_000);
  const feedText = (version: string, file = `TimeclockTray-${version}.AppImage`) =>
    `version: ${version}\nfiles:\n  - url: ${file}\n    sha512: ${sha}\n    size: 20\npath: ${file}\nsha512: ${sha}\n`;
  const signedFiles = (version: string, options: { key?: KeyObject; file?: string; feedName?: string; until?: Date } = {}) =>
    (
      parse(
        signFeed(feedText(version, options.file), options.key ?? privateKey, {
          feedName: options.feedName ?? 'latest-linux.yml',
          until: options.until ?? until,
        }),
      ) as { files: FeedFile[] }
    ).files;
  const appImageX64: UpdateTarget = { kind: 'appimage', arch: 'x64', channel: 'latest' };
  const judged = (files: FeedFile[], version = '0.2.0', more: { target?: UpdateTarget; at?: number; trust?: UpdateTrust } = {}) =>
    judgeSignedFile(sha, files, more.trust ?? pinned, {
      version,
      running: '0.1.0',
      target: more.target ?? appImageX64,
      now: more.at ?? now,
    });

  it('installs a file whose signature verifies against the pinned key, for this kind, processor and channel', () => {
    expect(canVerifyOn('linux', pinned)).toBe(true);
    expect(judged(signedFiles('0.2.0'))).toBeNull();
    const deb = signedFiles('0.2.0', { file: 'timeclock-tray_0.2.0_arm64.deb', feedName: 'beta-linux-arm64.yml' });
    expect(judged(deb, '0.2.0', { target: { kind: 'deb', arch: 'arm64', channel: 'beta' } })).toBeNull();
  });

  it('refuses an unsigned feed, another key, another file, and a signed version relabelled', () => {
    const unsigned = parse(feedText('0.2.0')) as { files: FeedFile[] };
    expect(judged(unsigned.files)).toMatchObject({ kind: 'noSignature' });
    expect(judged(signedFiles('0.2.0', { key: generateKeyPairSync('ed25519').privateKey }))).toMatchObject({
      kind: 'badSignature',
    });
    expect(
      judgeSignedFile('another-file', signedFiles('0.2.0'), pinned, {
        version: '0.2.0',
        running: '0.1.0',
        target: appImageX64,
        now,
      }),
    ).toMatchObject({
      kind: 'noSignature',
    });
    // 0.0.9 signed, then its feed relabelled 0.2.0: the signature covers the version.
    expect(judged(signedFiles('0.0.9'))).toMatchObject({ kind: 'badSignature' });
    // Signed, but no newer than what runs.
    expect(judged(signedFiles('0.1.0'), '0.1.0')).toMatchObject({ kind: 'notNewer' });
    expect(judged(signedFiles('0.2.0'), '0.2.0', { trust: NO_TRUST })).toMatchObject({ kind: 'badSignature' });
  });

  it('refuses a signed file where it does not belong: a .deb for an AppImage, another processor, another channel, another name (issue 62, point 1)', () => {
    expect(judged(signedFiles('0.2.0', { file: 'timeclock-tray_0.2.0_amd64.deb' }))).toMatchObject({ kind: 'badSignature' });
    expect(judged(signedFiles('0.2.0', { file: 'TimeclockTray-0.2.0-arm64.AppImage' }))).toMatchObject({ kind: 'badSignature' });
    expect(judged(signedFiles('0.2.0', { feedName: 'beta-linux.yml' }))).toMatchObject({
      kind: 'badSignature',
      target: appImageX64,
    });
    // The signature names the file: a renamed entry does not carry it along.
    const renamed = signedFiles('0.2.0').map((file) => ({ ...file, url: 'Other-0.2.0.AppImage' }));
    expect(judged(renamed)).toMatchObject({ kind: 'badSignature' });
    // The expiry is signed too: pushed later by hand, the signature no longer verifies.
    const extended = signedFiles('0.2.0').map((file) => ({ ...file, signedUntil: '2099-01-01T00:00:00.000Z' }));
    expect(judged(extended)).toMatchObject({ kind: 'badSignature' });
  });

  it('refuses a signature that ran out, and says a replayed feed whose every signature ran out (issue 62, point 1)', () => {
    const files = signedFiles('0.2.0');
    expect(judged(files, '0.2.0', { at: until.getTime() + 1 })).toEqual({
      kind: 'expired',
      file: 'TimeclockTray-0.2.0.AppImage',
      until: until.toISOString(),
    });
    // As electron-updater's YAML 1.1 reader hands it over: the instant as a Date.
    expect(judged(files.map((file) => ({ ...file, signedUntil: new Date(String(file.signedUntil)) })))).toBeNull();
    expect(expiredFeed(files, now)).toBeNull();
    expect(expiredFeed(files, until.getTime() + 1)).toMatchObject({ kind: 'expired', until: until.toISOString() });
    expect(trustRefusalLine(expiredFeed(files, until.getTime() + 1)!)).toMatch(/ran out on .*npm run sign-update/);
  });

  it('reads what a file is for from the names electron-builder gives', () => {
    expect(targetOf('TimeclockTray-0.2.0.AppImage', 'latest-linux.yml')).toEqual(appImageX64);
    expect(targetOf('TimeclockTray-0.2.0-arm64.AppImage', 'latest-linux-arm64.yml')).toEqual({
      kind: 'appimage',
      arch: 'arm64',
      channel: 'latest',
    });
    expect(targetOf('timeclock-tray_0.2.0_amd64.deb', 'beta-linux.yml')).toEqual({ kind: 'deb', arch: 'x64', channel: 'beta' });
    expect(targetOf('timeclock-tray-0.2.0.aarch64.rpm', 'latest-linux.yml')).toMatchObject({ kind: 'rpm', arch: 'arm64' });
    expect(() => targetOf('TimeclockTray-0.2.0.zip', 'latest-linux.yml')).toThrow(/package kind/);
  });

  it('compares versions as versions, never as text', () => {
    expect(notNewer('0.10.0', '0.9.0')).toBeNull();
    expect(notNewer('0.2.0-beta.1', '0.2.0')).toMatchObject({ kind: 'notNewer' });
    expect(notNewer('banana', '0.1.0')).toMatchObject({ kind: 'notNewer' });
  });
});

describe('npm run release', () => {
  it('refuses to build for a platform whose update pins are not set', async () => {
    const { missingPins } = await import('../../tools/release-check.ts');
    expect(missingPins('win32', {})).toEqual([expect.stringMatching(/^TIMECLOCK_UPDATE_WINDOWS_PUBLISHER/)]);
    expect(missingPins('linux', { TIMECLOCK_UPDATE_WINDOWS_PUBLISHER: PUBLISHER })).toEqual([
      expect.stringMatching(/^TIMECLOCK_UPDATE_PUBLIC_KEY/),
    ]);
    expect(missingPins('win32', { TIMECLOCK_UPDATE_WINDOWS_PUBLISHER: PUBLISHER })).toEqual([]);
    expect(missingPins('darwin', {})).toEqual([]);
  });
});
