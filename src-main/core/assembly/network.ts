/**
 * How the core reaches the services: the system's proxy route and certificates, the proxy's
 * sign-in, and the API clients of each environment — memoised, rebuilt whenever the environment,
 * its network settings or its secret change; the health watch's own (its timeout, no retries).
 */
import type { Environment } from '../../shared/domain/environments.ts';
import type { ApiError } from '../api/api-error.ts';
import { observedTimeclock } from '../api/observed-timeclock.ts';
import { createServiceClients, type ServiceClients } from '../api/service-clients.ts';
import { createEmitter } from '../util/emitter.ts';
import { environmentFetch, type NetworkRoute } from '../api/network.ts';
import type { EnvironmentRegistry } from '../environments/environment-registry.ts';
import { createProxySignIn } from '../security/proxy-sign-in.ts';
import type { SecretVault } from '../security/vault.ts';
import type { SettingsService } from '../settings/settings-service.ts';
import type { TimeSource } from '../util/time-source.ts';
import type { AppCoreOptions } from './app-core-options.ts';
import type { Language } from './language.ts';

interface NetworkNeeds {
  options: Pick<AppCoreOptions, 'network'>;
  settings: SettingsService;
  vault: SecretVault;
  time: TimeSource;
  language: Language;
  environments: EnvironmentRegistry;
  secretFor: (environmentId: string) => string | null;
}

export function createNetworkAssembly({ options, settings, vault, time, language, environments, secretFor }: NetworkNeeds) {
  const route: NetworkRoute | null = options.network?.route ?? null;
  const systemCa = options.network?.systemCa ?? false;
  /** The proxy's user name and password (Basic), read at each request: Settings may change them. */
  const proxySignIn = createProxySignIn(vault, () => settings.preferences().network.proxyUser);
  /** How an environment's requests travel, and the proxy's password they may carry (never quoted back). */
  const fetchFor = (environment: Environment): { fetch?: typeof fetch; moreSecrets: () => string[] } => {
    const fetch = environmentFetch(environment, route, systemCa, proxySignIn.source);
    return { ...(fetch ? { fetch } : {}), moreSecrets: proxySignIn.secrets };
  };

  /** Memoised clients per environment, rebuilt whenever the environment, its settings or its secret change. */
  function memoised(
    build: (environment: Environment, secret: string | null) => ServiceClients,
  ): (environmentId: string) => ServiceClients | null {
    const cache = new Map<string, { key: string; secret: string | null; clients: ServiceClients }>();
    return (environmentId) => {
      const environment = environments.get(environmentId)?.environment;
      if (!environment) return null;
      const secret = secretFor(environment.id);
      const key = JSON.stringify([environment, settings.preferences().network, settings.preferences().monitoring.timeoutSeconds]);
      const cached = cache.get(environmentId);
      if (cached?.key === key && cached.secret === secret) return cached.clients;
      const clients = build(environment, secret);
      cache.set(environmentId, { key, secret, clients });
      return clients;
    };
  }
  /** How the app's own timeclock requests ended, per environment: the health watch's evidence beside its checks. */
  const settled = createEmitter<{ timeclock: { environmentId: string; failure: ApiError | null } }>();
  const clientsFor = memoised((environment, secret) => {
    const clients = createServiceClients(environment, secret, settings.preferences().network, {
      now: () => time.now(),
      t: language.t,
      ...fetchFor(environment),
    });
    const report = (failure: ApiError | null) => settled.emit('timeclock', { environmentId: environment.id, failure });
    return { ...clients, timeclock: observedTimeclock(clients.timeclock, report) };
  });
  /** Health checks have their own timeout, and no retries: the health watch re-checks by its own rules. */
  const healthClientsFor = memoised((environment, secret) =>
    createServiceClients(environment, secret, settings.preferences().network, {
      now: () => time.now(),
      t: language.t,
      ...fetchFor(environment),
      timeoutMs: settings.preferences().monitoring.timeoutSeconds * 1000,
      retry: { retries: 0, baseDelayMs: 0, maxDelayMs: 0, maxRetryAfterMs: 0 },
    }),
  );
  const clients = () => clientsFor(environments.active().environment.id)!;

  return {
    route,
    proxySignIn,
    fetchFor,
    clientsFor,
    healthClientsFor,
    clients,
    onTimeclockSettled: (listener: (request: { environmentId: string; failure: ApiError | null }) => void) =>
      settled.on('timeclock', listener),
    networkFetch: () => environmentFetch({}, route, systemCa, proxySignIn.source) ?? fetch,
    /** The proxy that asked for a sign-in; if none has yet, the service is asked once to find out. */
    async proxyAsking(): Promise<string | null> {
      if (proxySignIn.asking() === null && route)
        await clients()
          .timeclock.health('source')
          .catch(() => {});
      return proxySignIn.asking();
    },
  };
}

export type NetworkAssembly = ReturnType<typeof createNetworkAssembly>;
