/**
 * An environment ("instance") of the two services: where they are, who we are to them, and which
 * employee clocks. The client secret is not here: it lives in the vault, keyed by environment id.
 */
import { defaultAuthScheme } from '../../shared/api/api-profile.ts';
import { demoCredentials } from '../../shared/demo-credentials.ts';
import { MOCK_ENVIRONMENT_ID, type Environment } from '../../shared/domain/environments.ts';

/** The Mock's name in English; the app names it in the user's language (environment.mockName). */
export const MOCK_ENVIRONMENT_NAME = 'Mock (built-in)';
/** The demo credentials of the embedded mock are public knowledge, not a secret to protect. */
export const MOCK_CLIENT_SECRET = demoCredentials.clientSecret;

export const isMockEnvironment = (environment: Pick<Environment, 'id'>) => environment.id === MOCK_ENVIRONMENT_ID;

/** The built-in environment, pointing at wherever the embedded mock listens this session. */
export function mockEnvironment(
  urls: { timeclockBaseUrl: string; debtorsBaseUrl: string },
  name: string = MOCK_ENVIRONMENT_NAME,
): Environment {
  return {
    id: MOCK_ENVIRONMENT_ID,
    name,
    ...urls,
    clientId: demoCredentials.clientId,
    auth: defaultAuthScheme,
    employeeId: 'E1001',
  };
}
