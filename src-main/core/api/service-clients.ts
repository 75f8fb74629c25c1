/** The two API clients of one environment, built the same way everywhere (app core, connection test). */
import { resolveProfile } from '../../shared/api/api-profile.ts';
import type { Environment } from '../../shared/domain/environments.ts';
import type { Preferences } from '../../shared/settings-schema.ts';
import { createDebtorsClient, type DebtorsClient } from './debtors-client.ts';
import { createHttpClient, type HttpClient, type HttpClientOptions } from './http-client.ts';
import { createTimeclockClient, type TimeclockClient } from './timeclock-client.ts';

const TIMECLOCK_MAX_BODY_BYTES = 1024 * 1024;

export interface ServiceClients {
  timeclock: TimeclockClient;
  debtors: DebtorsClient;
  /** The request engines beneath, for reading answers as sent (the connection test's proposals). */
  http: { timeclock: HttpClient; debtors: HttpClient };
}

export function createServiceClients(
  environment: Environment,
  secret: string | null,
  network: Preferences['network'],
  extra: Partial<HttpClientOptions> = {},
): ServiceClients {
  const profile = resolveProfile(environment.profile);
  const common = {
    environment: environment.name,
    auth: environment.auth,
    credentials: secret === null ? null : { clientId: environment.clientId, clientSecret: secret },
    timeoutMs: network.requestTimeoutSeconds * 1000,
    maxBodyBytes: network.maxResponseMegabytes * 1024 * 1024,
    ...(environment.accessPortalUrl ? { accessPortalUrl: environment.accessPortalUrl } : {}),
    ...extra,
  };
  const http = {
    timeclock: createHttpClient({
      ...common,
      service: 'timeclock',
      baseUrl: environment.timeclockBaseUrl,
      // A time event or a health answer is a few hundred bytes: a huge one is never read whole.
      maxBodyBytes: Math.min(common.maxBodyBytes, TIMECLOCK_MAX_BODY_BYTES),
    }),
    debtors: createHttpClient({ ...common, service: 'debtors', baseUrl: environment.debtorsBaseUrl }),
  };
  return {
    timeclock: createTimeclockClient(http.timeclock, profile, environment.systemNames),
    debtors: createDebtorsClient(http.debtors, profile),
    http,
  };
}
