/**
 * Fault injection: what the mock does wrong on purpose, for tests, demos and training.
 * Systems (`source` = /health-check, `target` = /health) and services (`timeclock`, `debtors`:
 * their data operations) each carry their own settings.
 */
import * as v from 'valibot';

const rateLimitSchema = v.nullable(
  v.object({
    retryAfterSeconds: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(86_400)),
    /** Answer 429 to this many more requests, then recover; omitted or null: until cleared. */
    remaining: v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1)))),
  }),
);

const faultFields = {
  latencyMs: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(600_000))),
  /** Do the work at once but hold the reply: a request that lands while its answer is lost. */
  replyDelayMs: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(600_000))),
  errorRate: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(1))),
  rateLimit: v.optional(rateLimitSchema),
};

export const systemPatchSchema = v.strictObject({
  status: v.optional(v.picklist(['up', 'down'])),
  ...faultFields,
});

export const servicePatchSchema = v.strictObject({
  /** 503 for every data operation of the service; a number also sends Retry-After. */
  unavailable: v.optional(v.union([v.boolean(), v.pipe(v.number(), v.integer(), v.minValue(0))])),
  ...faultFields,
});

export type SystemName = 'source' | 'target';
export type ServiceName = 'timeclock' | 'debtors';
export type SystemPatch = v.InferOutput<typeof systemPatchSchema>;
export type ServicePatch = v.InferOutput<typeof servicePatchSchema>;

interface CommonFaults {
  latencyMs: number;
  replyDelayMs: number;
  errorRate: number;
  rateLimit: { retryAfterSeconds: number; remaining?: number | null | undefined } | null;
}
export interface SystemFaults extends CommonFaults {
  status: 'up' | 'down';
}
export interface ServiceFaults extends CommonFaults {
  unavailable: boolean | number;
}
export interface FaultState {
  systems: Record<SystemName, SystemFaults>;
  services: Record<ServiceName, ServiceFaults>;
}

const healthyCommon = (): CommonFaults => ({ latencyMs: 0, replyDelayMs: 0, errorRate: 0, rateLimit: null });
export const healthyFaults = (): FaultState => ({
  systems: { source: { status: 'up', ...healthyCommon() }, target: { status: 'up', ...healthyCommon() } },
  services: {
    timeclock: { unavailable: false, ...healthyCommon() },
    debtors: { unavailable: false, ...healthyCommon() },
  },
});

export type FaultVerdict = { kind: 'pass' } | { kind: 'rate-limited'; retryAfterSeconds: number } | { kind: 'server-error' };

/**
 * Decides whether a request meets a rate limit or a random server error (latency is applied
 * separately, before). Consumes one unit of a counted rate limit.
 */
export function judgeRequest(faults: CommonFaults, random: () => number): FaultVerdict {
  const limit = faults.rateLimit;
  if (limit) {
    if (typeof limit.remaining === 'number') {
      limit.remaining -= 1;
      if (limit.remaining <= 0) faults.rateLimit = null;
    }
    return { kind: 'rate-limited', retryAfterSeconds: limit.retryAfterSeconds };
  }
  if (faults.errorRate > 0 && random() < faults.errorRate) return { kind: 'server-error' };
  return { kind: 'pass' };
}
