/**
 * The health of one system as a pure state machine: each check (or an offline / reset event)
 * goes in; the new state, any change, and when to check next come out. No clock, no I/O.
 *
 * up ──fail──▶ suspect ──3 fails over ≥30 s──▶ down ──2 successes──▶ up
 * A suspect that succeeds is up again with no change worth telling anyone about.
 */
import type { HealthRules } from './health-rules.ts';
import type { OfflineCause, Probe } from './health-types.ts';
import type { RequestPhases } from '../../shared/ipc/contract.ts';

import type { SystemState } from '../../shared/domain/health.ts';
import { english } from '../../shared/i18n/catalogues.ts';
import type { Translate } from '../../shared/i18n/translator.ts';

export interface SystemHealth {
  state: SystemState;
  /** When the current state began. */
  since: number;
  failures: number;
  firstFailureAt: number | null;
  /** Consecutive successes while down. */
  recoveries: number;
  /**
   * The server's part of the last successful checks' latencies (up to rules.trendChecks), oldest
   * first: "slow" is their p95. The whole answer's time where the phases are not known.
   */
  recent: number[];
  /** The whole answers' times of the same checks: slow while the server's part is not is slow on the way. */
  recentTotal: number[];
  /** Where the last successful check's time went; null when not known. */
  lastPhases: RequestPhases | null;
  /** Slow by the time spent before the server (a proxy, name lookup, the network), not by the server. */
  slowOnTheWay: boolean;
  downStep: number;
  lastLatencyMs: number | null;
  lastCheckedAt: number | null;
  /** The last problem, in words. */
  message: string | null;
  /** Degraded by the system's own word (its health answer), not by slow answers. */
  reportedDegraded: boolean;
  /** The last failure was the system's own answer that it is down (not silence, not an error). */
  reportedDown: boolean;
  /** The last failure had no answer at all (connect, DNS, reset, timeout), not an error status. */
  noAnswer: boolean;
  /** The HTTP status of the last failure, when it had one (two systems failing alike point to what is in front of both). */
  failureStatus: number | null;
  /** Refused credentials that are no refusal: no secret was given yet, so nothing was asked. */
  authMissing: boolean;
  /** Refused as an access not yet approved may be: checked again every few minutes, not paused. */
  authPending: boolean;
  /** Offline because of what stands between: the proxy, its sign-in, or a certificate not trusted (null: no network). */
  offlineCause: OfflineCause | null;
  /** First failure of the current confirmed outage. */
  outageStartedAt: number | null;
  /** Times of confirmed changes (down, recovered) within the flap window. */
  changes: number[];
  unstable: boolean;
}

export interface HealthChange {
  from: SystemState;
  to: SystemState;
  at: number;
  /** A confirmed outage began or ended (what notifications are about). */
  confirmed: boolean;
  outageStartedAt: number | null;
  unstable: boolean;
  message: string | null;
}

export interface NextCheck {
  delayMs: number;
  /** The server asked us to wait at least this long (Retry-After): jitter only upwards. */
  atLeast: boolean;
  /** A re-check that confirms or clears a suspicion: on time, no jitter (it follows a failure, not a schedule). */
  exact?: boolean;
}

export interface Step {
  health: SystemHealth;
  change: HealthChange | null;
  /** Null: stop checking until something changes (refused credentials). */
  next: NextCheck | null;
}

export type HealthEvent = Probe | { kind: 'offline'; message: string; cause?: OfflineCause } | { kind: 'reset' };

export function initialHealth(now: number): SystemHealth {
  return {
    state: 'unknown',
    since: now,
    failures: 0,
    firstFailureAt: null,
    recoveries: 0,
    recent: [],
    recentTotal: [],
    lastPhases: null,
    slowOnTheWay: false,
    downStep: 0,
    lastLatencyMs: null,
    lastCheckedAt: null,
    message: null,
    reportedDegraded: false,
    reportedDown: false,
    noAnswer: false,
    failureStatus: null,
    authMissing: false,
    authPending: false,
    offlineCause: null,
    outageStartedAt: null,
    changes: [],
    unstable: false,
  };
}

