/**
 * The settings and welcome windows' requests about preferences: the proxy's sign-in (its password
 * goes in, never out), the settings read, checked and saved — where updates come from only after
 * the person confirms it in a dialog no window can answer — and the welcome read.
 */
import type { SettingsRequests, SettingsView } from '../../../shared/ipc/contract.ts';
import type { AppCore } from '../../app-core.ts';
import { checkProxyUser, PROXY_VAULT_ID, proxySignInBinding, ProxyUserRejectedError } from '../../security/proxy-sign-in.ts';
import { splitUpdateSource, updateSourceQuestion } from '../../updates/update-source.ts';
import type { ShellPort } from '../shell-port.ts';
import { tellingEveryone } from './telling-everyone.ts';

type PreferenceRequests = Pick<
  SettingsRequests,
  'proxySignIn' | 'setProxySignIn' | 'clearProxySignIn' | 'getSettings' | 'validateSettings' | 'dismissWelcome' | 'updateSettings'
>;

export function settingsHandlers(core: AppCore, shell: ShellPort): PreferenceRequests {
  const settingsView = (): SettingsView => ({
    preferences: core.settings.preferences(),
    locked: [...core.settings.admin.locked],
    canManageEnvironments: core.environments.canManageOwn(),
    problems: [...core.settings.admin.problems, ...core.settings.problems],
    adminFile: core.settings.admin.source,
    shortcutProblems: shell.shortcutProblems(),
  });
  const proxySignInNow = () => core.proxySignIn.view(core.settings.isLocked('network.proxyUser'));
  const changed = tellingEveryone(core);

  return {
    proxySignIn: async () => {
      await core.proxyAsking(); // with a proxy on the route, one check learns whether it asks for a sign-in
      return proxySignInNow();
    },
    async setProxySignIn(user, password, shownProxy) {
      const { t } = core.translator();
      // A user name IT set stays as IT set it; the password is the user's own.
      const name = core.settings.isLocked('network.proxyUser') ? core.settings.preferences().network.proxyUser : user.trim();
      checkProxyUser(name, t);
      // Only for the proxy that asked: it alone is ever sent this password.
      const proxy = await core.proxyAsking();
      if (proxy === null) throw new ProxyUserRejectedError(t('invalid.proxy.noProxy'));
      // Bound to the proxy the person saw: a PAC or WPAD change since then must not send it elsewhere.
      if (new URL(proxy).host !== shownProxy)
        throw new ProxyUserRejectedError(t('invalid.proxy.changed', { shown: shownProxy, asking: new URL(proxy).host }));
      core.vault.set(PROXY_VAULT_ID, password, proxySignInBinding(name, proxy), t);
      if (!core.settings.isLocked('network.proxyUser')) core.settings.updatePreferences({ network: { proxyUser: name } }, t);
      return changed(proxySignInNow());
    },
    async clearProxySignIn() {
      core.vault.clear(PROXY_VAULT_ID);
      if (!core.settings.isLocked('network.proxyUser')) core.settings.updatePreferences({ network: { proxyUser: '' } });
      return changed(proxySignInNow());
    },
    getSettings: async () => settingsView(),
    validateSettings: async (patch) => core.settings.validatePreferences(patch, core.translator().t),
    dismissWelcome: async () => core.settings.setWelcomed(),
    async updateSettings(patch) {
      const { t } = core.translator();
      // Where updates come from changes only when the person confirms it in a dialog no window can answer.
      const { source, rest } = splitUpdateSource(patch);
      if (source) {
        const errors = core.settings.validatePreferences(patch, t);
        if (Object.keys(errors).length > 0) return { ok: false, errors };
        const answer = await core.updateSource.ask(() => shell.confirm(updateSourceQuestion(source, t)));
        if (answer !== 'confirmed')
          return {
            ok: false,
            errors: {
              [`updates.${Object.keys(source)[0]}`]: t(answer === 'busy' ? 'updateSource.busy' : 'updateSource.notConfirmed'),
            },
          };
        core.updateSource.confirm(source);
      }
      const result = core.settings.updatePreferences(rest, t);
      return result.ok ? { ok: true, settings: settingsView() } : result;
    },
  };
}
