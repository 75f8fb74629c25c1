/** Reading who may change IT's files: the SDDL icacls writes (UTF-16), and stat on this machine. */
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { judgeMachineFile, windowsSddl } from './machine-file-owner.ts';

describe('who may change a machine-wide file', () => {
  it('reads the security descriptor icacls saves, whatever the language of Windows', () => {
    const sddl = 'O:BAG:SYD:PAI(A;OICI;FA;;;SY)(A;OICI;FA;;;BA)(A;OICI;0x1200a9;;;BU)';
    const fakeIcacls = ((_command: string, args: readonly string[]) => {
      writeFileSync(args[2]!, Buffer.from(`\uFEFFTimeclockTray\r\n${sddl}\r\n`, 'utf16le'));
      return Buffer.alloc(0);
    }) as never;
    expect(windowsSddl('C:\\ProgramData\\TimeclockTray', fakeIcacls)).toBe(sddl);
  });

  it('trusts nothing it cannot read', () => {
    expect(judgeMachineFile('linux', '/nonexistent/admin.json', 'the file')).toMatchObject({
      trusted: false,
      why: expect.stringMatching(/^who may change the file could not be read \(ENOENT/),
    });
  });

  it('judges a real file by its owner and mode', () => {
    const folder = mkdtempSync(join(tmpdir(), 'machine-file-'));
    const file = join(folder, 'admin.json');
    writeFileSync(file, '{}');
    chmodSync(file, 0o644);
    const asRoot = process.getuid?.() === 0;
    expect(judgeMachineFile('linux', file, 'the file').trusted).toBe(asRoot);
    chmodSync(file, 0o666);
    expect(judgeMachineFile('linux', file, 'the file').trusted).toBe(false);
  });
});
