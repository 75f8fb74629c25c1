/**
 * The mock's credentials. `demo-client` may use both services. Two valid but limited clients
 * exercise 403: `limited-client` is granted only the debtors service, `clock-only-client` only
 * the timeclock service.
 */
import type { IncomingMessage } from 'node:http';
import type { ServiceName } from './faults.ts';

import { demoCredentials } from '../shared/demo-credentials.ts';

export { demoCredentials };
export const limitedCredentials = { clientId: 'limited-client', clientSecret: 'limited-secret' } as const;
export const clockOnlyCredentials = { clientId: 'clock-only-client', clientSecret: 'clock-only-secret' } as const;

const grants: Record<string, { secret: string; services: readonly ServiceName[] }> = {
  [demoCredentials.clientId]: { secret: demoCredentials.clientSecret, services: ['timeclock', 'debtors'] },
  [limitedCredentials.clientId]: { secret: limitedCredentials.clientSecret, services: ['debtors'] },
  [clockOnlyCredentials.clientId]: { secret: clockOnlyCredentials.clientSecret, services: ['timeclock'] },
};

export type AuthVerdict = { kind: 'ok' } | { kind: 'unauthorized'; message: string } | { kind: 'forbidden'; message: string };

/** Reads `client_id` + `client_secret` headers, or HTTP Basic, and checks the grant. */
export function checkAuth(req: IncomingMessage, service: ServiceName): AuthVerdict {
  const credentials = readCredentials(req);
  if (!credentials) {
    return { kind: 'unauthorized', message: 'Missing credentials: send the client_id and client_secret headers.' };
  }
  const grant = grants[credentials.clientId];
  if (!grant || grant.secret !== credentials.clientSecret) {
    return { kind: 'unauthorized', message: 'The client id or client secret is wrong.' };
  }
  if (!grant.services.includes(service)) {
    return { kind: 'forbidden', message: `Client ${credentials.clientId} is not granted access to the ${service} service.` };
  }
  return { kind: 'ok' };
}

function readCredentials(req: IncomingMessage): { clientId: string; clientSecret: string } | null {
  const clientId = req.headers['client_id'];
  const clientSecret = req.headers['client_secret'];
  if (typeof clientId === 'string' && typeof clientSecret === 'string') return { clientId, clientSecret };
  const authorization = req.headers.authorization;
  if (authorization?.startsWith('Basic ')) {
    const decoded = Buffer.from(authorization.slice(6), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon > 0) return { clientId: decoded.slice(0, colon), clientSecret: decoded.slice(colon + 1) };
  }
  return null;
}
