/**
 * An environment ("instance") of the two services: where they are, who we are to them, and which
 * employee clocks. The client secret is not here: it lives in the vault, keyed by environment id.
 */
import type { ApiProfile } from '../../shared/api/api-profile.ts';
import { defaultAuthScheme, type AuthScheme } from '../api/auth.ts';
import { demoCredentials } from '../../shared/demo-credentials.ts';

export interface Environment {
  id: string;
  name: string;
  timeclockBaseUrl: string;
  debtorsBaseUrl: string;
  clientId: string;
  auth: AuthScheme;
  employeeId: string;
  /** How its real services differ from our contract; absent: exactly our contract. */
  profile?: ApiProfile;
}

export const MOCK_ENVIRONMENT_ID = 'mock';
export const MOCK_ENVIRONMENT_NAME = 'Mock (built-in)';
/** The demo credentials of the embedded mock are public knowledge, not a secret to protect. */
export const MOCK_CLIENT_SECRET = demoCredentials.clientSecret;

export const isMockEnvironment = (environment: Pick<Environment, 'id'>) => environment.id === MOCK_ENVIRONMENT_ID;

/** The built-in environment, pointing at wherever the embedded mock listens this session. */
export function mockEnvironment(urls: { timeclockBaseUrl: string; debtorsBaseUrl: string }): Environment {
  return {
    id: MOCK_ENVIRONMENT_ID,
    name: MOCK_ENVIRONMENT_NAME,
    ...urls,
    clientId: demoCredentials.clientId,
    auth: defaultAuthScheme,
    employeeId: 'E1001',
  };
}
