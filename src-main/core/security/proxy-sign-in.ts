/**
 * The proxy's user name and password (Basic), for a proxy that answers 407: the name is a setting
 * (`network.proxyUser`, which IT may set and lock), the password is kept in the vault like a
 * client secret, bound to that name — a new name asks for the password again. Sent only to proxies.
 */
import type { ProxySignInView } from '../../shared/ipc/contract.ts';
import type { Translate } from '../../shared/i18n/translator.ts';
import type { ProxyCredentials } from '../api/network.ts';
import type { SecretVault } from './vault.ts';

/** The vault's key for the proxy password: no environment id can look like it (ids are [a-z0-9-]). */
export const PROXY_VAULT_ID = '@proxy';

/** What the password was given for: this user name. */
export const proxySignInBinding = (user: string) => `proxy\n${user}`;

/** The proxy's credentials, when both a user name and its password are there. */
export function proxyCredentials(vault: SecretVault, user: string): ProxyCredentials | null {
  if (user === '') return null;
  const password = vault.get(PROXY_VAULT_ID, proxySignInBinding(user));
  return password === null ? null : { user, password };
}

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

export function proxySignInView(vault: SecretVault, user: string, userLocked: boolean): ProxySignInView {
  return { user, userLocked, status: vault.status(PROXY_VAULT_ID, proxySignInBinding(user)) };
}
