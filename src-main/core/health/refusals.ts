/**
 * The app's own requests as evidence of a system's health: `/health` can answer 200 while the
 * requests that matter are refused (a 401 after a credential change, a 403 from a new gateway
 * rule, a body the app cannot read). A system whose requests fail so since a moment is "up, but
 * refusing this app's requests since 10:40" until one of them succeeds again.
 *
 * Counted: what says the service refuses or cannot be understood. Not counted: no answer, a
 * timeout, a cancel or a rate limit (the way there, or the health watch's own evidence), nor what
 * is about the request itself (400, 409, 422: a punch the service turns down for its own reasons).
 * A refused credential or access counts at once; anything else from its second time in a row.
 */
import type { HealthSystem } from '../../shared/api/types.ts';
import type { ApiErrorKind } from '../../shared/domain/api-problem.ts';

/** How one of the app's requests to a system ended: null when it was answered and understood. */
export type RequestFailure = { kind: ApiErrorKind; message: string } | null;

export interface Refusal {
  /** When the failing began (the first failure of the run). */
  since: number;
  /** The last failure, in the user's words (never a secret: ApiError messages are redacted). */
  cause: string;
  /** Failures in a row. */
  count: number;
}

const REFUSING: ReadonlySet<ApiErrorKind> = new Set([
  'unauthorized',
  'forbidden',
  'not-found',
  'not-supported',
  'redirected',
  'bad-response',
  'server',
]);
const AT_ONCE: ReadonlySet<ApiErrorKind> = new Set(['unauthorized', 'forbidden']);

export interface Refusals {
  /** A request of the app's own ended; true when what is shown changed. */
  settled(system: HealthSystem, failure: RequestFailure, at: number): boolean;
  /** The system's requests failing, once it counts; null otherwise. */
  current(system: HealthSystem): Refusal | null;
  /** New credentials, another environment: what failed before says nothing now. */
  clear(): void;
}

export function createRefusals(): Refusals {
  const runs = new Map<HealthSystem, Refusal & { atOnce: boolean }>();
  const shown = (system: HealthSystem) => {
    const run = runs.get(system);
    return run && (run.atOnce || run.count >= 2) ? run : null;
  };
  return {
    settled(system, failure, at) {
      const before = shown(system);
      if (failure === null) runs.delete(system);
      else if (!REFUSING.has(failure.kind))
        return false; // says nothing either way
      else {
        const run = runs.get(system);
        runs.set(system, {
          since: run?.since ?? at,
          cause: failure.message,
          count: (run?.count ?? 0) + 1,
          atOnce: AT_ONCE.has(failure.kind),
        });
      }
      const after = shown(system);
      return before?.since !== after?.since || before?.cause !== after?.cause;
    },
    current: (system) => {
      const run = shown(system);
      return run && { since: run.since, cause: run.cause, count: run.count };
    },
    clear: () => runs.clear(),
  };
}
