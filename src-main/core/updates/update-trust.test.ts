/**
 * Whose updates a build installs (issue 45, point 1): an Authenticode report judged against the
 * pinned publisher, thumbprint and the installer's own version; a Linux feed file judged by its
 * Ed25519 signature from `npm run sign-update`; nothing that is not newer, whatever its label.
 */
import { createHash, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signFeed } from '../../tools/sign-update.ts';
import { parse } from 'yaml';
import {
  canVerifyOn,
  distinguishedName,
  judgeAuthenticode,
  judgeSignedFile,
  notNewer,
  NO_TRUST,
  updateTrustFrom,
  type AuthenticodeReport,
  type FeedFile,
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

describe('the Linux package (Ed25519 over version and SHA-512, from npm run sign-update)', () => {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const pinned = updateTrustFrom({ TIMECLOCK_UPDATE_PUBLIC_KEY: publicKey.export({ type: 'spki', format: 'pem' }).toString() });
  const appImage = '#!/bin/sh\necho new\n';
  const sha = createHash('sha512').update(appImage).digest('base64');
  const feedText = (version: string) =>
    `version: ${version}\nfiles:\n  - url: TimeclockTray-${version}.AppImage\n    sha512: ${sha}\n    size: 20\npath: TimeclockTray-${version}.AppImage\nsha512: ${sha}\n`;
  const signedFiles = (version: string, key = privateKey) =>
    (parse(signFeed(feedText(version), key)) as { files: FeedFile[] }).files;

  it('installs a file whose signature verifies against the pinned key', () => {
    expect(canVerifyOn('linux', pinned)).toBe(true);
    expect(judgeSignedFile(sha, signedFiles('0.2.0'), pinned, '0.2.0', '0.1.0')).toBeNull();
  });

  it('refuses an unsigned feed, another key, another file, and a signed version relabelled', () => {
    const unsigned = parse(feedText('0.2.0')) as { files: FeedFile[] };
    expect(judgeSignedFile(sha, unsigned.files, pinned, '0.2.0', '0.1.0')).toMatchObject({ kind: 'noSignature' });
    const other = generateKeyPairSync('ed25519').privateKey;
    expect(judgeSignedFile(sha, signedFiles('0.2.0', other), pinned, '0.2.0', '0.1.0')).toMatchObject({ kind: 'badSignature' });
    expect(judgeSignedFile('another-file', signedFiles('0.2.0'), pinned, '0.2.0', '0.1.0')).toMatchObject({
      kind: 'noSignature',
    });
    // 0.0.9 signed, then its feed relabelled 0.2.0: the signature covers the version.
    expect(judgeSignedFile(sha, signedFiles('0.0.9'), pinned, '0.2.0', '0.1.0')).toMatchObject({ kind: 'badSignature' });
    // Signed, but no newer than what runs.
    expect(judgeSignedFile(sha, signedFiles('0.1.0'), pinned, '0.1.0', '0.1.0')).toMatchObject({ kind: 'notNewer' });
    expect(judgeSignedFile(sha, signedFiles('0.2.0'), NO_TRUST, '0.2.0', '0.1.0')).toMatchObject({ kind: 'badSignature' });
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
