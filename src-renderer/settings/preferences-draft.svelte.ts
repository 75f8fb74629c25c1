/**
 * A section's preferences as the user edits them: the changes not saved yet (validated as typed by
 * the core's own rules), what the core refused, the shortcut being recorded, saving and cancelling.
 */
import type { FieldErrors, SettingsView } from '../../src-main/shared/ipc/contract.ts';
import { valueAt } from '../../src-main/shared/setting-paths.ts';
import { api } from '../lib/api.ts';
import { errorMessage, words } from '../lib/words.svelte.ts';
import { toPatch } from './fields.ts';

export class PreferencesDraft {
  changes = $state<Record<string, unknown>>({});
  errors = $state<FieldErrors>({});
  /** "Saved", after a save. */
  status = $state<string | null>(null);
  /** Every refusal of the last save, said together above the form. */
  summary = $state<string[]>([]);
  /** The shortcut field being recorded: the next key combination typed in it is the shortcut. */
  recording = $state<string | null>(null);
  dirty = $derived(Object.keys(this.changes).length > 0);
  #validation: ReturnType<typeof setTimeout> | undefined;
  readonly #settings: () => SettingsView;

  constructor(settings: () => SettingsView) {
    this.#settings = settings;
  }

  /** The value shown at `path`: the change, or what is saved. */
  current = (path: string): unknown => (path in this.changes ? this.changes[path] : valueAt(this.#settings().preferences, path));

  set = (path: string, value: unknown): void => {
    this.changes = { ...this.changes, [path]: value };
    this.status = null;
    clearTimeout(this.#validation);
    // Validation as you type, by the core's own rules.
    this.#validation = setTimeout(async () => (this.errors = await api.validateSettings(toPatch(this.changes))), 150);
  };

  save = async (onSaved: (next: SettingsView) => void): Promise<void> => {
    clearTimeout(this.#validation);
    const sent = this.changes;
    const result = await api
      .updateSettings(toPatch(sent))
      .catch((error: unknown) => ({ ok: false as const, errors: { form: errorMessage(error) } }));
    if (result.ok) {
      // A change made while the save was on its way (a confirmation can take a while) is kept.
      this.changes = Object.fromEntries(Object.entries(this.changes).filter(([path, value]) => sent[path] !== value));
      this.errors = {};
      this.summary = [];
      this.status = words.t('settings.saved');
      onSaved(result.settings);
    } else {
      this.errors = result.errors;
      this.summary = Object.values(result.errors).filter((message): message is string => Boolean(message));
      this.status = null;
    }
  };

  cancel = (): void => {
    this.changes = {};
    this.errors = {};
    this.summary = [];
    this.status = null;
  };
}
