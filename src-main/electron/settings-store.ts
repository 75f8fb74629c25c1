/**
 * Settings and secrets on disk through electron-store, in the user's app-data folder. The file is
 * checked against the settings' valibot schema and repaired (with a backup) before the store opens
 * it, so one bad value never stops the app. The store gets no JSON Schema of its own: compiling it
 * (ajv) cost 0.2 s of CPU at every start at login, to check again what the core has checked.
 */
import { join } from 'node:path';
import { app } from 'electron';
import ElectronStore from 'electron-store';
import { prepareSettingsFile } from '../core/settings/settings-file.ts';
import type { KeyValueStore } from '../core/settings/settings-service.ts';
import { PRIVATE_FILE } from '../core/util/text-file.ts';

export function openSettingsStore(): { store: KeyValueStore; problems: string[] } {
  const { problems } = prepareSettingsFile(join(app.getPath('userData'), 'settings.json'));
  const store = new ElectronStore<Record<string, unknown>>({
    name: 'settings',
    clearInvalidConfig: false,
    configFileMode: PRIVATE_FILE,
  });
  return { store, problems };
}
