/**
 * What the connection test can read from a server's refusals, as proposals (never applied by
 * themselves, never followed): the clock-out method its OPTIONS or 405 answer allows, the sign-in
 * header names a 401 names (an API gateway's own, such as IBM API Connect's X-IBM-Client-Id), and
 * the new address a moved service (301, 308) points to.
 */
import type { ApiProfile, ApiProfileInput } from '../../shared/api/api-profile.ts';
import type { ServiceName } from '../../shared/domain/api-problem.ts';
import type { ProfileSuggestion } from '../../shared/domain/environments.ts';
import type { Translate } from '../../shared/i18n/translator.ts';
import { ApiError } from '../api/api-error.ts';
import type { AuthScheme } from '../../shared/api/api-profile.ts';
import { recognizeGateway, sameSignIn, wantedSignIn } from '../api/gateway-recognition.ts';
import { gatewayWord } from '../../shared/i18n/api-problem-words.ts';
import type { HttpClient } from '../api/http-client.ts';

type ClockOutMethod = ApiProfile['clockOutMethod'];

/** The clock-out method a server allows, from its Allow and Accept-Patch lists; null when ours is allowed or nothing is said. */
export function allowedClockOut(
  current: ClockOutMethod,
  allow: string | null,
  acceptPatch: string | null,
): ClockOutMethod | null {
  const methods = (allow ?? '')
    .toUpperCase()
    .split(/[\s,]+/)
    .filter(Boolean);
  const patches = (acceptPatch ?? '')
    .toLowerCase()
    .split(/[\s,]+/)
    .filter(Boolean);
  const patchOf = (method: ClockOutMethod) =>
    ({
      'patch-json': 'application/json',
      'patch-merge': 'application/merge-patch+json',
      'json-patch': 'application/json-patch+json',
    })[method as Exclude<ClockOutMethod, 'put'>];
  const allowed = (method: ClockOutMethod) =>
    method === 'put'
      ? methods.includes('PUT')
      : methods.includes('PATCH') && (patches.length === 0 || patches.some((type) => type.split(';')[0] === patchOf(method)));
  if (methods.length === 0 || allowed(current)) return null;
  return (['patch-json', 'patch-merge', 'json-patch', 'put'] as const).find(allowed) ?? null;
}

/** Asks the event's address what it allows (OPTIONS; a 405 says it too), and proposes the clock-out method that fits. */
export async function clockOutProposal(
  http: HttpClient,
  eventId: string,
  profile: ApiProfile,
  t: Translate,
): Promise<ProfileSuggestion[]> {
  let allow: string | null = null;
  let acceptPatch: string | null = null;
  try {
    const response = await http.request({
      method: 'OPTIONS',
      path: `clockedTimeEvents/${encodeURIComponent(eventId)}`,
      operation: 'clockOut',
    });
    [allow, acceptPatch] = [response.headers.get('allow'), response.headers.get('accept-patch')];
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const wants = error.facts.wants ?? '';
    allow = /methods ([^;]+)/.exec(wants)?.[1] ?? null;
    acceptPatch = /PATCH content types ([^;]+)/.exec(wants)?.[1] ?? null;
  }
  const method = allowedClockOut(profile.clockOutMethod, allow, acceptPatch);
  if (!method) return [];
  const change: ApiProfileInput = { clockOutMethod: method };
  const said = { put: 'put', 'patch-json': 'patchJson', 'patch-merge': 'patchMerge', 'json-patch': 'jsonPatch' }[method];
  return [{ text: t('profile.clockOutMethod', { method: said, allow: allow ?? '' }), change }];
}

/**
 * The sign-in a 401 asks for: the recognised gateway's (named: "This looks like Azure API
 * Management: send the secret as an API key in the header …"), or the header names it names for the
 * client id and secret (a gateway's own). Nothing when it is the sign-in already sent (MuleSoft
 * refuses a wrong secret and an unapproved client alike: nothing to propose but Basic when it asks).
 */
export function signInProposal(error: ApiError, current: AuthScheme, t: Translate): ProfileSuggestion[] {
  if (error.kind !== 'unauthorized') return [];
  const said = `${error.facts.serverMessage ?? ''} ${JSON.stringify(error.facts.serverBody ?? '')}`;
  const evidence = { challenge: error.facts.challenge, headers: error.facts.headerNames, said };
  const gateway = error.facts.gateway ?? recognizeGateway(evidence);
  if (gateway) {
    const wanted = wantedSignIn(gateway, evidence);
    // MuleSoft's plain refusal cannot tell a wrong secret from a pending approval: no sign-in to propose.
    if (sameSignIn(wanted, current) || (gateway === 'mulesoft' && wanted.kind === 'headers')) return [];
    return [{ text: t('profile.gateway', { gateway: gatewayWord(gateway), signIn: signInWords(wanted, t) }), signIn: wanted }];
  }
  const idHeader = /\b(X-[A-Za-z0-9-]*Client-?Id)\b/i.exec(said)?.[1];
  if (!idHeader) return [];
  const secretHeader = /\b(X-[A-Za-z0-9-]*Client-?Secret)\b/i.exec(said)?.[1] ?? idHeader.replace(/Id$/i, 'Secret');
  return [
    {
      text: t('profile.signInHeaders', { id: idHeader, secret: secretHeader }),
      signIn: { kind: 'headers', clientIdHeader: idHeader, clientSecretHeader: secretHeader },
    },
  ];
}

/** A sign-in in words: "the secret as an API key in the header “apikey”". */
export function signInWords(scheme: AuthScheme, t: Translate): string {
  switch (scheme.kind) {
    case 'headers':
      return t('profile.signInAs', { kind: 'headers', id: scheme.clientIdHeader, secret: scheme.clientSecretHeader });
    case 'api-key':
      return t('profile.signInAs', { kind: 'apiKey', id: 'none', secret: scheme.header });
    case 'query':
      return t('profile.signInAs', { kind: 'query', id: scheme.clientIdParam || 'none', secret: scheme.clientSecretParam });
    case 'basic':
      return t('profile.signInAs', { kind: 'basic', id: 'none', secret: '' });
    default:
      return t('profile.signInAs', { kind: 'oauth', id: 'none', secret: '' });
  }
}

/** A service moved (301, 308): its new base address, from where the route it was asked for now is. Never followed. */
export function movedProposal(error: ApiError, service: ServiceName, path: string, t: Translate): ProfileSuggestion[] {
  const location = error.kind === 'redirected' ? error.facts.location : undefined;
  if (!location || (error.status !== 301 && error.status !== 308)) return [];
  const bare = location.split(/[?#]/)[0]!;
  const suffix = `/${path}`;
  if (!bare.endsWith(suffix)) return [{ text: t('profile.movedTo', { service, url: location }) }];
  const base = bare.slice(0, -suffix.length);
  return [
    {
      text: t('profile.moved', { service, url: base }),
      addresses: service === 'timeclock' ? { timeclockBaseUrl: base } : { debtorsBaseUrl: base },
    },
  ];
}
