/**
 * IT's machine-wide files are read only when IT's beyond doubt (issue 45, point 3): on Windows a
 * folder a standard user made in C:\ProgramData, or one every user may add files to, is refused;
 * on Linux and macOS a file or folder not root's, or writable by others.
 */
import { describe, expect, it } from 'vitest';
import { loadAdminPolicy } from './admin-policy.ts';
import { jsonPolicyReader } from './policy-sources.ts';
import { judgeSddl, judgeStat, trustedReader, type FileTrust } from './machine-file-trust.ts';

const USER = 'S-1-5-21-3623811015-3361044348-30300820-1013';

describe('a Windows security descriptor (SDDL)', () => {
  it('trusts a folder the installer made: owned by Administrators, only SYSTEM and Administrators may write', () => {
    expect(judgeSddl('O:BAG:SYD:PAI(A;OICI;FA;;;SY)(A;OICI;FA;;;BA)(A;OICI;0x1200a9;;;BU)', 'its folder')).toEqual({
      trusted: true,
    });
    const trustedInstaller = 'S-1-5-80-956008885-3418522649-1831038044-1853292631-2271478464';
    expect(judgeSddl(`O:${trustedInstaller}G:SYD:P(A;;FA;;;${trustedInstaller})(A;;FR;;;BU)`, 'the file')).toEqual({
      trusted: true,
    });
  });

  it('refuses a folder a standard user created in ProgramData (it is theirs, with all rights)', () => {
    const planted = `O:${USER}G:${USER}D:AI(A;ID;FA;;;${USER})(A;OICIID;FA;;;SY)(A;OICIID;FA;;;BA)(A;OICIID;0x1200a9;;;BU)(A;OICIIOID;GA;;;CO)`;
    expect(judgeSddl(planted, 'its folder')).toEqual({
      trusted: false,
      why: `its folder is owned by ${USER}, not by administrators`,
    });
  });

  it('refuses a folder of Administrators that still lets every user add files (ProgramData’s inherited rights)', () => {
    const inherited =
      'O:BAG:SYD:AI(A;OICIID;FA;;;SY)(A;OICIID;FA;;;BA)(A;OICIID;0x1200a9;;;BU)(A;CIID;DCLCRPCR;;;BU)(A;OICIIOID;GA;;;CO)';
    expect(judgeSddl(inherited, 'its folder')).toEqual({ trusted: false, why: 'its folder can be changed by BU (DCLCRPCR)' });
  });

  it('reads rights as hexadecimal masks and generic rights too, skipping denials and rights only for what is created inside', () => {
    expect(judgeSddl('O:SYD:(A;;0x1301bf;;;AU)', 'the file')).toMatchObject({
      trusted: false,
      why: 'the file can be changed by AU (0x1301bf)',
    });
    expect(judgeSddl('O:SYD:(A;;GA;;;WD)', 'the file')).toMatchObject({ trusted: false });
    expect(judgeSddl('O:SYD:(D;;FA;;;WD)(A;OICIIO;GA;;;CO)(A;;FA;;;SY)(A;;FR;;;WD)', 'the file')).toEqual({ trusted: true });
    expect(judgeSddl('O:SY', 'the file')).toMatchObject({
      trusted: false,
      why: 'the file has no access list (everyone may change it)',
    });
  });

  it('counts what it cannot judge against the file: a null access list, a conditional entry, object and unknown entries (issue 62, point 5)', () => {
    // NO_ACCESS_CONTROL: a null DACL, everyone full control.
    expect(judgeSddl('O:BAG:SYD:NO_ACCESS_CONTROL', 'the file')).toMatchObject({ trusted: false });
    // A conditional entry holds parentheses of its own: the Everyone-full-control entry after it is still read.
    expect(judgeSddl('O:BAG:SYD:P(A;;FA;;;SY)(XA;;FR;;;AU;(@User.Title=="PM"))(A;;FA;;;WD)', 'the file')).toEqual({
      trusted: false,
      why: 'the file can be changed by WD (FA)',
    });
    // Conditional and object allow entries grant rights like any other.
    expect(judgeSddl(`O:BAG:SYD:P(A;;FA;;;SY)(XA;;FA;;;${USER};(Member_of {SID(BA)}))`, 'the file')).toMatchObject({
      trusted: false,
    });
    expect(judgeSddl('O:BAG:SYD:P(A;;FA;;;SY)(OA;;FA;bf967a7f-0de6-11d0-a285-00aa003049e2;;AU)', 'the file')).toMatchObject({
      trusted: false,
    });
    // An entry type it does not know, or a list it cannot read through.
    expect(judgeSddl('O:BAG:SYD:P(A;;FA;;;SY)(ZZ;;FA;;;WD)', 'the file')).toMatchObject({ trusted: false });
    expect(judgeSddl('O:BAG:SYD:P(A;;FA;;;SY)garbage(A;;FA;;;WD)', 'the file')).toMatchObject({ trusted: false });
    // A denial, a conditional one too, still takes nothing away from a file IT's beyond doubt; an audit list may follow.
    expect(judgeSddl('O:BAG:SYD:P(XD;;FA;;;WD;(@User.x==1))(A;;FA;;;SY)(A;;FR;;;WD)S:AI(AU;SAFA;FA;;;WD)', 'the file')).toEqual({
      trusted: true,
    });
  });
});

