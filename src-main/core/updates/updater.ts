/**
 * What the update service asks of an updater: electron-updater in the shell
 * (electron/app-updater.ts), a small fake in tests. The updater applies staged rollout and refuses
 * downgrades; it verifies a download's checksum, and its signature against the publisher or key
 * pinned into this build (update-trust.ts), refusing with UNTRUSTED_CODE.
 */
export interface UpdateFeed {
  /** The company's update server (electron-builder's generic provider). */
  url: string;
  /** electron-updater's channel: `latest` (stable) or `beta`. */
  channel: 'latest' | 'beta';
}

export interface Updater {
  /** Points the updater at a feed; nothing is asked of the server yet. */
  configure(feed: UpdateFeed): void;
  /** The newer version the feed offers this workstation, or null. */
  check(): Promise<string | null>;
  /** Downloads and verifies the version found; rejects when it cannot be had or verified. */
  download(): Promise<void>;
  /** Whether a downloaded update is installed when the app quits (decided just before it does). */
  installOnQuit(install: boolean): void;
}

/** Why an update step failed, as far as the app acts on it. */
export type UpdateFailure = 'unverified' | 'unreachable' | 'server' | 'failed';

const UNREACHABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH']);
/** An updater's refusal of a download this build does not trust (core/updates/update-trust.ts). */
export const UNTRUSTED_CODE = 'ERR_UPDATE_UNTRUSTED';
const UNVERIFIED = new Set([
  'ERR_CHECKSUM_MISMATCH',
  'ERR_UPDATER_INVALID_SIGNATURE',
  'ERR_UPDATER_INVALID_UPDATE_INFO',
  UNTRUSTED_CODE,
]);

/** Sorts an updater's error by its code or HTTP status (electron-updater's, or Node's network codes). */
export function updateFailureOf(error: unknown): UpdateFailure {
  const { code, statusCode, message } = (error ?? {}) as { code?: unknown; statusCode?: unknown; message?: unknown };
  if (typeof code === 'string' && UNVERIFIED.has(code)) return 'unverified';
  if (typeof message === 'string' && /checksum mismatch|not signed by the application owner/i.test(message)) return 'unverified';
  if (typeof code === 'string' && UNREACHABLE.has(code)) return 'unreachable';
  if (typeof statusCode === 'number') return 'server';
  if (typeof message === 'string' && /net::ERR_|ECONNREFUSED|ENOTFOUND|socket hang up/i.test(message)) return 'unreachable';
  return 'failed';
}

/** An updater for where there is none (tests of other parts, development runs): never finds anything. */
export const noUpdater: Updater = {
  configure() {},
  check: async () => null,
  download: async () => {},
  installOnQuit() {},
};
