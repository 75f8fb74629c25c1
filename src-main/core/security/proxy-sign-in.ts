/**
 * The proxy's user name and password (Basic), for a proxy that answers 407: the name is a setting
 * (`network.proxyUser`, which IT may set and lock), the password is kept in the vault like a
 * client secret, bound to that name and to the proxy it was entered for (scheme, host and port):
 * a new name or another proxy asks for it again. It is sent to that proxy only, and only after
 * it asked (core/api/network.ts).
 */
import type { ProxySignInView } from '../../shared/ipc/contract.ts';
import type { Translate } from '../../shared/i18n/translator.ts';
import type { ProxySignInSource } from '../api/network.ts';
import type { SecretVault } from './vault.ts';

/** The vault's key for the proxy password: no environment id can look like it (ids are [a-z0-9-]). */
export const PROXY_VAULT_ID = '@proxy';

/** What the password was given for: this user name at this proxy ("http://proxy.corp:3128"). */
export const proxySignInBinding = (user: string, proxy: string) => `proxy\n${user}\n${proxy}`;

/** The proxy a kept password was entered for, when it was entered for this user name. */
export function boundProxy(vault: SecretVault, user: string): string | null {
  const binding = vault.bindingOf(PROXY_VAULT_ID);
  const prefix = `proxy\n${user}\n`;
  return binding?.startsWith(prefix) ? binding.slice(prefix.length) : null;
}

/**
 * The proxy sign-in as the network reads it at each request (Settings may change it), and the
 * proxy that asked last this session: the one a password typed now is for.
 */
export function createProxySignIn(vault: SecretVault, user: () => string) {
  let asking: string | null = null;
  const source: ProxySignInSource = {
    credentialsFor(proxy) {
      const name = user();
      if (name === '') return null;
      const password = vault.get(PROXY_VAULT_ID, proxySignInBinding(name, proxy));
      return password === null ? null : { user: name, password };
    },
    signInWanted(proxy) {
      asking = proxy;
    },
  };
  return {
    source,
    /** The proxy that asked for a sign-in last, this session. */
    asking: () => asking,
    /** The password kept, if any: taken out of every server text the app quotes. */
    secrets: (): string[] => {
      const binding = vault.bindingOf(PROXY_VAULT_ID);
      const password = binding === undefined ? null : vault.get(PROXY_VAULT_ID, binding);
      return password === null ? [] : [password];
    },
    /** Changes when the user name, the proxy or the password kept does (the watch resumes, the lookup restarts). */
    fingerprint: () => {
      const binding = vault.bindingOf(PROXY_VAULT_ID) ?? '';
      return JSON.stringify([user(), binding, vault.get(PROXY_VAULT_ID, binding)]);
    },
    /** What Settings shows: the user name, whether a password is kept, and for which proxy. */
    view(userLocked: boolean): ProxySignInView {
      const name = user();
      const kept = boundProxy(vault, name);
      const proxy = asking ?? kept;
      return {
        user: name,
        userLocked,
        // A password kept for another proxy than the one asking now reads as "given for somewhere else".
        status: vault.status(PROXY_VAULT_ID, proxySignInBinding(name, proxy ?? '')),
        proxy: proxy === null ? null : new URL(proxy).host,
        // Most staff never meet a proxy that asks: the form is shown once one asked, a password is
        // kept, or IT set a user name.
        needed: asking !== null || kept !== null || (userLocked && name !== ''),
      };
    },
  };
}
export type ProxySignIn = ReturnType<typeof createProxySignIn>;

/** A proxy user name that cannot be used, said in the user's words. */
export class ProxyUserRejectedError extends Error {
  override name = 'UserFacingError';
}

/** Refuses a proxy user name Basic cannot carry (empty, a colon, control characters, too long). */
export function checkProxyUser(user: string, t: Translate): void {
  if (user.trim() === '') throw new ProxyUserRejectedError(t('invalid.proxy.userNeeded'));
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if (user.includes(':') || user.length > 200 || /[\u0000-\u001f\u007f]/.test(user))
    throw new ProxyUserRejectedError(t('invalid.proxy.user'));
}
