/**
 * Whether a machine-wide file of IT's (the admin file, the Linux policy file) can be trusted to
 * be IT's: it and its folder must be owned by the system's administrators and writable by no one
 * else. On Windows every user may create folders in C:\ProgramData, so where IT manages by Group
 * Policy or Intune alone, any user of a shared PC could otherwise plant an admin file that locks
 * settings for everyone. A file that fails is ignored, and the log and support info say why.
 *
 * The judges are pure: the shell reads the security descriptor (SDDL, from `icacls /save`) on
 * Windows, and `stat` elsewhere (electron/machine-file-owner.ts).
 */

/** Who may own and write IT's files on Windows: SYSTEM, the Administrators group, TrustedInstaller. */
const TRUSTED_SIDS = new Set([
  'SY',
  'BA',
  'S-1-5-18',
  'S-1-5-32-544',
  'S-1-5-80-956008885-3418522649-1831038044-1853292631-2271478464',
]);

/** Access rights as SDDL writes them (two letters each), by their bits. */
const RIGHTS: Record<string, number> = {
  GA: 0x10000000,
  GW: 0x40000000,
  GR: 0x80000000,
  GX: 0x20000000,
  FA: 0x1f01ff,
  FW: 0x120116,
  FR: 0x120089,
  FX: 0x1200a0,
  SD: 0x10000,
  RC: 0x20000,
  WD: 0x40000,
  WO: 0x80000,
  CC: 0x1,
  DC: 0x2,
  LC: 0x4,
  SW: 0x8,
  RP: 0x10,
  WP: 0x20,
  DT: 0x40,
  LO: 0x80,
  CR: 0x100,
};

/**
 * What lets someone change a file or what a folder holds: write or append data (add a file or a
 * folder), extended attributes, delete a child, attributes, delete, change the permissions or the
 * owner, and the generic all/write rights.
 */
const WRITE_MASK = 0x2 | 0x4 | 0x10 | 0x40 | 0x100 | 0x10000 | 0x40000 | 0x80000 | 0x10000000 | 0x40000000;

function rightsOf(text: string): number {
  if (/^0x[0-9a-f]+$/i.test(text)) return Number.parseInt(text.slice(2), 16);
  let mask = 0;
  for (let at = 0; at + 2 <= text.length; at += 2) mask |= RIGHTS[text.slice(at, at + 2).toUpperCase()] ?? 0xffffffff;
  return mask;
}

export type FileTrust = { trusted: true } | { trusted: false; why: string };

/** ACE types that grant (plain, object, conditional, conditional object) and that refuse; any other is not understood. */
const ALLOWS = new Set(['A', 'OA', 'XA', 'ZA']);
const DENIES = new Set(['D', 'OD', 'XD']);

/**
 * The DACL's flags and its entries, each entry's text between its own balanced parentheses (a
 * conditional entry holds parentheses of its own); null when the text is not that shape.
 */
function daclOf(sddl: string): { flags: string; aces: string[] } | null {
  const at = sddl.indexOf('D:');
  if (at < 0) return null;
  const rest = sddl.slice(at + 2);
  const flags = /^[A-Z_]*/.exec(rest)![0];
  const aces: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = flags.length; index < rest.length; index++) {
    const character = rest[index];
    if (character === '(' && depth++ === 0) start = index + 1;
    else if (character === ')' && --depth === 0) aces.push(rest.slice(start, index));
    else if (depth === 0 && rest.startsWith('S:', index))
      break; // the audit list follows
    else if (depth <= 0) return null;
  }
  return depth === 0 ? { flags, aces } : null;
}

/**
 * A Windows security descriptor (SDDL) of a file or folder judged: owned and writable by
 * administrators only. Anything the judge does not understand counts against the file.
 */
export function judgeSddl(sddl: string, what: string): FileTrust {
  const owner = /O:([^:]+?)(?=[GDS]:|$)/.exec(sddl)?.[1];
  if (!owner || !TRUSTED_SIDS.has(owner))
    return { trusted: false, why: `${what} is owned by ${owner ?? 'nobody known'}, not by administrators` };
  const dacl = daclOf(sddl);
  if (!sddl.includes('D:') || dacl?.flags.includes('NO_ACCESS_CONTROL'))
    return { trusted: false, why: `${what} has no access list (everyone may change it)` };
  if (dacl === null) return { trusted: false, why: `${what} has an access list this app cannot read` };
  for (const ace of dacl.aces) {
    const [type = '', flags = '', rights = '', , , sid = ''] = ace.split(';');
    if (DENIES.has(type)) continue;
    if (!ALLOWS.has(type)) return { trusted: false, why: `${what} has an access entry this app cannot judge (${type})` };
    if (flags.includes('IO')) continue; // applies only to what is created inside
    if (TRUSTED_SIDS.has(sid) || (sid === 'OW' && TRUSTED_SIDS.has(owner))) continue;
    if ((rightsOf(rights) & WRITE_MASK) !== 0) return { trusted: false, why: `${what} can be changed by ${sid} (${rights})` };
  }
  return { trusted: true };
}

/** A POSIX file or folder judged: owned by root, writable by no group or other user. */
export function judgeStat(stat: { uid: number; mode: number }, what: string): FileTrust {
  if (stat.uid !== 0) return { trusted: false, why: `${what} is owned by user ${stat.uid}, not by root` };
  if ((stat.mode & 0o022) !== 0)
    return { trusted: false, why: `${what} can be changed by others than root (mode ${(stat.mode & 0o777).toString(8)})` };
  return { trusted: true };
}

/** A machine-wide file that is not IT's beyond doubt: read as if it were not there, with the reason. */
export class UntrustedMachineFileError extends Error {
  constructor(path: string, why: string) {
    super(
      `${path} is ignored: ${why}. IT's files must be owned by and writable only by administrators (docs/admin-file.md, "Where it goes").`,
    );
  }
}

/**
 * `read` for a machine-wide file that refuses one whose file or folder fails `judge` (null when
 * the file does not exist, as for any reader).
 */
export function trustedReader(
  read: (path: string) => string | null,
  judge: (path: string, what: string) => FileTrust,
  folderOf: (path: string) => string,
): (path: string) => string | null {
  return (path) => {
    const text = read(path);
    if (text === null) return null;
    for (const [target, what] of [
      [folderOf(path), 'its folder'],
      [path, 'the file'],
    ] as const) {
      const verdict = judge(target, what);
      if (!verdict.trusted) throw new UntrustedMachineFileError(path, verdict.why);
    }
    return text;
  };
}
