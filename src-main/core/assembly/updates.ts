/** Updates as the person or IT set them: where they come from (sealed in the vault) and the update service. */
import type { Outbox } from '../clock/outbox.ts';
import type { SecretVault } from '../security/vault.ts';
import type { SettingsService } from '../settings/settings-service.ts';
import { createUpdateSourceStore } from '../updates/update-source.ts';
import { createUpdateService } from '../updates/update-service.ts';
import { noUpdater } from '../updates/updater.ts';
import type { TimeSource } from '../util/time-source.ts';
import type { AppCoreOptions } from './app-core-options.ts';

export function createUpdatesAssembly(
  options: Pick<AppCoreOptions, 'updates'>,
  { vault, settings, outbox, time }: { vault: SecretVault; settings: SettingsService; outbox: Outbox; time: TimeSource },
) {
  const updateSource = createUpdateSourceStore(vault, settings, () => time.now());
  updateSource.restore();
  const updates = createUpdateService({
    updater: options.updates?.updater ?? noUpdater,
    verifiable: options.updates?.verifiable ?? false,
    preferences: () => settings.preferences().updates,
    waitingPunches: () => outbox.all().length,
    time,
    log: options.updates?.log ?? { info() {}, warn() {} },
  });
  settings.onChange(() => updates.settingsChanged());
  return { updateSource, updates };
}
