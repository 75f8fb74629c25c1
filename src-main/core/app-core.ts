/**
 * The composition root of the plain-Node core: settings, secrets, environments, and the API
 * clients of the active environment, rebuilt whenever any of those change. The Electron shell
 * wraps it; tests use it directly. Never imports electron.
 */
import type { HealthSystem } from '../shared/api/types.ts';
import type { AppInfo, HealthLine, PushedEvents } from '../shared/ipc/contract.ts';
import { ApiError } from './api/api-error.ts';
import { createServiceClients, type ServiceClients } from './api/service-clients.ts';
import { isMockEnvironment, MOCK_CLIENT_SECRET, type Environment } from './environments/environment.ts';
import { createEnvironmentRegistry, type EnvironmentRegistry } from './environments/environment-registry.ts';
import type { SecretStatus, SecretVault } from './security/vault.ts';
import type { SettingsService } from './settings/settings-service.ts';
import { createEmitter, type Emitter } from './util/emitter.ts';

export interface AppCoreOptions {
  productName: string;
  version: string;
  settings: SettingsService;
  vault: SecretVault;
  /** Where the embedded mock listens this session. */
  mockUrls: { timeclockBaseUrl: string; debtorsBaseUrl: string };
  now?: () => number;
}

export interface AppCore {
  readonly events: Emitter<PushedEvents>;
  readonly settings: SettingsService;
  readonly vault: SecretVault;
  readonly environments: EnvironmentRegistry;
  info(): AppInfo;
  activeEnvironment(): Environment;
  /** The secret to use for an environment: the Mock's demo secret, or the vault's. */
  secretFor(environmentId: string): string | null;
  secretStatus(environmentId: string): SecretStatus;
  /** The API clients of the active environment. */
  clients(): ServiceClients;
  /** Tell everyone that the active environment or the list changed. */
  environmentsChanged(): void;
  checkHealthNow(): Promise<HealthLine[]>;
}

export const systemLabels: Record<HealthSystem, string> = { source: 'Source system', target: 'Target system' };

const builtinSecretStatus: SecretStatus = {
  set: true,
  storage: 'builtin',
  note: 'The public demo secret of the built-in mock server.',
};

export function createAppCore(options: AppCoreOptions): AppCore {
  const { settings, vault } = options;
  const now = options.now ?? Date.now;
  const events = createEmitter<PushedEvents>();
  const environments = createEnvironmentRegistry(settings, options.mockUrls);
  let cached: { key: string; secret: string | null; clients: ServiceClients } | null = null;

  const secretFor = (id: string) => (id === 'mock' ? MOCK_CLIENT_SECRET : vault.get(id));

  function clients(): ServiceClients {
    const environment = environments.active().environment;
    const secret = secretFor(environment.id);
    const network = settings.preferences().network;
    // Rebuilt whenever the environment, the network settings or the secret changed.
    const key = JSON.stringify([environment, network]);
    if (cached?.key !== key || cached.secret !== secret)
      cached = { key, secret, clients: createServiceClients(environment, secret, network, { now }) };
    return cached.clients;
  }

  async function checkOne(system: HealthSystem): Promise<HealthLine> {
    const base = { system, label: systemLabels[system] };
    const checkedAt = () => new Date(now()).toISOString();
    try {
      const reading = await clients().timeclock.health(system);
      return { ...base, state: reading.state, latencyMs: Math.round(reading.latencyMs), message: null, checkedAt: checkedAt() };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return { ...base, state: 'error', latencyMs: null, message: error.message, checkedAt: checkedAt() };
    }
  }

  const info = (): AppInfo => {
    const environment = environments.active().environment;
    return {
      productName: options.productName,
      version: options.version,
      environment: { id: environment.id, name: environment.name, isMock: isMockEnvironment(environment) },
    };
  };

  return {
    events,
    settings,
    vault,
    environments,
    info,
    activeEnvironment: () => environments.active().environment,
    secretFor,
    secretStatus: (id) => (id === 'mock' ? builtinSecretStatus : vault.status(id)),
    clients,
    environmentsChanged: () => events.emit('environmentsChanged', info()),
    async checkHealthNow() {
      const lines = await Promise.all([checkOne('source'), checkOne('target')]);
      events.emit('healthChanged', lines);
      return lines;
    },
  };
}
