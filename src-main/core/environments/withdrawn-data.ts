/**
 * What the app keeps of an environment that no longer exists (IT withdrew it from the admin file
 * or policy, or a settings file lost it): its debtor lists and remembered debtors on disk, its
 * health history, its secret in the vault. Removed at start; with `lookup.keepOnDisk` off, every
 * environment's lists go. A temporary file a killed
 * write left beside any of them goes too (never one this process is writing).
 */
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { environmentHash } from '../util/file-name.ts';
import type { SecretVault } from '../security/vault.ts';

/** The per-environment files: `prefix-<hash of id>.ext`, or the health history's `health-<id>.json`. */
const HASHED = /^(lookup-cache|lookup-remembered)-([0-9a-f]{16})(?:\.scores)?\.(bin|enc)(?:\.(\d+)\.tmp)?$/;
const HEALTH = /^health-([a-z0-9-]{1,40})\.json(?:\.(\d+)\.tmp)?$/;

export interface Sweep {
  dataDir: string | undefined;
  /** Every environment there is now (the Mock's, IT's and the user's). */
  knownIds: readonly string[];
  /** lookup.keepOnDisk: off, no environment's lists stay. */
  keepLists: boolean;
  vault: Pick<SecretVault, 'clear'>;
  /** The ids the vault holds entries for (environments, and the app's own `@…` keys). */
  vaultIds: () => readonly string[];
}

/** Removes what belongs to no environment now; the names of the files removed, for the log. */
export function sweepWithdrawnData(sweep: Sweep): string[] {
  const known = new Set(sweep.knownIds);
  for (const id of sweep.vaultIds()) if (!id.startsWith('@') && !known.has(id)) sweep.vault.clear(id);
  if (!sweep.dataDir) return [];
  const hashes = new Set(sweep.knownIds.map(environmentHash));
  const removed: string[] = [];
  let names: string[];
  try {
    names = readdirSync(sweep.dataDir);
  } catch {
    return [];
  }
  for (const name of names) {
    if (!withdrawn(name, known, hashes, sweep.keepLists)) continue;
    rmSync(join(sweep.dataDir, name), { force: true });
    removed.push(name);
  }
  return removed;
}

function withdrawn(name: string, known: Set<string>, hashes: Set<string>, keepLists: boolean): boolean {
  const hashed = HASHED.exec(name);
  const health = hashed ? null : HEALTH.exec(name);
  const pid = hashed?.[4] ?? health?.[2];
  if (pid !== undefined && Number(pid) === process.pid) return false; // being written now, by this process
  if (pid !== undefined) return true; // a write a killed process left behind
  if (hashed) return !hashes.has(hashed[2]!) || (hashed[1] === 'lookup-cache' && !keepLists);
  return health !== null && !known.has(health[1]!);
}
