/**
 * Whose code an update may be: the publisher and the key pinned into this build when it was made
 * (`npm run release` reads them from the build machine's environment; see docs/releasing.md),
 * never from a setting, the feed or a file beside the app. Each verdict fails closed: whatever
 * cannot be checked is not installed, and says why.
 *
 * - Windows: the installer's Authenticode signature must be valid, its signer's subject must equal
 *   the pinned distinguished name field by field, its thumbprint must be one pinned (where any is),
 *   and the installer's own ProductVersion must be the version offered and newer than the running one.
 * - Linux (AppImage, deb): each file of the feed carries an Ed25519 signature, made by
 *   `npm run sign-update`, over the product, the version and the file's SHA-512; the file
 *   downloaded must have that SHA-512 and the signature must verify against the pinned public key.
 * - macOS: Squirrel.Mac installs only a bundle signed with the running app's designated
 *   requirement (the same Apple team), so no pin of ours is needed there.
 */
import { createHash, createPublicKey, verify } from 'node:crypto';
import { createReadStream } from 'node:fs';
import semverGt from 'semver/functions/gt.js';
import semverValid from 'semver/functions/valid.js';

export interface UpdateTrust {
  /** Windows: the full distinguished name of the code-signing certificate's subject ("CN=…, O=…, L=…, C=…"). */
  windowsPublisher: string | null;
  /** Windows: SHA-1 thumbprints (hex) of the certificates accepted; empty: any certificate of that subject. */
  windowsThumbprints: string[];
  /** Linux: the Ed25519 public key (PEM) that signs the feed's files. */
  linuxPublicKey: string | null;
}

export const NO_TRUST: UpdateTrust = { windowsPublisher: null, windowsThumbprints: [], linuxPublicKey: null };

/** Why an update is not installed: each is logged in English and said as "failed its safety check". */
export type TrustRefusal =
  | { kind: 'notNewer'; offered: string; running: string }
  | { kind: 'verifierFailed'; detail: string }
  | { kind: 'unsigned'; status: string }
  | { kind: 'publisher'; subject: string }
  | { kind: 'thumbprint'; thumbprint: string }
  | { kind: 'fileVersion'; fileVersion: string; offered: string }
  | { kind: 'noSignature'; file: string }
  | { kind: 'badSignature'; file: string; target: UpdateTarget }
  | { kind: 'expired'; file: string; until: string };

/** The build's pins as `npm run build` was given them (the release's environment): see vite.config.ts. */
export function updateTrustFrom(env: Record<string, string | undefined>): UpdateTrust {
  const text = (name: string) => env[name]?.trim() || null;
  return {
    windowsPublisher: text('TIMECLOCK_UPDATE_WINDOWS_PUBLISHER'),
    windowsThumbprints: (text('TIMECLOCK_UPDATE_WINDOWS_THUMBPRINTS') ?? '')
      .split(',')
      .map((thumbprint) => normalThumbprint(thumbprint))
      .filter((thumbprint) => thumbprint !== ''),
    linuxPublicKey: text('TIMECLOCK_UPDATE_PUBLIC_KEY')?.replace(/\\n/g, '\n') ?? null,
  };
}

const normalThumbprint = (thumbprint: string) => thumbprint.replace(/[\s:]/g, '').toUpperCase();

/** Whether this build can check an update for the platform at all (else updates stay off, and say why). */
export function canVerifyOn(platform: string, trust: UpdateTrust): boolean {
  if (platform === 'win32') return trust.windowsPublisher !== null;
  if (platform === 'linux') return trust.linuxPublicKey !== null;
  return platform === 'darwin';
}

/** Only a version newer than the running one, whatever the feed calls it. */
export function notNewer(offered: string, running: string): TrustRefusal | null {
  const valid = semverValid(offered) !== null && semverValid(running) !== null;
  return valid && semverGt(offered, running) ? null : { kind: 'notNewer', offered, running };
}

