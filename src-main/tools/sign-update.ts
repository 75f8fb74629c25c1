/**
 * Signs the Linux update feeds of a release (`npm run sign-update -- release/ [--days 90]`): every
 * file entry of each `latest-linux*.yml` / `beta-linux*.yml` gets a `signature` and a
 * `signedUntil`. The signature is Ed25519 over the feed's version, the file's SHA-512 and name,
 * the package kind and processor the file is for, the channel, and the expiry
 * (core/updates/update-trust.ts `signedUpdateText`), which the app checks against the public key
 * pinned into its build and against what it runs as. The private key comes from the file named by
 * TIMECLOCK_UPDATE_SIGNING_KEY (PEM), never from the repository. Run it after `npm run release`,
 * before uploading release/, and again before the expiry if no release comes (docs/releasing.md).
 */
import { createPrivateKey, sign, type KeyObject } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseDocument } from 'yaml';
import { feedFileName, signedUpdateText, type UpdateTarget } from '../core/updates/update-trust.ts';

/** How long a signature stands when no --days is given. */
export const DEFAULT_VALID_DAYS = 90;

/** What a file of the feed is for, read from its name as electron-builder writes it, and the feed's own name for the channel. */
export function targetOf(fileName: string, feedName: string): UpdateTarget {
  const extension = /\.(AppImage|deb|rpm|pacman|pkg\.tar\.zst)$/i.exec(fileName)?.[1]?.toLowerCase();
  if (!extension) throw new Error(`cannot tell the package kind of ${fileName}`);
  const kind = extension === 'pkg.tar.zst' ? 'pacman' : extension;
  const arch = /(?:^|[-_.])(arm64|aarch64)(?=[-_.])/i.test(fileName)
    ? 'arm64'
    : /(?:^|[-_.])(armv7l|armhf)(?=[-_.])/i.test(fileName)
      ? 'armv7l'
      : 'x64'; // electron-builder names the x64 AppImage without its architecture
  const channel = /^([a-z]+)-linux/.exec(feedName)?.[1] ?? 'latest';
  return { kind, arch, channel };
}

/** Adds a signature and its expiry to each file of one feed's text; the feed's other fields stay as they were. */
export function signFeed(feedText: string, key: KeyObject, options: { feedName?: string; until: Date }): string {
  const feed = parseDocument(feedText);
  const version = String(feed.get('version') ?? '');
  if (version === '') throw new Error('the feed names no version');
  const files = feed.get('files') as
    { items: Array<{ get(key: string): unknown; set(key: string, value: unknown): void }> } | undefined;
  if (!files?.items?.length) throw new Error('the feed lists no files');
  const until = options.until.toISOString();
  for (const file of files.items) {
    const sha512 = String(file.get('sha512') ?? '');
    const name = feedFileName(String(file.get('url') ?? ''));
    if (sha512 === '') throw new Error(`the feed's file ${name} has no sha512`);
    const target = targetOf(name, options.feedName ?? 'latest-linux.yml');
    const text = signedUpdateText({ ...target, version, sha512, file: name, until });
    file.set('signature', sign(null, Buffer.from(text), key).toString('base64'));
    file.set('signedUntil', until);
  }
  return feed.toString();
}

function main(): void {
  const folder = process.argv[2] && !process.argv[2].startsWith('--') ? process.argv[2] : 'release';
  const keyFile = process.env.TIMECLOCK_UPDATE_SIGNING_KEY;
  if (!keyFile) {
    console.error('Set TIMECLOCK_UPDATE_SIGNING_KEY to the PEM file of the Ed25519 private key (docs/releasing.md).');
    process.exit(2);
  }
  const key = createPrivateKey(readFileSync(keyFile));
  const feeds = readdirSync(folder).filter((name) => /^(latest|beta)-linux.*\.yml$/.test(name));
  if (feeds.length === 0) {
    console.error(`No Linux feed (latest-linux*.yml) in ${folder}: build the release first.`);
    process.exit(2);
  }
  const days = process.argv.includes('--days') ? Number(process.argv[process.argv.indexOf('--days') + 1]) : DEFAULT_VALID_DAYS;
  if (!Number.isInteger(days) || days < 1 || days > 366) {
    console.error('--days takes a whole number of days from 1 to 366.');
    process.exit(2);
  }
  const until = new Date(Date.now() + days * 86_400_000);
  for (const name of feeds) {
    const path = join(folder, name);
    writeFileSync(path, signFeed(readFileSync(path, 'utf8'), key, { feedName: name, until }));
    console.log(`Signed ${path} until ${until.toISOString()}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) main();
