/**
 * Which API gateway refused a request, from what it sent — its challenge, its error body, the
 * headers it adds to every answer — and the sign-in it wants. Each rule follows the gateway's own
 * documentation (cited in src-main/testing/gateway-emulation.ts, which behaves the same way).
 */
import type { AuthScheme } from '../../shared/api/api-profile.ts';
import type { Gateway } from '../../shared/domain/api-problem.ts';

/** What a refusal showed of the gateway: its challenge, the names of its telltale headers, its words. */
export interface GatewayEvidence {
  challenge?: string;
  headers?: string[];
  /** The server's message and body, as text. */
  said: string;
}

/** The headers each gateway adds to its answers, by which it is known. */
export const GATEWAY_HEADERS: Record<Gateway, RegExp> = {
  mulesoft: /^x-correlation-id$|^x-ratelimit-/,
  'azure-apim': /^apim-request-id$|^ocp-apim-/,
  kong: /^x-kong-|^kong-/,
  apigee: /^x-apigee-/,
  'ibm-api-connect': /^x-ibm-/,
};

/**
 * MuleSoft Client ID Enforcement's refusal of a request with no client id (Mule 3 and early Mule 4
 * policies): `{"error":"missing_client","description":"client_id is missing"}`, no challenge.
 */
export const MULE_CLIENT_MISSING = /"missing_client"|client_id is missing/i;

export function recognizeGateway({ challenge = '', headers = [], said }: GatewayEvidence): Gateway | null {
  if (/^\s*Client-ID-Enforcement\b/i.test(challenge) || /realm="mule-realm"/i.test(challenge)) return 'mulesoft';
  if (MULE_CLIENT_MISSING.test(said)) return 'mulesoft';
  if (/subscription key|Ocp-Apim/i.test(said)) return 'azure-apim';
  if (/^\s*Key realm="kong"/i.test(challenge) || /No API key found in request/i.test(said)) return 'kong';
  if (/oauth\.v2\.(FailedToResolveAPIKey|InvalidApiKey)|Failed to resolve API Key variable/i.test(said)) return 'apigee';
  if (/X-IBM-Client-Id/i.test(said)) return 'ibm-api-connect';
  const named = (Object.keys(GATEWAY_HEADERS) as Gateway[]).filter((gateway) =>
    headers.some((name) => GATEWAY_HEADERS[gateway].test(name.toLowerCase())),
  );
  // x-correlation-id alone is too common to name MuleSoft by.
  return named.length === 1 && !(named[0] === 'mulesoft' && headers.every((name) => name === 'x-correlation-id'))
    ? named[0]!
    : null;
}

/** The sign-in each gateway wants by default (its documentation's), for a one-click proposal or an IT preset. */
export const GATEWAY_SIGN_IN: Record<Gateway | 'mulesoft-basic' | 'mulesoft-query', AuthScheme> = {
  mulesoft: { kind: 'headers', clientIdHeader: 'client_id', clientSecretHeader: 'client_secret' },
  'mulesoft-basic': { kind: 'basic' },
  'mulesoft-query': { kind: 'query', clientIdParam: 'client_id', clientSecretParam: 'client_secret' },
  'azure-apim': { kind: 'api-key', header: 'Ocp-Apim-Subscription-Key' },
  kong: { kind: 'api-key', header: 'apikey' },
  apigee: { kind: 'api-key', header: 'x-api-key' },
  'ibm-api-connect': { kind: 'headers', clientIdHeader: 'X-IBM-Client-Id', clientSecretHeader: 'X-IBM-Client-Secret' },
};
export type GatewayPreset = keyof typeof GATEWAY_SIGN_IN;
export const GATEWAY_PRESETS = Object.keys(GATEWAY_SIGN_IN) as GatewayPreset[];

/** The sign-in this gateway's refusal asks for: where it says it looked for the key, else its default. */
export function wantedSignIn(gateway: Gateway, evidence: GatewayEvidence): AuthScheme {
  if (gateway === 'mulesoft' && /^\s*Basic\b/i.test(evidence.challenge ?? '')) return GATEWAY_SIGN_IN['mulesoft-basic'];
  // No client id found: Mule 3's policies read it from the query by default.
  if (gateway === 'mulesoft' && MULE_CLIENT_MISSING.test(evidence.said)) return GATEWAY_SIGN_IN['mulesoft-query'];
  if (gateway === 'apigee') {
    // "Failed to resolve API Key variable request.queryparam.apikey" names where the proxy looks.
    const param = /request\.queryparam\.([\w.-]+)/i.exec(evidence.said)?.[1];
    if (param) return { kind: 'query', clientIdParam: '', clientSecretParam: param };
    const header = /request\.header\.([\w-]+)/i.exec(evidence.said)?.[1];
    if (header) return { kind: 'api-key', header };
  }
  if (gateway === 'ibm-api-connect') {
    const id = /\b(X-IBM-Client-Id)\b/i.exec(evidence.said)?.[1] ?? 'X-IBM-Client-Id';
    return { kind: 'headers', clientIdHeader: id, clientSecretHeader: id.replace(/Id$/i, 'Secret') };
  }
  return GATEWAY_SIGN_IN[gateway];
}

/** Whether two sign-ins send the credentials the same way (header names compared without case). */
export function sameSignIn(a: AuthScheme, b: AuthScheme): boolean {
  return JSON.stringify(a).toLowerCase() === JSON.stringify(b).toLowerCase();
}
