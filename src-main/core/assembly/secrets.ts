/**
 * The client secrets as the core uses them: bound to what each was given for (addresses, sign-in,
 * CA), weakly stored ones dropped when weak storage is forbidden, the Mock's public demo secret,
 * and IT's secrets for IT's own environments, given by policy for the computer (pooled desktops).
 */
import type { SecretStatus } from '../../shared/domain/environments.ts';
import { MOCK_CLIENT_SECRET } from '../environments/environment.ts';
import type { EnvironmentRegistry } from '../environments/environment-registry.ts';
import { secretBinding } from '../security/secret-binding.ts';
import type { SecretVault } from '../security/vault.ts';
import type { SettingsService } from '../settings/settings-service.ts';

const builtinSecretStatus: SecretStatus = { set: true, storage: 'builtin', note: 'builtin' };
const policySecretStatus: SecretStatus = { set: true, storage: 'policy', note: 'byPolicy' };

export function createSecrets(
  vault: SecretVault,
  settings: SettingsService,
  environments: EnvironmentRegistry,
  policySecrets: () => Readonly<Record<string, string>> = () => ({}),
) {
  /** IT's secret for IT's environment of this id; never for one a user added (it could send it anywhere). */
  const fromPolicy = (id: string) =>
    environments.get(id)?.origin === 'admin' && Object.hasOwn(policySecrets(), id) ? policySecrets()[id]! : null;
  // Weak storage forbidden (by the user or IT): weakly stored secrets leave the disk, now and on every change.
  vault.weakStorageChanged();
  settings.onChange(() => vault.weakStorageChanged());
  /** What a secret for this environment must have been given for; null for an environment that is gone. */
  const bindingOf = (id: string) => {
    const environment = environments.get(id)?.environment;
    return environment ? secretBinding(environment) : null;
  };
  // Secrets an older version stored, bound to nothing yet: bound to the environments as they are
  // now, at this version's first start only; later an unbound secret is no one's.
  for (const { environment } of environments.list()) vault.adopt(environment.id, secretBinding(environment));
  vault.closeAdoption();
  const secretFor = (id: string) => {
    if (id === 'mock') return MOCK_CLIENT_SECRET;
    const given = fromPolicy(id);
    if (given !== null) return given;
    const binding = bindingOf(id);
    return binding && vault.get(id, binding);
  };
  return {
    bindingOf,
    secretFor,
    secretStatus: (id: string): SecretStatus =>
      id === 'mock' ? builtinSecretStatus : fromPolicy(id) !== null ? policySecretStatus : vault.status(id, bindingOf(id) ?? ''),
  };
}

export type Secrets = ReturnType<typeof createSecrets>;
