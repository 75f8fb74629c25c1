/**
 * What a health answer says, in the words real services use: Spring's UP/DOWN, ASP.NET's
 * Healthy/Degraded/Unhealthy, IETF health+json's pass/warn/fail, in JSON or as plain text.
 */
export type HealthWord = 'up' | 'degraded' | 'down';

const DOWN = /\b(down|unhealthy|fail|failed|failure|failing|critical|error|out[_ -]?of[_ -]?service)\b/i;
const DEGRADED = /\b(degraded|warn|warning|partial)\b/i;
const UP = /\b(up|ok|healthy|pass|passed|alive|green)\b/i;

/** The word a status text stands for; null when it is none of them. */
export function healthWordOf(text: string): HealthWord | null {
  if (DOWN.test(text)) return 'down';
  if (DEGRADED.test(text)) return 'degraded';
  if (UP.test(text)) return 'up';
  return null;
}

/** The status a 2xx health body reports; null when it reports none we know (the 2xx alone then stands). */
export function readHealthWord(body: unknown): HealthWord | null {
  if (typeof body === 'string') return healthWordOf(body.slice(0, 500));
  if (typeof body !== 'object' || body === null) return null;
  const record = body as Record<string, unknown>;
  const status = record.status ?? record.Status ?? record.health ?? record.healthy ?? record.Healthy;
  if (typeof status === 'boolean') return status ? 'up' : 'down';
  if (typeof status === 'string') return healthWordOf(status);
  return null;
}
