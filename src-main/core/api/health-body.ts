/**
 * What a health answer says, in the words real services use: Spring's UP/DOWN/OUT_OF_SERVICE,
 * ASP.NET's Healthy/Degraded/Unhealthy, IETF health+json's pass/warn/fail, MuleSoft templates'
 * OK/DEGRADED/OFFLINE — in JSON or as plain text — and the dependencies it names as failing.
 */
export type HealthWord = 'up' | 'degraded' | 'down';

const DOWN = /\b(down|unhealthy|fail|failed|failure|failing|critical|error|offline|unavailable|out[_ -]?of[_ -]?service)\b/i;
const DEGRADED = /\b(degraded|warn|warning|partial)\b/i;
const UP = /\b(up|ok|healthy|pass|passed|alive|green|online)\b/i;

/** The word a status text stands for; null when it is none of them. */
export function healthWordOf(text: string): HealthWord | null {
  if (DOWN.test(text)) return 'down';
  if (DEGRADED.test(text)) return 'degraded';
  if (UP.test(text)) return 'up';
  return null;
}

/**
 * A 2xx health answer read: the state and the dependencies it names as not up; or the system's own
 * word when it is none the app knows (not taken as working). An empty answer, or JSON without any
 * status, is the 2xx alone: up.
 */
export type HealthAnswer = { state: HealthWord; failing: string[] } | { unknownWord: string };

export function readHealthAnswer(body: unknown): HealthAnswer {
  if (body === undefined || body === null || (typeof body === 'string' && body.trim() === ''))
    return { state: 'up', failing: [] };
  if (typeof body === 'string') return fromWord(body.trim().slice(0, 60), []);
  if (typeof body !== 'object') return { unknownWord: String(body).slice(0, 60) };
  const record = body as Record<string, unknown>;
  const failing = failingParts(record);
  const status = record.status ?? record.Status ?? record.health ?? record.healthy ?? record.Healthy ?? record.state;
  if (typeof status === 'boolean') return { state: status ? 'up' : 'down', failing };
  if (typeof status === 'string') return fromWord(status, failing);
  // No status of its own: what its parts say, else the 2xx alone.
  return { state: failing.length > 0 ? 'degraded' : 'up', failing };
}

function fromWord(word: string, failing: string[]): HealthAnswer {
  const state = healthWordOf(word);
  return state === null ? { unknownWord: word } : { state, failing };
}

/**
 * The parts a body names as not up: `dependencies` / `checks` as a list of {name, status} (Mule
 * templates, IETF's checks), or `components` / `details` / `entries` as a map of name → {status}
 * (Spring Boot, ASP.NET).
 */
function failingParts(record: Record<string, unknown>): string[] {
  const named: Array<[string, unknown]> = [];
  for (const key of ['dependencies', 'Dependencies', 'checks', 'components', 'details', 'entries']) {
    const parts = record[key];
    if (Array.isArray(parts))
      for (const part of parts) {
        if (typeof part === 'object' && part !== null) {
          const { name, status } = part as Record<string, unknown>;
          named.push([String(name ?? '?'), status]);
        }
      }
    else if (typeof parts === 'object' && parts !== null)
      for (const [name, part] of Object.entries(parts))
        named.push([name, (part as Record<string, unknown> | null)?.status ?? part]);
  }
  return named
    .filter(([, status]) => (typeof status === 'string' ? healthWordOf(status) : status === false ? 'down' : 'up') !== 'up')
    .map(([name]) => name.slice(0, 40))
    .slice(0, 5);
}