describe('a POSIX file or folder', () => {
  it('is trusted only when root owns it and no group or other user may write it', () => {
    expect(judgeStat({ uid: 0, mode: 0o100644 }, 'the file')).toEqual({ trusted: true });
    expect(judgeStat({ uid: 0, mode: 0o40775 }, 'its folder')).toEqual({
      trusted: false,
      why: 'its folder can be changed by others than root (mode 775)',
    });
    expect(judgeStat({ uid: 1000, mode: 0o100600 }, 'the file')).toEqual({
      trusted: false,
      why: 'the file is owned by user 1000, not by root',
    });
  });
});

describe('reading IT’s files through the check', () => {
  const planted = (): FileTrust => ({ trusted: false, why: `its folder is owned by ${USER}, not by administrators` });
  const files: Record<string, string> = {
    'C:\\ProgramData\\TimeclockTray\\admin.json': JSON.stringify({
      settings: { security: { allowWeakSecretStorage: true } },
      locked: ['security'],
    }),
  };
  const read = (path: string) => files[path] ?? null;
  const folderOf = (path: string) => path.slice(0, path.lastIndexOf('\\'));

  it('ignores an admin file a user could have planted, locks nothing, and says why', () => {
    const policy = loadAdminPolicy('C:\\ProgramData\\TimeclockTray\\admin.json', trustedReader(read, planted, folderOf));
    expect(policy.locked.size).toBe(0);
    expect(policy.defaults.security).toBeUndefined();
    expect(policy.problems).toEqual([
      `C:\\ProgramData\\TimeclockTray\\admin.json is ignored: its folder is owned by ${USER}, not by administrators. IT's files must be owned by and writable only by administrators (docs/admin-file.md, "Where it goes").`,
    ]);
  });

  it('reads it where it is IT’s, and a file that does not exist is no problem', () => {
    const trusted = trustedReader(read, () => ({ trusted: true }), folderOf);
    expect(loadAdminPolicy('C:\\ProgramData\\TimeclockTray\\admin.json', trusted).locked).toEqual(new Set(['security']));
    expect(loadAdminPolicy('C:\\ProgramData\\Other\\admin.json', trustedReader(read, planted, folderOf)).problems).toEqual([]);
  });

  it('ignores the Linux policy file the same way', () => {
    const linux = {
      '/etc/timeclock-tray/policy.json': JSON.stringify({ enforced: { 'security.allowWeakSecretStorage': true } }),
    };
    const reader = jsonPolicyReader(
      '/etc/timeclock-tray/policy.json',
      trustedReader(
        (path) => linux[path as keyof typeof linux] ?? null,
        (_path, what) => judgeStat({ uid: 1000, mode: 0o100644 }, what),
        (path) => path.slice(0, path.lastIndexOf('/')),
      ),
    );
    const raw = reader.read()!;
    expect(raw.enforced).toEqual({});
    expect(raw.problems).toEqual([
      expect.stringMatching(/policy\.json is ignored: its folder is owned by user 1000, not by root/),
    ]);
  });
});
