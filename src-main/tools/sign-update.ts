/**
 * Signs the Linux update feeds of a release (`npm run sign-update -- release/`): every file entry
 * of each `latest-linux*.yml` gets a `signature`, Ed25519 over the product, the feed's version and
 * the file's SHA-512 (core/updates/update-trust.ts `signedUpdateText`), which the app checks against
 * the public key pinned into its build. The private key comes from the file named by
 * TIMECLOCK_UPDATE_SIGNING_KEY (PEM), never from the repository. Run it after `npm run release`
 * and before uploading release/ (docs/releasing.md).
 */
import { createPrivateKey, sign, type KeyObject } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseDocument } from 'yaml';
import { signedUpdateText } from '../core/updates/update-trust.ts';

/** Adds a signature to each file of one feed's text; the feed's other fields stay as they were. */
export function signFeed(feedText: string, key: KeyObject): string {
  const feed = parseDocument(feedText);
  const version = String(feed.get('version') ?? '');
  if (version === '') throw new Error('the feed names no version');
  const files = feed.get('files') as
    { items: Array<{ get(key: string): unknown; set(key: string, value: unknown): void }> } | undefined;
  if (!files?.items?.length) throw new Error('the feed lists no files');
  for (const file of files.items) {
    const sha512 = String(file.get('sha512') ?? '');
    if (sha512 === '') throw new Error(`the feed's file ${String(file.get('url'))} has no sha512`);
    file.set('signature', sign(null, Buffer.from(signedUpdateText(version, sha512)), key).toString('base64'));
  }
  return feed.toString();
}

function main(): void {
  const folder = process.argv[2] ?? 'release';
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
  for (const name of feeds) {
    const path = join(folder, name);
    writeFileSync(path, signFeed(readFileSync(path, 'utf8'), key));
    console.log(`Signed ${path}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) main();
