/**
 * The composition root of the plain-Node core: settings, secrets, environments, and the API
 * clients of the active environment, rebuilt whenever any of those change. The Electron shell
 * wraps it; tests use it directly. Never imports electron.
 */
import { join } from 'node:path';
import type { AppInfo, HealthLine, PushedEvents } from '../shared/ipc/contract.ts';
import { createServiceClients, type ServiceClients } from './api/service-clients.ts';
import { isMockEnvironment, MOCK_CLIENT_SECRET, type Environment } from './environments/environment.ts';
import { createEnvironmentRegistry, type EnvironmentRegistry } from './environments/environment-registry.ts';
import { createHealthService, type HealthService } from './health/health-service.ts';
import { probeSystem } from './health/probe.ts';
import type { TimeFormatter } from './health/format-time.ts';
import type { SecretStatus, SecretVault } from './security/vault.ts';
import type { SettingsService } from './settings/settings-service.ts';
import { systemClock, type Clock } from './util/clock.ts';
import { createEmitter, type Emitter } from './util/emitter.ts';
import { textFile } from './util/text-file.ts';

export interface AppCoreOptions {
  productName: string;
  version: string;
  settings: SettingsService;
  vault: SecretVault;
  /** Where the embedded mock listens this session. */
  mockUrls: { timeclockBaseUrl: string; debtorsBaseUrl: string };
  clock?: Clock;
  /** Folder for files the core keeps between runs (health history); none in memory-only tests. */
  dataDir?: string;
  isOnline?: () => boolean;
  random?: () => number;
  formatTime?: TimeFormatter;
}

export interface AppCore {
  readonly events: Emitter<PushedEvents>;
  readonly settings: SettingsService;
  readonly vault: SecretVault;
  readonly environments: EnvironmentRegistry;
  readonly health: HealthService;
  info(): AppInfo;
  activeEnvironment(): Environment;
  /** The secret to use for an environment: the Mock's demo secret, or the vault's. */
  secretFor(environmentId: string): string | null;
  secretStatus(environmentId: string): SecretStatus;
  /** The API clients of the active environment. */
  clients(): ServiceClients;
  /** Tell everyone that the active environment, its credentials or the list changed. */
  environmentsChanged(): void;
  checkHealthNow(): Promise<HealthLine[]>;
}

const builtinSecretStatus: SecretStatus = {
  set: true,
  storage: 'builtin',
  note: 'The public demo secret of the built-in mock server.',
};

export function createAppCore(options: AppCoreOptions): AppCore {
  const { settings, vault } = options;
  const clock = options.clock ?? systemClock;
  const events = createEmitter<PushedEvents>();
  const environments = createEnvironmentRegistry(settings, options.mockUrls);
  const secretFor = (id: string) => (id === 'mock' ? MOCK_CLIENT_SECRET : vault.get(id));

  /** Memoised clients, rebuilt whenever the environment, the settings they use or the secret change. */
  function memoised(build: (environment: Environment, secret: string | null) => ServiceClients): () => ServiceClients {
    let cached: { key: string; secret: string | null; clients: ServiceClients } | null = null;
    return () => {
      const environment = environments.active().environment;
      const secret = secretFor(environment.id);
      const key = JSON.stringify([environment, settings.preferences().network, settings.preferences().monitoring.timeoutSeconds]);
      if (cached?.key !== key || cached.secret !== secret) cached = { key, secret, clients: build(environment, secret) };
      return cached.clients;
    };
  }
  const clients = memoised((environment, secret) =>
    createServiceClients(environment, secret, settings.preferences().network, { now: () => clock.now() }),
  );
  /** Health checks have their own timeout, and no retries: the health watch re-checks by its own rules. */
  const healthClients = memoised((environment, secret) =>
    createServiceClients(environment, secret, settings.preferences().network, {
      now: () => clock.now(),
      timeoutMs: settings.preferences().monitoring.timeoutSeconds * 1000,
      retry: { retries: 0, baseDelayMs: 0, maxDelayMs: 0, maxRetryAfterMs: 0 },
    }),
  );

  const info = (): AppInfo => {
    const environment = environments.active().environment;
    return {
      productName: options.productName,
      version: options.version,
      environment: { id: environment.id, name: environment.name, isMock: isMockEnvironment(environment) },
    };
  };

  const health = createHealthService({
    clock,
    preferences: () => settings.preferences(),
    environment: () => environments.active().environment,
    probe: (system, signal) => probeSystem(healthClients().timeclock, system, signal),
    isOnline: options.isOnline,
    random: options.random,
    formatTime: options.formatTime,
    historyFile: options.dataDir ? (id) => textFile(join(options.dataDir!, `health-${id}.json`)) : undefined,
  });
  health.onUpdate(() => events.emit('healthChanged', health.lines()));

  /** What the health watch depends on: a new environment starts afresh, new credentials resume checks. */
  const activeKey = () => {
    const environment = environments.active().environment;
    return { id: environment.id, credentials: JSON.stringify([environment, secretFor(environment.id)]) };
  };
  let lastActive = activeKey();

  return {
    events,
    settings,
    vault,
    environments,
    health,
    info,
    activeEnvironment: () => environments.active().environment,
    secretFor,
    secretStatus: (id) => (id === 'mock' ? builtinSecretStatus : vault.status(id)),
    clients,
    environmentsChanged() {
      const current = activeKey();
      if (current.id !== lastActive.id) health.environmentChanged();
      else if (current.credentials !== lastActive.credentials) health.credentialsChanged();
      lastActive = current;
      events.emit('environmentsChanged', info());
    },
    checkHealthNow: (): Promise<HealthLine[]> => health.checkNow(),
  };
}
