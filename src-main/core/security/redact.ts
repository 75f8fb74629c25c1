/**
 * Removes secrets from text bound for logs, error messages or a renderer. Every known secret
 * value is replaced, as are the values of credential-looking fields and headers.
 */
export const REDACTED = '[redacted]';

const credentialField =
  /((?:client[_-]?secret|password|authorization|secret|token)["']?\s*[:=]\s*["']?)(Basic\s+|Bearer\s+)?[^\s"',;}&]+/gi;

export function redact(text: string, secrets: Iterable<string> = []): string {
  let result = text;
  for (const secret of secrets) {
    if (secret.length >= 4) result = result.split(secret).join(REDACTED);
  }
  return result.replace(
    credentialField,
    (_, prefix: string, scheme: string | undefined) => `${prefix}${scheme ?? ''}${REDACTED}`,
  );
}
