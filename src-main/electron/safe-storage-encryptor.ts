/** The vault's Encryptor on Electron's safeStorage (DPAPI, Keychain, or the Linux keyring). */
import { safeStorage } from 'electron';
import type { Encryptor } from '../core/security/vault.ts';

export const safeStorageEncryptor: Encryptor = {
  level() {
    if (!safeStorage.isEncryptionAvailable()) return 'unavailable';
    // Without a keyring Linux falls back to a hard-coded key: encryption in name only.
    if (process.platform === 'linux' && safeStorage.getSelectedStorageBackend() === 'basic_text') return 'weak';
    return 'strong';
  },
  encrypt: (plain) => safeStorage.encryptString(plain).toString('base64'),
  decrypt: (data) => safeStorage.decryptString(Buffer.from(data, 'base64')),
};
