/** Stands in for Electron's safeStorage at the shell boundary: reversible, visibly not plain text. */
import type { EncryptionLevel, Encryptor } from '../core/security/vault.ts';

export function fakeEncryptor(level: EncryptionLevel = 'strong'): Encryptor & { setLevel(next: EncryptionLevel): void } {
  let current = level;
  return {
    setLevel: (next) => (current = next),
    level: () => current,
    encrypt: async (plain) => {
      if (current === 'unavailable') throw new Error('Encryption is not available.');
      return Buffer.from([...plain].reverse().join(''), 'utf8').toString('base64');
    },
    decrypt: async (data) => [...Buffer.from(data, 'base64').toString('utf8')].reverse().join(''),
  };
}
