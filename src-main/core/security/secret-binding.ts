/**
 * What a stored secret was given for: the environment's id, both services' addresses, its sign-in
 * (client id and scheme, token address included) and the extra CA certificate it trusts. The vault
 * hands a secret out only to the same binding, so an admin file, a settings file edited by hand or
 * an environment of IT's that takes a user's id cannot send it elsewhere: any change asks for it again.
 */
import { createHash } from 'node:crypto';
import type { Environment } from '../../shared/domain/environments.ts';

type Destination = Pick<Environment, 'id' | 'timeclockBaseUrl' | 'debtorsBaseUrl' | 'clientId' | 'auth' | 'profile'>;

export function secretBinding(environment: Destination): string {
  const address = (url: string) => url.trim().replace(/\/+$/, '');
  const where = JSON.stringify([
    environment.id,
    address(environment.timeclockBaseUrl),
    address(environment.debtorsBaseUrl),
    environment.clientId,
    environment.auth,
    environment.profile?.caCertificatePem?.trim() ?? null,
  ]);
  return createHash('sha256').update(where).digest('base64url');
}
