/**
 * Before `npm run release` builds: the update pins of the platform it builds for must be set, since
 * a release without them would install no update ever (core/updates/update-trust.ts), and one built
 * with them trusts only that publisher or key. docs/releasing.md, "Releasing".
 */
import { canVerifyOn, updateTrustFrom } from '../core/updates/update-trust.ts';

/** What is missing to release for `platform`, in words; empty when nothing is. */
export function missingPins(platform: NodeJS.Platform, env: Record<string, string | undefined>): string[] {
  if (canVerifyOn(platform, updateTrustFrom(env))) return [];
  if (platform === 'win32')
    return ['TIMECLOCK_UPDATE_WINDOWS_PUBLISHER: the full subject of the code-signing certificate (CN=…, O=…, L=…, S=…, C=…)'];
  return ['TIMECLOCK_UPDATE_PUBLIC_KEY: the Ed25519 public key (PEM) whose private half signs the Linux feeds'];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const missing = missingPins(process.platform, process.env);
  if (missing.length > 0) {
    console.error(`A release needs its update pins (docs/releasing.md, "Releasing"). Missing:\n  ${missing.join('\n  ')}`);
    process.exit(2);
  }
  console.log('Update pins set for this platform.');
}
