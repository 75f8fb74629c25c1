/** The numbers behind the health semantics; defaults from the settings, the rest fixed here. */
import type { Preferences } from '../../shared/settings-schema.ts';

export interface HealthRules {
  intervalMs: number;
  /** Waits after the 1st and 2nd failure before re-checking. */
  recheckDelaysMs: readonly number[];
  failuresToConfirm: number;
  /** Failures must span at least this long to confirm an outage: shorter blips never notify. */
  confirmSpanMs: number;
  successesToRecover: number;
  recoverRecheckMs: number;
  latencyThresholdMs: number;
  /** "Slow" is the p95 of this many last checks over the threshold (health-machine.ts, slowTrend). */
  trendChecks: number;
  /** Waits between checks while down (the last repeats), unless the server sent Retry-After. */
  downBackoffMs: readonly number[];
  /** While down, a Retry-After is honoured up to this (the longest backoff: a recovery is told within it). */
  maxRetryAfterMs: number;
  /**
   * A 429 on a system not known down is honoured up to this: the longest the watch looks away from
   * it, so that an outage beginning meanwhile is still told within about three minutes.
   */
  maxRateLimitWaitMs: number;
  flapWindowMs: number;
  flapChanges: number;
  /** After sleep, unlock or a switch: check again this soon. */
  resumeRecheckMs: number;
  /** A timer this late means the machine slept without telling us. */
  lateTimerMs: number;
  /** Credentials refused as "wrong, or access not yet approved" (MuleSoft): asked again this often, for the approval. */
  authPendingRecheckMs: number;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;

export function healthRules(monitoring: Preferences['monitoring']): HealthRules {
  return {
    intervalMs: monitoring.pollIntervalSeconds * SECOND,
    recheckDelaysMs: [10 * SECOND, 20 * SECOND],
    failuresToConfirm: 3,
    confirmSpanMs: 30 * SECOND,
    successesToRecover: 2,
    recoverRecheckMs: 10 * SECOND,
    latencyThresholdMs: monitoring.latencyThresholdMs,
    trendChecks: 20,
    downBackoffMs: [30 * SECOND, 60 * SECOND, 120 * SECOND, 300 * SECOND],
    maxRetryAfterMs: 5 * MINUTE,
    maxRateLimitWaitMs: 2 * MINUTE,
    flapWindowMs: 30 * MINUTE,
    flapChanges: 4,
    resumeRecheckMs: 5 * SECOND,
    lateTimerMs: 60 * SECOND,
    authPendingRecheckMs: 5 * MINUTE,
  };
}
