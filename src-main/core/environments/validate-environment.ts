/**
 * Validation of an environment as a user or an admin file writes it: each problem is a sentence
 * tied to its field, and nothing half-valid gets through. Values come back trimmed.
 */
import type { AuthScheme } from '../api/auth.ts';
import type { Environment } from './environment.ts';

export type EnvironmentDraft = Omit<Environment, 'id'> & { id?: string };
export type FieldErrors = Partial<Record<string, string>>;
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
  Object.assign(errors, validateAuth(draft.auth));

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
      auth:
        draft.auth.kind === 'basic'
          ? { kind: 'basic' }
          : {
              kind: 'headers',
              clientIdHeader: draft.auth.clientIdHeader.trim(),
              clientSecretHeader: draft.auth.clientSecretHeader.trim(),
            },
    },
  };
}

function validateAuth(auth: AuthScheme): FieldErrors {
  if (auth.kind === 'basic') return {};
  const errors: FieldErrors = {};
  const idHeader = auth.clientIdHeader.trim();
  const secretHeader = auth.clientSecretHeader.trim();
  if (!HEADER_NAME.test(idHeader))
    errors.clientIdHeader = 'Client id header must be a header name: letters, digits and - _ . only.';
  if (!HEADER_NAME.test(secretHeader))
    errors.clientSecretHeader = 'Client secret header must be a header name: letters, digits and - _ . only.';
  if (!errors.clientIdHeader && !errors.clientSecretHeader && idHeader.toLowerCase() === secretHeader.toLowerCase()) {
    errors.clientSecretHeader = 'Client secret header must differ from the client id header.';
  }
  return errors;
}
