/**
 * Validation of an environment as a user or an admin file writes it: each problem is a sentence
 * tied to its field, in the words of `t` (the user's for Settings, English for the admin file's
 * log lines), and nothing half-valid gets through. Values come back trimmed.
 */
import type { ApiProfile, AuthScheme, Paging } from '../../shared/api/api-profile.ts';
import type { Environment, FieldErrors } from '../../shared/domain/environments.ts';
import { english } from '../../shared/i18n/catalogues.ts';
import { describeCaCertificate } from './ca-certificate.ts';
import type { Translate } from '../../shared/i18n/translator.ts';

export type EnvironmentDraft = Omit<Environment, 'id'> & { id?: string };
export type Validation<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors };

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const EMPLOYEE_ID = /^[A-Za-z0-9._-]{1,64}$/;
const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;
const NAME_MAX = 60;
const EMPLOYEE_ID_MAX = 64;

/** Which address a URL problem is about. */
export type UrlField = 'timeclock' | 'debtors' | 'tokenUrl';
type UrlProblem = 'required' | 'notUrl' | 'scheme' | 'plainHttp' | 'userInfo' | 'queryOrFragment';

function urlProblem(trimmed: string): UrlProblem | null {
  if (trimmed === '') return 'required';
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return 'notUrl';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'scheme';
  if (url.protocol === 'http:' && !LOOPBACK.test(url.hostname)) return 'plainHttp';
  if (url.username || url.password) return 'userInfo';
  if (url.search || url.hash) return 'queryOrFragment';
  return null;
}

function validateBaseUrl(text: string, field: UrlField, t: Translate = english.t): string | null {
  const problem = urlProblem(text.trim());
  return problem && t(`invalid.url.${problem}`, { subject: t('invalid.url.subject', { field }) });
}

export function validateEnvironment(
  draft: EnvironmentDraft,
  others: readonly Pick<Environment, 'id' | 'name'>[],
  t: Translate = english.t,
): Validation<EnvironmentDraft> {
  const errors: FieldErrors = {};
  const name = draft.name.trim();
  if (name === '') errors.name = t('invalid.name.required');
  else if (name.length > NAME_MAX) errors.name = t('invalid.name.tooLong', { max: NAME_MAX });
  else if (others.some((other) => other.id !== draft.id && other.name.trim().toLowerCase() === name.toLowerCase())) {
    errors.name = t('invalid.name.taken', { name });
  }
  const timeclock = validateBaseUrl(draft.timeclockBaseUrl, 'timeclock', t);
  if (timeclock) errors.timeclockBaseUrl = timeclock;
  const debtors = validateBaseUrl(draft.debtorsBaseUrl, 'debtors', t);
  if (debtors) errors.debtorsBaseUrl = debtors;
  const clientId = draft.clientId.trim();
  if (clientId === '') errors.clientId = t('invalid.clientId.required');
  const employeeId = draft.employeeId.trim();
  if (employeeId === '') errors.employeeId = t('invalid.employeeId.required');
  else if (!EMPLOYEE_ID.test(employeeId)) errors.employeeId = t('invalid.employeeId.format', { max: EMPLOYEE_ID_MAX });
  const auth = validateAuth(draft.auth, t);
  Object.assign(errors, auth.errors);
  const profile = draft.profile === undefined ? null : validateProfile(draft.profile, t);
  if (profile) Object.assign(errors, profile.errors);

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: {
      ...draft,
      name,
      clientId,
      employeeId,
      timeclockBaseUrl: draft.timeclockBaseUrl.trim(),
      debtorsBaseUrl: draft.debtorsBaseUrl.trim(),
      auth: auth.value,
      ...(profile ? { profile: profile.value } : {}),
    },
  };
}

/** A query parameter's name as gateways take it: letters, digits and - _ . (no spaces, no &, no =). */
const QUERY_PARAM = /^[A-Za-z0-9_.-]{1,100}$/;

const headerProblem = (header: 'apiKey' | 'clientId' | 'clientSecret', value: string, t: Translate) =>
  HEADER_NAME.test(value) ? null : t('invalid.header.format', { header });

