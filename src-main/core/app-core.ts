/**
 * The composition root of the plain-Node core: the active environment, its API clients and the
 * services built on them. The Electron shell wraps it; tests use it directly. Never imports electron.
 */
import type { HealthSystem } from '../shared/api/types.ts';
import type { AppInfo, HealthLine, PushedEvents } from '../shared/ipc/contract.ts';
import { ApiError } from './api/api-error.ts';
import { createDebtorsClient, type DebtorsClient } from './api/debtors-client.ts';
import { createHttpClient } from './api/http-client.ts';
import { createTimeclockClient, type TimeclockClient } from './api/timeclock-client.ts';
import { isMockEnvironment, type Environment } from './environments/environment.ts';
import { createEmitter, type Emitter } from './util/emitter.ts';

export interface AppCoreOptions {
  productName: string;
  version: string;
  environment: Environment;
  clientSecret: string;
  now?: () => number;
}

export interface AppCore {
  readonly events: Emitter<PushedEvents>;
  info(): AppInfo;
  activeEnvironment(): Environment;
  clients(): { timeclock: TimeclockClient; debtors: DebtorsClient };
  checkHealthNow(): Promise<HealthLine[]>;
}

export const systemLabels: Record<HealthSystem, string> = { source: 'Source system', target: 'Target system' };

export function createAppCore(options: AppCoreOptions): AppCore {
  const events = createEmitter<PushedEvents>();
  const now = options.now ?? Date.now;
  const environment = options.environment;
  const credentials = { clientId: environment.clientId, clientSecret: options.clientSecret };
  const httpFor = (service: 'timeclock' | 'debtors', baseUrl: string) =>
    createHttpClient({ service, environment: environment.name, baseUrl, auth: environment.auth, credentials, now });
  const clients = {
    timeclock: createTimeclockClient(httpFor('timeclock', environment.timeclockBaseUrl)),
    debtors: createDebtorsClient(httpFor('debtors', environment.debtorsBaseUrl)),
  };

  async function checkOne(system: HealthSystem): Promise<HealthLine> {
    const base = { system, label: systemLabels[system] };
    try {
      const reading = await clients.timeclock.health(system);
      return {
        ...base,
        state: reading.state,
        latencyMs: Math.round(reading.latencyMs),
        message: null,
        checkedAt: new Date(now()).toISOString(),
      };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return { ...base, state: 'error', latencyMs: null, message: error.message, checkedAt: new Date(now()).toISOString() };
    }
  }

  return {
    events,
    info: () => ({
      productName: options.productName,
      version: options.version,
      environment: { id: environment.id, name: environment.name, isMock: isMockEnvironment(environment) },
    }),
    activeEnvironment: () => environment,
    clients: () => clients,
    async checkHealthNow() {
      const lines = await Promise.all([checkOne('source'), checkOne('target')]);
      events.emit('healthChanged', lines);
      return lines;
    },
  };
}
