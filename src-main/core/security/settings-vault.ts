/** The vault's entries kept in the settings document (the store the shell and the tests open alike). */
import type { SettingsService } from '../settings/settings-service.ts';
import type { VaultPersistence } from './vault.ts';

export function settingsVaultPersistence(settings: SettingsService): VaultPersistence {
  return {
    vaultEntry: settings.vaultEntry,
    setVaultEntry: settings.setVaultEntry,
    allowWeakStorage: () => settings.preferences().security.allowWeakSecretStorage,
    weakStorageAllowedBy: () => (settings.isLocked('security.allowWeakSecretStorage') ? 'admin' : 'user'),
    vaultIds: settings.vaultIds,
    adoptionOpen: settings.vaultAdoptionOpen,
    closeAdoption: settings.closeVaultAdoption,
  };
}