function validateAuth(auth: AuthScheme, t: Translate): { errors: FieldErrors; value: AuthScheme } {
  const errors: FieldErrors = {};
  switch (auth.kind) {
    case 'basic':
      return { errors, value: { kind: 'basic' } };
    case 'api-key': {
      const header = auth.header.trim();
      const problem = headerProblem('apiKey', header, t);
      if (problem) errors['auth.header'] = problem;
      return { errors, value: { kind: 'api-key', header } };
    }
    case 'oauth-client-credentials': {
      const tokenUrl = auth.tokenUrl.trim();
      const problem = validateBaseUrl(tokenUrl, 'tokenUrl', t);
      if (problem) errors['auth.tokenUrl'] = problem;
      const scope = auth.scope?.trim() || undefined;
      const audience = auth.audience?.trim() || undefined;
      return {
        errors,
        value: {
          kind: 'oauth-client-credentials',
          tokenUrl,
          credentialsIn: auth.credentialsIn,
          ...(scope ? { scope } : {}),
          ...(audience ? { audience } : {}),
        },
      };
    }
    case 'query': {
      const idParam = auth.clientIdParam.trim();
      const secretParam = auth.clientSecretParam.trim();
      if (idParam !== '' && !QUERY_PARAM.test(idParam))
        errors['auth.clientIdParam'] = t('invalid.param.format', { param: 'clientId' });
      if (!QUERY_PARAM.test(secretParam)) errors['auth.clientSecretParam'] = t('invalid.param.format', { param: 'clientSecret' });
      else if (idParam === secretParam) errors['auth.clientSecretParam'] = t('invalid.param.same');
      return { errors, value: { kind: 'query', clientIdParam: idParam, clientSecretParam: secretParam } };
    }
    case 'headers': {
      const idHeader = auth.clientIdHeader.trim();
      const secretHeader = auth.clientSecretHeader.trim();
      const idProblem = headerProblem('clientId', idHeader, t);
      const secretProblem = headerProblem('clientSecret', secretHeader, t);
      if (idProblem) errors.clientIdHeader = idProblem;
      if (secretProblem) errors.clientSecretHeader = secretProblem;
      if (!idProblem && !secretProblem && idHeader.toLowerCase() === secretHeader.toLowerCase())
        errors.clientSecretHeader = t('invalid.header.same');
      return { errors, value: { kind: 'headers', clientIdHeader: idHeader, clientSecretHeader: secretHeader } };
    }
  }
}

const FIELD_NAME = /^[A-Za-z_$@][A-Za-z0-9_$@.:-]{0,99}$/;
const PATH = /^[A-Za-z_$@][A-Za-z0-9_$@:-]*(\.[A-Za-z_$@][A-Za-z0-9_$@:-]*)*$/;

/** Each wrong value of an API profile, as a sentence under its field (profile.serverTimeZone, …). */
export function validateProfile(profile: ApiProfile, t: Translate = english.t): { errors: FieldErrors; value: ApiProfile } {
  const errors: FieldErrors = {};
  const trimmed = (value: string | null) => (value === null || value.trim() === '' ? null : value.trim());
  /** Field names of one group, trimmed, each wrong one named. */
  const names = <T extends Record<string, string | null>>(group: 'timeEventFields' | 'debtorFields', given: T): T => {
    const cleaned = Object.fromEntries(Object.entries(given).map(([field, name]) => [field, trimmed(name)])) as T;
    for (const [field, name] of Object.entries(cleaned))
      if (name !== null && !FIELD_NAME.test(name))
        errors[`profile.${group}.${field}`] = t('invalid.profile.fieldName', { field });
    return cleaned;
  };
  const fields = names('timeEventFields', profile.timeEventFields);
  const debtorFields = names('debtorFields', profile.debtorFields);
  const singleEnvelope = trimmed(profile.singleEnvelope);
  const listEnvelope = trimmed(profile.listEnvelope);
  if (singleEnvelope !== null && !PATH.test(singleEnvelope))
    errors['profile.singleEnvelope'] = t('invalid.profile.envelope', { kind: 'single', example: 'data.item' });
  if (listEnvelope !== null && !PATH.test(listEnvelope))
    errors['profile.listEnvelope'] = t('invalid.profile.envelope', { kind: 'list', example: 'data.items' });
  const caCertificatePem = trimmed(profile.caCertificatePem);
  // Read as a certificate, not only shaped like one: a pasted PEM cut short is said at once.
  if (caCertificatePem !== null && !describeCaCertificate(caCertificatePem, 0).ok)
    errors['profile.caCertificatePem'] = t('invalid.profile.caCertificate');
  const paging = pagingOf(profile.paging, errors, t);
  const serverTimeZone = profile.serverTimeZone.trim() || 'UTC';
  if (!isTimeZone(serverTimeZone)) errors['profile.serverTimeZone'] = t('invalid.profile.timeZone', { zone: serverTimeZone });
  return {
    errors,
    value: {
      ...profile,
      timeEventFields: fields,
      debtorFields,
      singleEnvelope,
      listEnvelope,
      serverTimeZone,
      caCertificatePem,
      paging,
    },
  };
}

const QUERY_PARAMETER = /^[A-Za-z0-9_$.[\]-]{1,100}$/;

/** The paging's two parameter names, trimmed; each wrong one (or the same twice) named under its field. */
function pagingOf(paging: Paging, errors: FieldErrors, t: Translate): Paging {
  const check = (names: Record<string, string>) => {
    const [first, second] = Object.values(names);
    for (const [parameter, name] of Object.entries(names))
      if (!QUERY_PARAMETER.test(name) || first === second)
        errors[`profile.paging.${parameter}`] = t('invalid.profile.pagingParameter', { parameter });
    return names;
  };
  if (paging.style === 'page')
    return { ...paging, ...check({ pageParam: paging.pageParam.trim(), sizeParam: paging.sizeParam.trim() }) };
  if (paging.style === 'offset')
    return { ...paging, ...check({ offsetParam: paging.offsetParam.trim(), limitParam: paging.limitParam.trim() }) };
  return paging;
}

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
