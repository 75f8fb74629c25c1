/**
 * The settings window's requests about environments: the list, saving and deleting, switching,
 * secrets (they go in, only their status comes out), the CA described, and the connection test.
 */
import type { EnvironmentView, SettingsRequests } from '../../../shared/ipc/contract.ts';
import type { AppCore } from '../../app-core.ts';
import { testConnection } from '../../environments/connection-test.ts';
import type { EnvironmentEntry } from '../../environments/environment-registry.ts';
import { secretBinding } from '../../security/secret-binding.ts';
import { describeCaCertificate } from '../../settings/ca-certificate.ts';
import { validateEnvironment } from '../../settings/validate-environment.ts';
import { InvalidRequestError } from '../dispatch.ts';
import { tellingEveryone } from './telling-everyone.ts';

type EnvironmentRequests = Pick<
  SettingsRequests,
  | 'listEnvironments'
  | 'saveEnvironment'
  | 'deleteEnvironment'
  | 'setActiveEnvironment'
  | 'validateEnvironment'
  | 'setEnvironmentSecret'
  | 'describeCaCertificate'
  | 'clearEnvironmentSecret'
  | 'testConnection'
>;

export function environmentHandlers(core: AppCore): EnvironmentRequests {
  const view = (entry: EnvironmentEntry): EnvironmentView => {
    const { environment, origin } = entry;
    return {
      ...environment,
      origin,
      isMock: origin === 'builtin',
      active: core.environments.active().environment.id === environment.id,
      secret: core.secretStatus(environment.id),
      editable: origin === 'user' ? 'all' : 'employee-id',
    };
  };
  const list = () => core.environments.list().map(view);
  const changed = tellingEveryone(core);

  return {
    listEnvironments: async () => list(),
    async saveEnvironment(draft) {
      const boundBefore = draft.id ? core.secretBinding(draft.id) : null;
      const result = core.environments.save(draft);
      if (!result.ok) return result;
      // The saved secret was for the old addresses, sign-in and CA: it is not carried to new ones.
      if (boundBefore && boundBefore !== core.secretBinding(result.value.id)) core.vault.clear(result.value.id);
      return changed({ ok: true, environment: view(core.environments.get(result.value.id)!) });
    },
    deleteEnvironment: async (id, confirmed = false) => {
      const warning = core.deleteWarning(id);
      if (warning && !confirmed) return { ok: false, warning };
      core.environments.remove(id);
      core.vault.clear(id);
      core.lookup.forget(id); // pinned and recent debtors, and their history, go with it
      return changed({ ok: true as const, environments: list() });
    },
    setActiveEnvironment: async (id, confirmed = false) => {
      const switched = core.switchEnvironment(id, confirmed);
      return switched.ok ? { ok: true as const, info: core.info() } : switched;
    },
    validateEnvironment: async (draft) => core.environments.validate(draft),
    setEnvironmentSecret: async (id, secret) => {
      const { t } = core.translator();
      if (!core.environments.get(id)) throw new InvalidRequestError(t('invalid.environment.unknown', { id }));
      core.vault.set(id, secret, core.secretBinding(id)!, t);
      return changed(core.secretStatus(id));
    },
    describeCaCertificate: async (pem) => describeCaCertificate(pem, core.now()),
    clearEnvironmentSecret: async (id) => {
      core.vault.clear(id);
      return changed(core.secretStatus(id));
    },
    async testConnection({ environmentId, draft, secret }) {
      const saved = environmentId ? core.environments.get(environmentId)?.environment : undefined;
      const candidate = draft ?? saved;
      const { t } = core.translator();
      if (!candidate) return { ok: false, errors: { environmentId: t('invalid.environment.choose') } };
      const checked = validateEnvironment(candidate, [], t);
      if (!checked.ok) return checked;
      const stored = candidate.id ? core.environments.get(candidate.id)?.environment : undefined;
      // A stored secret goes only where it was saved for: a changed address, sign-in or CA needs it typed again.
      if (secret === undefined && stored && core.secretBinding(stored.id) !== secretBinding({ ...checked.value, id: stored.id }))
        return {
          ok: false,
          errors: {
            secret: t('connection.retypeSecret'),
          },
        };
      const useSecret = secret ?? (stored ? core.secretFor(stored.id) : null);
      const tested = { ...checked.value, id: candidate.id ?? 'draft' };
      const report = await testConnection(tested, useSecret, core.settings.preferences().network, Date.now, {
        ...core.requestOptionsFor(tested),
        t,
        localZone: core.localZone(),
      });
      return { ok: true, report };
    },
  };
}
