/**
 * Validation of an environment as a user or an admin file writes it: each problem is a sentence
 * tied to its field, and nothing half-valid gets through. Values come back trimmed.
 */
import type { ApiProfile, AuthScheme } from '../../shared/api/api-profile.ts';
import type { Environment, FieldErrors } from '../../shared/domain/environments.ts';

export type EnvironmentDraft = Omit<Environment, 'id'> & { id?: string };
export type Validation<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors };

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const EMPLOYEE_ID = /^[A-Za-z0-9._-]{1,64}$/;
const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

export function validateBaseUrl(text: string, label: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return `${label} is required.`;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return `${label} is not a valid URL; write it like https://api.example.com/timeclock.`;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return `${label} must start with https://.`;
  if (url.protocol === 'http:' && !LOOPBACK.test(url.hostname)) {
    return `${label} must use https:// (plain http:// is allowed only for this computer: localhost or 127.0.0.1).`;
  }
  if (url.username || url.password)
    return `${label} must not contain a user name or password; use the client id and secret fields.`;
  if (url.search || url.hash) return `${label} must not contain a query (?…) or fragment (#…).`;
  return null;
}

export function validateEnvironment(
  draft: EnvironmentDraft,
  others: readonly Pick<Environment, 'id' | 'name'>[],
): Validation<EnvironmentDraft> {
  const errors: FieldErrors = {};
  const name = draft.name.trim();
  if (name === '') errors.name = 'Name is required.';
  else if (name.length > 60) errors.name = 'Name must be at most 60 characters.';
  else if (others.some((other) => other.id !== draft.id && other.name.trim().toLowerCase() === name.toLowerCase())) {
    errors.name = `Another environment is already called “${name}”.`;
  }
  const timeclock = validateBaseUrl(draft.timeclockBaseUrl, 'Timeclock base URL');
  if (timeclock) errors.timeclockBaseUrl = timeclock;
  const debtors = validateBaseUrl(draft.debtorsBaseUrl, 'Debtors base URL');
  if (debtors) errors.debtorsBaseUrl = debtors;
  const clientId = draft.clientId.trim();
  if (clientId === '') errors.clientId = 'Client id is required.';
  const employeeId = draft.employeeId.trim();
  if (employeeId === '') errors.employeeId = 'Employee id is required.';
  else if (!EMPLOYEE_ID.test(employeeId))
    errors.employeeId = 'Employee id may use only letters, digits, dots, dashes and underscores (at most 64).';
  const auth = validateAuth(draft.auth);
  Object.assign(errors, auth.errors);
  const profile = draft.profile === undefined ? null : validateProfile(draft.profile);
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

const headerProblem = (label: string, value: string) =>
  HEADER_NAME.test(value) ? null : `${label} must be a header name: letters, digits and - _ . only.`;

function validateAuth(auth: AuthScheme): { errors: FieldErrors; value: AuthScheme } {
  const errors: FieldErrors = {};
  switch (auth.kind) {
    case 'basic':
      return { errors, value: { kind: 'basic' } };
    case 'api-key': {
      const header = auth.header.trim();
      const problem = headerProblem('API key header', header);
      if (problem) errors['auth.header'] = problem;
      return { errors, value: { kind: 'api-key', header } };
    }
    case 'oauth-client-credentials': {
      const tokenUrl = auth.tokenUrl.trim();
      const problem = validateBaseUrl(tokenUrl, 'Token URL');
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
    case 'headers': {
      const idHeader = auth.clientIdHeader.trim();
      const secretHeader = auth.clientSecretHeader.trim();
      const idProblem = headerProblem('Client id header', idHeader);
      const secretProblem = headerProblem('Client secret header', secretHeader);
      if (idProblem) errors.clientIdHeader = idProblem;
      if (secretProblem) errors.clientSecretHeader = secretProblem;
      if (!idProblem && !secretProblem && idHeader.toLowerCase() === secretHeader.toLowerCase())
        errors.clientSecretHeader = 'Client secret header must differ from the client id header.';
      return { errors, value: { kind: 'headers', clientIdHeader: idHeader, clientSecretHeader: secretHeader } };
    }
  }
}

const FIELD_NAME = /^[A-Za-z_$@][A-Za-z0-9_$@.:-]{0,99}$/;
const PATH = /^[A-Za-z_$@][A-Za-z0-9_$@:-]*(\.[A-Za-z_$@][A-Za-z0-9_$@:-]*)*$/;

/** Each wrong value of an API profile, as a sentence under its field (profile.serverTimeZone, …). */
export function validateProfile(profile: ApiProfile): { errors: FieldErrors; value: ApiProfile } {
  const errors: FieldErrors = {};
  const trimmed = (value: string | null) => (value === null || value.trim() === '' ? null : value.trim());
  /** Field names of one group, trimmed, each wrong one named. */
  const names = <T extends Record<string, string | null>>(group: 'timeEventFields' | 'debtorFields', given: T): T => {
    const cleaned = Object.fromEntries(Object.entries(given).map(([field, name]) => [field, trimmed(name)])) as T;
    for (const [field, name] of Object.entries(cleaned))
      if (name !== null && !FIELD_NAME.test(name))
        errors[`profile.${group}.${field}`] = `The name for ${field} must be a JSON field name (letters, digits, _ $ @ . : -).`;
    return cleaned;
  };
  const fields = names('timeEventFields', profile.timeEventFields);
  const debtorFields = names('debtorFields', profile.debtorFields);
  const singleEnvelope = trimmed(profile.singleEnvelope);
  const listEnvelope = trimmed(profile.listEnvelope);
  if (singleEnvelope !== null && !PATH.test(singleEnvelope))
    errors['profile.singleEnvelope'] = 'The envelope of single objects must be a field name or a dot path such as data.item.';
  if (listEnvelope !== null && !PATH.test(listEnvelope))
    errors['profile.listEnvelope'] = 'The envelope of lists must be a field name or a dot path such as data.items.';
  const caCertificatePem = trimmed(profile.caCertificatePem);
  if (caCertificatePem !== null && !/^-----BEGIN CERTIFICATE-----[\s\S]+-----END CERTIFICATE-----$/.test(caCertificatePem))
    errors['profile.caCertificatePem'] =
      'The CA certificate must be PEM text, from -----BEGIN CERTIFICATE----- to -----END CERTIFICATE-----.';
  const serverTimeZone = profile.serverTimeZone.trim() || 'UTC';
  if (!isTimeZone(serverTimeZone))
    errors['profile.serverTimeZone'] =
      `“${serverTimeZone}” is not a time zone name; use an IANA name such as Europe/Berlin or America/New_York.`;
  return {
    errors,
    value: { ...profile, timeEventFields: fields, debtorFields, singleEnvelope, listEnvelope, serverTimeZone, caCertificatePem },
  };
}

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
