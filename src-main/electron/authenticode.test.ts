/** The Windows signature check's PowerShell step: a path cannot break out of its quotes; no answer is no install. */
import { describe, expect, it } from 'vitest';
import { authenticodeScript, readAuthenticode } from './authenticode.ts';

describe('reading an installer’s Authenticode signature', () => {
  it('quotes the path so that PowerShell reads it as a path and nothing else', () => {
    const script = authenticodeScript("C:\\Users\\o'brien\\AppData\\Local\\x';calc;'.exe");
    expect(script).toContain("-LiteralPath 'C:\\Users\\o''brien\\AppData\\Local\\x'';calc;''.exe'");
    expect(script).not.toMatch(/[^']';calc;'[^']/);
  });

  it('fails closed when PowerShell is missing, refused or answers nonsense', async () => {
    const missing = await readAuthenticode('C:\\update.exe', async () => {
      throw Object.assign(new Error('spawn powershell.exe ENOENT'), { code: 'ENOENT' });
    });
    expect(missing).toEqual({
      failed: expect.stringMatching(/PowerShell could not check the signature \(spawn powershell\.exe ENOENT\)/),
    });
    expect(await readAuthenticode('C:\\update.exe', async () => 'Get-AuthenticodeSignature : blocked by policy')).toMatchObject({
      failed: expect.stringMatching(/PowerShell could not check/),
    });
    expect(await readAuthenticode('C:\\update.exe', async () => '{"Path":"x"}')).toMatchObject({
      failed: expect.stringMatching(/without a signature status/),
    });
  });

  it('passes on what PowerShell reports, for the core to judge', async () => {
    const answer =
      '{"Status":0,"StatusMessage":"Signature verified.","SignerCertificate":{"Subject":"CN=A","Thumbprint":"AB"},"ProductVersion":"0.2.0"}';
    expect(await readAuthenticode('C:\\update.exe', async () => answer)).toEqual(JSON.parse(answer));
  });
});
