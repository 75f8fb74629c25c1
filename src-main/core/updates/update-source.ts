/**
 * Where updates come from (mode, server, channel) as the person at the keyboard confirmed it in
 * Settings: kept sealed in the vault like a secret (encrypted by the operating system, bound to
 * what it is), so an edit of the settings file cannot point the app at other code, and handed to
 * the settings service as the user's layer. IT's setting of any of them outranks it entirely.
 */
import * as v from 'valibot';
import type { Translate } from '../../shared/i18n/translator.ts';
import type { SparsePreferences } from '../settings/settings-document.ts';
import type { SettingsService } from '../settings/settings-service.ts';
import { isRecord } from '../../shared/is-record.ts';
import { maskUrlCredentials } from '../../shared/it-url.ts';
import { UPDATE_SOURCE_KEYS, updatesSchema, type UpdateSource } from '../../shared/settings-schema.ts';
import type { SecretVault } from '../security/vault.ts';

/** The vault's key for it: no environment id can look like it (ids are [a-z0-9-]). */
export const UPDATE_SOURCE_VAULT_ID = '@updates';
const BINDING = 'update-source';

/** A patch of preferences split into where updates come from and the rest. */
export function splitUpdateSource(patch: SparsePreferences): { source: UpdateSource | null; rest: SparsePreferences } {
  const updates = patch.updates;
  if (!isRecord(updates) || !UPDATE_SOURCE_KEYS.some((key) => Object.hasOwn(updates, key))) return { source: null, rest: patch };
  const source: Record<string, unknown> = {};
  const others: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(updates))
    ((UPDATE_SOURCE_KEYS as readonly string[]).includes(key) ? source : others)[key] = value;
  const rest: SparsePreferences = { ...patch, updates: others };
  if (Object.keys(others).length === 0) delete rest.updates;
  return { source: source as UpdateSource, rest };
}

const sealedSchema = v.partial(v.pick(updatesSchema, UPDATE_SOURCE_KEYS));

export interface UpdateSourceStore {
  /** What the person confirmed before (read from the vault at start). */
  restore(): void;
  /** Confirmed: sealed in the vault and in effect at once. */
  confirm(source: UpdateSource): void;
  /**
   * Asks the person (`question` shows the system's dialog): one dialog at a time, and none for a
   * while after a Cancel — a window must not stack dialogs, nor raise one again until it is said yes to.
   */
  ask(question: () => Promise<boolean>): Promise<'confirmed' | 'declined' | 'busy'>;
}

/** After Cancel, no new question about where updates come from for this long. */
export const ASK_AGAIN_AFTER_MS = 10_000;

export function createUpdateSourceStore(vault: SecretVault, settings: SettingsService, now: () => number): UpdateSourceStore {
  let current: UpdateSource = {};
  let asking = false;
  let declinedAt = Number.NEGATIVE_INFINITY;
  return {
    async ask(question) {
      if (asking || now() - declinedAt < ASK_AGAIN_AFTER_MS) return 'busy';
      asking = true;
      try {
        if (await question()) return 'confirmed';
        declinedAt = now();
        return 'declined';
      } finally {
        asking = false;
      }
    },
    restore() {
      const sealed = vault.get(UPDATE_SOURCE_VAULT_ID, BINDING);
      let parsed: unknown = null;
      try {
        parsed = sealed === null ? null : JSON.parse(sealed);
      } catch {
        parsed = null;
      }
      const checked = v.safeParse(sealedSchema, parsed);
      current = checked.success ? checked.output : {};
      settings.setUpdateSource(current);
    },
    confirm(source) {
      current = { ...current, ...source };
      vault.set(UPDATE_SOURCE_VAULT_ID, JSON.stringify(current), BINDING);
      settings.setUpdateSource(current);
    },
  };
}

/** The question the person answers before a new update source applies, in their words. */
export function updateSourceQuestion(source: UpdateSource, t: Translate) {
  const lines = [
    source.serverUrl !== undefined
      ? t('updateSource.server', { server: maskUrlCredentials(source.serverUrl) || t('updateSource.none') })
      : null,
    source.channel !== undefined ? t('updateSource.channel', { channel: t(`settings.update.${source.channel}`) }) : null,
    source.mode !== undefined ? t('updateSource.mode', { mode: t(`settings.update.${source.mode}`) }) : null,
  ].filter((line): line is string => line !== null);
  return {
    message: t('updateSource.question'),
    detail: [...lines, '', t('updateSource.warning')].join('\n'),
    confirm: t('updateSource.confirm'),
    cancel: t('updateSource.cancel'),
  };
}
