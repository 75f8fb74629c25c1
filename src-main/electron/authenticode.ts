/**
 * A Windows file's Authenticode signature and version resource, as Windows itself reports them
 * (PowerShell's Get-AuthenticodeSignature and the file's VersionInfo), judged by the core
 * (core/updates/update-trust.ts). Anything that keeps PowerShell from answering is a failure
 * to check, which installs nothing: never "could not check, so allowed".
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import type { AuthenticodeReport } from '../core/updates/update-trust.ts';

/** Windows PowerShell by its full path in the Windows folder: never whatever a PATH names first. */
const powershell = () => join(process.env.SystemRoot ?? 'C:\\Windows', 'System32', 'WindowsPowerShell', 'v1.0', 'powershell.exe');

/** The script for one file; the path goes in single quotes, where PowerShell reads only '' specially. */
export function authenticodeScript(file: string): string {
  const literal = `'${file.replace(/'/g, "''")}'`;
  return [
    `$s = Get-AuthenticodeSignature -LiteralPath ${literal}`,
    `$v = (Get-Item -LiteralPath ${literal}).VersionInfo.ProductVersion`,
    '$c = $s.SignerCertificate',
    '[pscustomobject]@{ Status = [int]$s.Status; StatusMessage = $s.StatusMessage; ' +
      'SignerCertificate = $(if ($c) { [pscustomobject]@{ Subject = $c.Subject; Thumbprint = $c.Thumbprint } } else { $null }); ' +
      'ProductVersion = $v } | ConvertTo-Json -Compress',
  ].join('; ');
}

export type Run = (command: string, args: string[]) => Promise<string>;

const runFile: Run = (command, args) =>
  new Promise((resolve, reject) =>
    execFile(command, args, { timeout: 30_000, windowsHide: true }, (error, stdout, stderr) =>
      error ? reject(new Error(`${error.message}${stderr ? `: ${String(stderr).trim()}` : ''}`)) : resolve(String(stdout)),
    ),
  );

/** The report, or why there is none (PowerShell missing, blocked, slow, or answering nonsense). */
export async function readAuthenticode(file: string, run: Run = runFile): Promise<AuthenticodeReport | { failed: string }> {
  try {
    const output = await run(powershell(), [
      '-NoProfile',
      '-NonInteractive',
      '-InputFormat',
      'None',
      '-Command',
      authenticodeScript(file),
    ]);
    const report = JSON.parse(output) as AuthenticodeReport;
    if (typeof report?.Status !== 'number')
      return { failed: `PowerShell answered without a signature status: ${output.slice(0, 200)}` };
    return report;
  } catch (error) {
    return { failed: `PowerShell could not check the signature (${(error as Error).message.slice(0, 300)})` };
  }
}