/** `t`: the user's words, for the one sentence the machine makes itself (answers are slow). */
export function stepHealth(
  current: SystemHealth,
  event: HealthEvent,
  now: number,
  rules: HealthRules,
  t: Translate = english.t,
): Step {
  const health: SystemHealth = { ...current, changes: current.changes.filter((at) => now - at < rules.flapWindowMs) };
  if (health.unstable && health.changes.length === 0) health.unstable = false;
  if (event.kind !== 'reset') health.lastCheckedAt = now;
  const move = (to: SystemState, fields: Partial<SystemHealth>, next: NextCheck | null) =>
    moveTo(health, to, now, fields, next, rules);
  const interval: NextCheck = { delayMs: rules.intervalMs, atLeast: false };
  const backoff = () => rules.downBackoffMs[Math.min(health.downStep, rules.downBackoffMs.length - 1)]!;

  switch (event.kind) {
    case 'reset':
      // Sleep, unlock, a switch: what we knew is stale. Keep the outage memory, forget the streaks.
      return move(
        'unknown',
        { failures: 0, firstFailureAt: null, recoveries: 0, recent: [], recentTotal: [] },
        { delayMs: rules.resumeRecheckMs, atLeast: false },
      );
    case 'offline':
      return move(
        'offline',
        {
          failures: 0,
          firstFailureAt: null,
          recoveries: 0,
          message: event.message,
          reportedDown: false,
          offlineCause: event.cause ?? null,
        },
        interval,
      );
    case 'auth':
      // Refused credentials wait for a change of them; an approval still on its way is asked again later.
      return move(
        'auth-error',
        {
          message: event.message,
          failures: 0,
          firstFailureAt: null,
          reportedDown: false,
          authMissing: event.missing === true,
          authPending: event.pending === true,
        },
        event.pending ? { delayMs: rules.authPendingRecheckMs, atLeast: false } : null,
      );
    case 'rate-limited':
      if (health.state === 'down')
        return stay(health, { recoveries: 0, downStep: health.downStep + 1 }, waitFor(event.retryAfterMs, backoff(), rules));
      // Not known down: a long Retry-After would leave an outage untold that long (the 429 said nothing of one).
      return move(
        'rate-limited',
        { message: event.message },
        waitFor(event.retryAfterMs, backoff(), rules, rules.maxRateLimitWaitMs),
      );
    case 'ok':
      return onSuccess(health, event, rules, move, t);
    case 'fail':
    case 'network': {
      const retryAfterMs = 'retryAfterMs' in event ? event.retryAfterMs : undefined;
      const reportedDown = 'reported' in event && event.reported === true;
      const noAnswer = event.kind === 'network' || ('transport' in event && event.transport === true);
      const failureStatus = event.kind === 'fail' ? (event.status ?? null) : null;
      if (health.state === 'down')
        return stay(
          health,
          { recoveries: 0, message: event.message, downStep: health.downStep + 1, reportedDown, noAnswer, failureStatus },
          waitFor(retryAfterMs, backoff(), rules),
        );
      return onFailure({ ...health, reportedDown, noAnswer, failureStatus }, event.message, now, rules, move, retryAfterMs);
    }
  }
}

/** The server's Retry-After, at least (jitter only upwards) and at most `capMs`; else the fallback. */
const waitFor = (
  retryAfterMs: number | undefined,
  fallbackMs: number,
  rules: HealthRules,
  capMs = rules.maxRetryAfterMs,
): NextCheck =>
  retryAfterMs === undefined
    ? { delayMs: fallbackMs, atLeast: false }
    : { delayMs: Math.min(retryAfterMs, capMs), atLeast: true };

type Move = (to: SystemState, fields: Partial<SystemHealth>, next: NextCheck | null) => Step;

const stay = (health: SystemHealth, fields: Partial<SystemHealth>, next: NextCheck | null): Step => ({
  health: { ...health, ...fields },
  change: null,
  next,
});

/**
 * Slow is a trend, not a blip: the p95 of the last checks' latencies (rules.trendChecks) over the
 * threshold. At 20 checks that is two slow answers; with fewer, the p95 is the slowest, so two slow
 * ones are asked for too. The p95 (ms) when slow, null otherwise.
 */
export function slowTrend(
  recent: readonly number[],
  rules: Pick<HealthRules, 'latencyThresholdMs' | 'trendChecks'>,
): number | null {
  const sorted = [...recent].sort((a, b) => a - b);
  const p95 = sorted[Math.max(0, Math.ceil(0.95 * sorted.length) - 1)];
  const slowOnes = sorted.filter((latency) => latency > rules.latencyThresholdMs).length;
  return p95 !== undefined && p95 > rules.latencyThresholdMs && slowOnes >= 2 ? Math.round(p95) : null;
}

/**
 * Slow by the server's part of the answers, or — the server's part quick — by the whole answers:
 * then the time goes before the server (a proxy, name lookup, the network), said so.
 */
function slowness(
  recent: readonly number[],
  recentTotal: readonly number[],
  rules: HealthRules,
  t: Translate,
): { message: string; onTheWay: boolean } | null {
  const server = slowTrend(recent, rules);
  if (server !== null) return { message: t('health.slowAnswers', { ms: server }), onTheWay: false };
  const total = slowTrend(recentTotal, rules);
  return total === null ? null : { message: t('health.slowOnTheWayAnswers', { ms: total }), onTheWay: true };
}

