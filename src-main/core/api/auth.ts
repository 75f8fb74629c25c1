/** How an environment's credentials travel: two headers (default) or HTTP Basic. */
export type AuthScheme = { kind: 'headers'; clientIdHeader: string; clientSecretHeader: string } | { kind: 'basic' };

export const defaultAuthScheme: AuthScheme = {
  kind: 'headers',
  clientIdHeader: 'client_id',
  clientSecretHeader: 'client_secret',
};

export interface Credentials {
  clientId: string;
  clientSecret: string;
}

export function authHeaders(scheme: AuthScheme, credentials: Credentials): Record<string, string> {
  if (scheme.kind === 'basic') {
    const token = Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`, 'utf8').toString('base64');
    return { authorization: `Basic ${token}` };
  }
  return { [scheme.clientIdHeader]: credentials.clientId, [scheme.clientSecretHeader]: credentials.clientSecret };
}
