/**
 * Who owns and may write a machine-wide file of IT's, as the operating system keeps it: on
 * Windows the security descriptor that `icacls /save` writes (SDDL, the same in every language of
 * Windows, unlike icacls's own listing), elsewhere `stat`. Judged by the core
 * (core/settings/machine-file-trust.ts); anything that cannot be read is not trusted.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { judgeSddl, judgeStat, trustedReader, type FileTrust } from '../core/settings/machine-file-trust.ts';

/** The SDDL of one file or folder: `icacls <path> /save <file>` writes its name, then its descriptor (UTF-16). */
export function windowsSddl(path: string, run = execFileSync): string {
  const folder = mkdtempSync(join(tmpdir(), 'timeclock-acl-'));
  try {
    const saved = join(folder, 'acl.txt');
    const icacls = join(process.env.SystemRoot ?? 'C:\\Windows', 'System32', 'icacls.exe');
    run(icacls, [path, '/save', saved, '/q'], { windowsHide: true, timeout: 10_000, stdio: 'ignore' });
    const lines = readFileSync(saved)
      .toString('utf16le')
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/);
    const sddl = lines.find((line) => /^(O:|G:|D:)/.test(line.trim()));
    if (!sddl) throw new Error(`icacls wrote no security descriptor for ${basename(path)}`);
    return sddl.trim();
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

export function judgeMachineFile(platform: NodeJS.Platform, path: string, what: string): FileTrust {
  try {
    return platform === 'win32' ? judgeSddl(windowsSddl(path), what) : judgeStat(statSync(path), what);
  } catch (error) {
    return { trusted: false, why: `who may change ${what} could not be read (${(error as Error).message})` };
  }
}

/** A reader of machine-wide files that ignores one a user could have written or changed. */
export function machineFileReader(platform: NodeJS.Platform, read: (path: string) => string | null) {
  return trustedReader(read, (path, what) => judgeMachineFile(platform, path, what), dirname);
}