function onSuccess(
  health: SystemHealth,
  answer: { latencyMs: number; degraded?: string; phases?: RequestPhases },
  rules: HealthRules,
  move: Move,
  t: Translate,
): Step {
  const { latencyMs, degraded: reported, phases } = answer;
  const interval: NextCheck = { delayMs: rules.intervalMs, atLeast: false };
  const serverMs = phases?.waitMs != null ? phases.waitMs + (phases.readMs ?? 0) : latencyMs;
  const recent = [...health.recent, serverMs].slice(-rules.trendChecks);
  const recentTotal = [...health.recentTotal, latencyMs].slice(-rules.trendChecks);
  const slow = slowness(recent, recentTotal, rules, t);
  const measured = {
    lastLatencyMs: latencyMs,
    failures: 0,
    firstFailureAt: null,
    reportedDown: false,
    noAnswer: false,
    failureStatus: null,
    authMissing: false,
    authPending: false,
    recent,
    recentTotal,
    lastPhases: phases ?? null,
  };
  // Recovery from an outage (also one remembered across a reset) takes several successes in a row.
  if (health.outageStartedAt !== null && (health.state === 'down' || health.state === 'unknown')) {
    const recoveries = health.recoveries + 1;
    if (recoveries < rules.successesToRecover)
      return stay(health, { ...measured, recoveries }, { delayMs: rules.recoverRecheckMs, atLeast: false });
    return move(
      reported ? 'degraded' : 'up',
      { ...measured, recoveries: 0, downStep: 0, message: reported ?? null, reportedDegraded: reported !== undefined },
      interval,
    );
  }
  // The system's own word that it is degraded: amber at once, never an outage.
  if (reported) {
    const fields = { ...measured, recoveries: 0, downStep: 0, message: reported, reportedDegraded: true };
    return health.state === 'degraded' ? stay(health, fields, interval) : move('degraded', fields, interval);
  }
  if (health.state === 'up') {
    if (slow)
      return move(
        'degraded',
        { ...measured, message: slow.message, reportedDegraded: false, slowOnTheWay: slow.onTheWay },
        interval,
      );
    return stay(health, measured, interval);
  }
  if (health.state === 'degraded') {
    if (!slow) return move('up', { ...measured, message: null, reportedDegraded: false, slowOnTheWay: false }, interval);
    return stay(health, { ...measured, message: slow.message, reportedDegraded: false, slowOnTheWay: slow.onTheWay }, interval);
  }
  return move('up', { ...measured, recoveries: 0, downStep: 0, message: null }, interval);
}

/**
 * A failure while not down. The re-checks that confirm or clear the suspicion keep their own
 * schedule whatever a Retry-After says: a 503 asking for an hour is no reason to take an hour
 * to tell an outage (it made the p99 four minutes and the worst case 37). Once down, it is honoured.
 */
function onFailure(
  health: SystemHealth,
  message: string,
  now: number,
  rules: HealthRules,
  move: Move,
  retryAfterMs: number | undefined,
): Step {
  const failures = health.failures + 1;
  const firstFailureAt = health.firstFailureAt ?? now;
  const { reportedDown, noAnswer, failureStatus } = health;
  if (failures >= rules.failuresToConfirm && now - firstFailureAt >= rules.confirmSpanMs) {
    // An outage remembered across a reset keeps its original start.
    const outageStartedAt = health.outageStartedAt ?? firstFailureAt;
    return move(
      'down',
      { failures, firstFailureAt, message, outageStartedAt, recoveries: 0, downStep: 1, reportedDown, noAnswer, failureStatus },
      waitFor(retryAfterMs, rules.downBackoffMs[0]!, rules),
    );
  }
  const untilSpan = firstFailureAt + rules.confirmSpanMs - now;
  const recheck = failures >= rules.failuresToConfirm ? untilSpan : (rules.recheckDelaysMs[failures - 1] ?? untilSpan);
  const next: NextCheck = { delayMs: Math.max(1000, recheck), atLeast: false, exact: true };
  const how = { reportedDown, noAnswer, failureStatus };
  if (health.state === 'suspect') return stay(health, { failures, firstFailureAt, message, ...how }, next);
  return move('suspect', { failures, firstFailureAt, message, ...how }, next);
}

function moveTo(
  health: SystemHealth,
  to: SystemState,
  now: number,
  fields: Partial<SystemHealth>,
  next: NextCheck | null,
  rules: HealthRules,
): Step {
  const from = health.state;
  const updated: SystemHealth = { ...health, ...fields };
  if (from === to) return { health: updated, change: null, next };
  updated.state = to;
  updated.since = now;
  const outageBegins = to === 'down' && health.outageStartedAt === null;
  const outageEnds = (to === 'up' || to === 'degraded') && health.outageStartedAt !== null;
  const outageStartedAt = outageEnds ? health.outageStartedAt : updated.outageStartedAt;
  if (outageEnds) updated.outageStartedAt = null;
  // Only real beginnings and ends of outages count towards flapping (not a re-confirmation after sleep).
  if (outageBegins || outageEnds) {
    updated.changes = [...updated.changes, now];
    if (updated.changes.length >= rules.flapChanges) updated.unstable = true;
  }
  return {
    health: updated,
    change: {
      from,
      to,
      at: now,
      confirmed: to === 'down' || outageEnds,
      outageStartedAt,
      unstable: updated.unstable,
      message: updated.message,
    },
    next,
  };
}
