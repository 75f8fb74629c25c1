import { createHash } from 'node:crypto';

/**
 * A name the app suggests for a file the user saves: one path segment, whatever went into it (a
 * client key chosen in a window, say) — no separators, no "..", nothing a desktop forbids in a
 * name, never empty, never hidden.
 */
// Control characters are forbidden in names too: the rule is meant for those here.
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u001f\u007f<>:"/\\|?*]/g;
const MAX_LENGTH = 120;

export function safeFileName(name: string, fallback = 'export'): string {
  const cleaned = name
    .replace(FORBIDDEN, '-')
    .replace(/\.{2,}/g, '.')
    .replace(/^[\s.-]+|[\s.]+$/g, '')
    .slice(0, MAX_LENGTH);
  return cleaned === '' ? fallback : cleaned;
}

/**
 * A data file of one environment: `prefix-<hash>.extension`, the hash of its id, so that an id IT
 * wrote with any characters makes a plain name, and never another environment's.
 */
export const environmentFileName = (prefix: string, environmentId: string, extension: string): string =>
  `${prefix}-${environmentHash(environmentId)}.${extension}`;

/** The part of an environment's file names that stands for its id (16 hex digits). */
export const environmentHash = (environmentId: string): string =>
  createHash('sha256').update(environmentId).digest('hex').slice(0, 16);
