/**
 * The vault's Encryptor on Electron's safeStorage (DPAPI, Keychain, or the Linux keyring), through
 * its asynchronous API: the synchronous one is deprecated in Electron 45 and gone in 46. The level
 * is read once, after the app is ready.
 */
import { safeStorage } from 'electron';
import type { EncryptionLevel, Encryptor } from '../core/security/vault.ts';

export async function createSafeStorageEncryptor(platform: NodeJS.Platform = process.platform): Promise<Encryptor> {
  const available = await safeStorage.isAsyncEncryptionAvailable();
  // Without a keyring Linux falls back to a hard-coded key: encryption in name only. A backend
  // Chromium reports as "unknown" is not known to protect anything either: weak, not strong.
  const weak = platform === 'linux' && ['basic_text', 'unknown'].includes(safeStorage.getSelectedStorageBackend());
  const level: EncryptionLevel = !available ? 'unavailable' : weak ? 'weak' : 'strong';
  return {
    level: () => level,
    encrypt: async (plain) => (await safeStorage.encryptStringAsync(plain)).toString('base64'),
    decrypt: async (data) => (await safeStorage.decryptStringAsync(Buffer.from(data, 'base64'))).result,
  };
}
