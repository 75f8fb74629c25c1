/**
 * One environment as the user edits it: the draft and the secret typed (validated as typed by the
 * core's own rules), the connection test's report and the suggestions applied from it, saving, and
 * clearing the saved secret.
 */
import type {
  ConnectionReport,
  EnvironmentDraftInput,
  EnvironmentView,
  FieldErrors,
  ProfileSuggestion,
} from '../../src-main/shared/ipc/contract.ts';
import { api } from '../lib/api.ts';
import { errorMessage } from '../lib/words.svelte.ts';

const blank = (): EnvironmentDraftInput => ({
  name: '',
  timeclockBaseUrl: 'https://',
  debtorsBaseUrl: 'https://',
  clientId: '',
  auth: { kind: 'headers', clientIdHeader: 'client_id', clientSecretHeader: 'client_secret' },
  employeeId: '',
});

const toDraft = (view: EnvironmentView): EnvironmentDraftInput => ({
  id: view.id,
  name: view.name,
  timeclockBaseUrl: view.timeclockBaseUrl,
  debtorsBaseUrl: view.debtorsBaseUrl,
  clientId: view.clientId,
  auth: view.auth,
  employeeId: view.employeeId,
  ...(view.profile ? { profile: view.profile } : {}),
});

export class EnvironmentEditing {
  draft = $state<EnvironmentDraftInput>(blank());
  secret = $state('');
  /** A new secret is being typed (always for a new environment). */
  replacingSecret = $state(false);
  errors = $state<FieldErrors>({});
  /** Every refusal of the last save, said together above the form. */
  summary = $state<string[]>([]);
  report = $state<ConnectionReport | null>(null);
  testing = $state(false);
  saving = $state(false);
  problem = $state<string | null>(null);
  readonly #environment: EnvironmentView | null;
  readonly #opened: string;
  #validation: ReturnType<typeof setTimeout> | undefined;

  /** `environment`: the one opened (null: a new one); the editor is made afresh for each. */
  constructor(environment: EnvironmentView | null) {
    this.#environment = environment;
    this.draft = environment ? toDraft(environment) : blank();
    this.replacingSecret = environment === null || !environment.id;
    this.#opened = JSON.stringify($state.snapshot(this.draft));
  }

  /** The draft differs from what was opened, or a secret was typed: leaving it should ask. */
  get unsaved(): boolean {
    return this.secret !== '' || JSON.stringify($state.snapshot(this.draft)) !== this.#opened;
  }

  changed = (): void => {
    this.report = null;
    clearTimeout(this.#validation);
    this.#validation = setTimeout(async () => (this.errors = await api.validateEnvironment($state.snapshot(this.draft))), 150);
  };

  testConnection = async (): Promise<void> => {
    this.testing = true;
    this.problem = null;
    const environment = this.#environment;
    try {
      const result = await api.testConnection({
        ...(environment && !this.replacingSecret ? { environmentId: environment.id } : {}),
        draft: $state.snapshot(this.draft),
        ...(this.secret ? { secret: this.secret } : {}),
      });
      if (result.ok) this.report = result.report;
      else this.errors = result.errors;
    } catch (error) {
      this.problem = errorMessage(error);
    } finally {
      this.testing = false;
    }
  };

  /** Puts a suggestion into the draft (the core checks it as any edit): profile fields merged, a sign-in or addresses set. */
  applySuggestion = (suggestion: ProfileSuggestion): void => {
    const shown = this.report;
    const draft = this.draft;
    if (suggestion.change) draft.profile = { ...(draft.profile ?? {}), ...suggestion.change } as EnvironmentDraftInput['profile'];
    if (suggestion.signIn) draft.auth = suggestion.signIn;
    if (suggestion.addresses) Object.assign(draft, suggestion.addresses);
    this.changed();
    // The other suggestions stay on screen, so several can be applied one after another.
    if (shown) this.report = { ...shown, suggestions: shown.suggestions.filter((other) => other !== suggestion) };
  };

  save = async (onSaved: (saved: EnvironmentView) => void): Promise<void> => {
    this.saving = true;
    this.problem = null;
    try {
      const result = await api.saveEnvironment($state.snapshot(this.draft));
      if (!result.ok) {
        this.errors = result.errors;
        this.summary = Object.values(result.errors).filter((message): message is string => Boolean(message));
        return;
      }
      let saved = result.environment;
      if (this.secret) saved = { ...saved, secret: await api.setEnvironmentSecret(saved.id, this.secret) };
      this.secret = '';
      this.summary = [];
      onSaved(saved);
    } catch (error) {
      this.problem = errorMessage(error);
    } finally {
      this.saving = false;
    }
  };

  clearSecret = async (onSaved: (saved: EnvironmentView) => void): Promise<void> => {
    const environment = this.#environment;
    if (!environment) return;
    try {
      const status = await api.clearEnvironmentSecret(environment.id);
      onSaved({ ...environment, secret: status });
    } catch (error) {
      this.problem = errorMessage(error);
    }
  };
}