/** "CN=Acme, O=Acme GmbH" → its fields in order; quoted values and escaped commas as RFC 4514 writes them. */
export function distinguishedName(text: string): Array<[string, string]> {
  const fields: Array<[string, string]> = [];
  for (const part of text.match(/(?:[^,"\\]|\\.|"[^"]*")+/g) ?? []) {
    const equals = part.indexOf('=');
    if (equals < 0) continue;
    const value = part
      .slice(equals + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .replace(/\\(.)/g, '$1');
    fields.push([part.slice(0, equals).trim().toUpperCase(), value]);
  }
  return fields;
}

/**
 * The same name: the same fields with the same values, in any order (Windows and IT may write them
 * in different orders), and no field twice — "CN=Evil, CN=Acme, O=…" is not "CN=Acme, O=…", though
 * a reader that keeps a repeated field's last value would take it for it.
 */
function sameName(pinned: Array<[string, string]>, subject: Array<[string, string]>): boolean {
  const once = (fields: Array<[string, string]>) => new Set(fields.map(([key]) => key)).size === fields.length;
  if (pinned.length === 0 || pinned.length !== subject.length || !once(pinned) || !once(subject)) return false;
  const values = new Map(subject);
  return pinned.every(([key, value]) => values.get(key) === value);
}

/** What PowerShell's Get-AuthenticodeSignature and the file's version resource report (see the shell). */
export interface AuthenticodeReport {
  /** 0 is Valid; anything else (NotSigned 2, HashMismatch 1, NotTrusted 4 …) is not. */
  Status: number;
  StatusMessage?: string;
  SignerCertificate?: { Subject?: string; Thumbprint?: string } | null;
  ProductVersion?: string | null;
}

/** The Windows installer's verdict; null: it may be installed. */
export function judgeAuthenticode(
  report: AuthenticodeReport,
  trust: UpdateTrust,
  offered: string,
  running: string,
): TrustRefusal | null {
  if (report.Status !== 0) return { kind: 'unsigned', status: report.StatusMessage ?? `status ${report.Status}` };
  const subject = report.SignerCertificate?.Subject ?? '';
  if (!trust.windowsPublisher || !sameName(distinguishedName(trust.windowsPublisher), distinguishedName(subject)))
    return { kind: 'publisher', subject };
  const thumbprint = normalThumbprint(report.SignerCertificate?.Thumbprint ?? '');
  if (trust.windowsThumbprints.length > 0 && !trust.windowsThumbprints.includes(thumbprint))
    return { kind: 'thumbprint', thumbprint };
  // The label of the feed is not signed; the installer's own version resource is.
  const fileVersion = (report.ProductVersion ?? '').trim();
  if (semverValid(fileVersion) === null || fileVersion !== semverValid(offered))
    return { kind: 'fileVersion', fileVersion, offered };
  return notNewer(fileVersion, running);
}

/** What an update is for: how the app was installed, the processor, the channel (a Linux feed file's signature binds them). */
export interface UpdateTarget {
  /** "appimage", "deb", "rpm", "pacman" (electron-builder's package types). */
  kind: string;
  /** Node's names: "x64", "arm64", "armv7l". */
  arch: string;
  /** "latest" or "beta". */
  channel: string;
}

/** The signed fields of one feed file: the version, the bytes, the file and what it is for, and until when the signature stands. */
export interface SignedUpdate extends UpdateTarget {
  version: string;
  sha512: string;
  file: string;
  /** An ISO instant: after it a replayed or forgotten feed is refused, not trusted for ever. */
  until: string;
}

/** What a Linux feed file's signature covers: every field of SignedUpdate, in this order. */
export const signedUpdateText = (update: SignedUpdate) =>
  [
    'Timeclock Tray update 2',
    `version: ${update.version}`,
    `sha512: ${update.sha512}`,
    `file: ${update.file}`,
    `kind: ${update.kind}`,
    `arch: ${update.arch}`,
    `channel: ${update.channel}`,
    `until: ${update.until}`,
    '',
  ].join('\n');

/** The file's own name in a feed's url (electron-builder writes names, an own server may write paths). */
export const feedFileName = (url: string) => url.split(/[?#]/)[0]!.split('/').at(-1) ?? url;

/** One file of an electron-builder feed (latest-linux.yml), with what `npm run sign-update` added. */
export interface FeedFile {
  url: string;
  sha512: string;
  signature?: string;
  /** Until when its signature stands (ISO instant; a Date where a YAML 1.1 reader took it for a timestamp). */
  signedUntil?: string | Date;
}

/** The expiry as it was signed: electron-updater's YAML reader turns an unquoted ISO instant into a Date. */
function untilOf(value: FeedFile['signedUntil']): string | null {
  if (value instanceof Date) return Number.isFinite(value.getTime()) ? value.toISOString() : null;
  return typeof value === 'string' && value !== '' ? value : null;
}

/**
 * The Linux package's verdict from its own bytes' SHA-512; null: it may be installed. The
 * signature must cover this very installation — its package kind, processor and channel — so a
 * signed .deb, another architecture's AppImage or a signed beta is refused where it does not belong.
 */
export function judgeSignedFile(
  fileSha512: string,
  feedFiles: readonly FeedFile[],
  trust: UpdateTrust,
  offered: { version: string; running: string; target: UpdateTarget; now: number },
): TrustRefusal | null {
  const entry = feedFiles.find((file) => file.sha512 === fileSha512);
  const signedUntil = untilOf(entry?.signedUntil);
  if (!entry?.signature || !signedUntil) return { kind: 'noSignature', file: entry?.url ?? '(not in the feed)' };
  const update = {
    ...offered.target,
    version: offered.version,
    sha512: fileSha512,
    file: feedFileName(entry.url),
    until: signedUntil,
  };
  let good = false;
  try {
    const key = createPublicKey(trust.linuxPublicKey ?? '');
    good = verify(null, Buffer.from(signedUpdateText(update)), key, Buffer.from(entry.signature, 'base64'));
  } catch {
    good = false;
  }
  if (!good) return { kind: 'badSignature', file: entry.url, target: offered.target };
  if (!(Date.parse(signedUntil) > offered.now)) return { kind: 'expired', file: entry.url, until: signedUntil };
  return notNewer(offered.version, offered.running);
}

/** A signed feed whose every signature ran out: a feed replayed or never signed again, said rather than trusted. */
export function expiredFeed(feedFiles: readonly FeedFile[], now: number): TrustRefusal | null {
  const untils = feedFiles.map((file) => untilOf(file.signedUntil)).filter((until): until is string => until !== null);
  if (untils.length === 0 || untils.some((until) => Date.parse(until) > now)) return null;
  const latest = untils.sort().at(-1)!;
  return { kind: 'expired', file: 'the feed', until: latest };
}

/** A file's SHA-512 in base64, as electron-builder's feeds write it. */
export async function fileSha512(path: string): Promise<string> {
  const hash = createHash('sha512');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('base64');
}

/** The refusal as a line of the log. */
export function trustRefusalLine(refusal: TrustRefusal): string {
  switch (refusal.kind) {
    case 'notNewer':
      return `version ${refusal.offered} is not newer than the running ${refusal.running}`;
    case 'verifierFailed':
      return `the signature could not be checked (${refusal.detail}), so nothing is installed`;
    case 'unsigned':
      return `the installer's signature is not valid (${refusal.status})`;
    case 'publisher':
      return `the installer is signed by "${refusal.subject}", not by the publisher this build trusts`;
    case 'thumbprint':
      return `the installer's certificate (${refusal.thumbprint}) is not one this build trusts`;
    case 'fileVersion':
      return `the installer is version "${refusal.fileVersion}", not the ${refusal.offered} the feed offered`;
    case 'noSignature':
      return `the feed carries no signature for ${refusal.file}`;
    case 'badSignature':
      return `the signature of ${refusal.file} does not verify against this build's key for this installation (${refusal.target.kind}, ${refusal.target.arch}, channel ${refusal.target.channel})`;
    case 'expired':
      return `the signature of ${refusal.file} ran out on ${refusal.until}: a feed replayed or not signed again (npm run sign-update)`;
  }
}
