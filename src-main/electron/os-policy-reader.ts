/** This machine's policy reader: the registry on Windows, managed preferences on macOS, a file on Linux. */
import { userInfo } from 'node:os';
import type { PolicyReader } from '../core/settings/os-policy.ts';
import {
  jsonPolicyReader,
  LINUX_POLICY_FILE,
  managedPreferencesReader,
  nativeRegistryValues,
  registryPolicyReader,
} from '../core/settings/policy-sources.ts';
import { readBytesIfPresent, readIfPresent } from '../core/util/text-file.ts';
import { machineFileReader } from './machine-file-owner.ts';
import { windowsInstallKind } from './windows-desktop.ts';

export async function osPolicyReader(platform: NodeJS.Platform): Promise<PolicyReader> {
  if (platform === 'win32')
    return registryPolicyReader(nativeRegistryValues, { machineWide: windowsInstallKind() === 'machine' });
  if (platform === 'darwin') return managedPreferencesReader(userInfo().username, readBytesIfPresent, await import('plist'));
  // Machine-wide: read only when root owns it and its folder and nobody else may write them.
  return jsonPolicyReader(LINUX_POLICY_FILE, machineFileReader(platform, readIfPresent));
}
