/**
 * "Test connection": checks both services of an environment and reports, per service, whether it
 * was reachable, whether the credentials were accepted, how long it took, and what to do if not.
 * Timeclock: a health check and the employee's last event. Debtors: a filtered list of today's changes.
 */
import { ApiError } from '../api/api-error.ts';
import { createServiceClients } from '../api/service-clients.ts';
import type { Preferences } from '../settings/settings-schema.ts';
import type { Environment } from './environment.ts';

export interface ServiceCheck {
  ok: boolean;
  reachable: boolean;
  /** Null when we never got as far as the credentials. */
  authOk: boolean | null;
  latencyMs: number | null;
  message: string;
}

export interface ConnectionReport {
  timeclock: ServiceCheck;
  debtors: ServiceCheck;
}

const noRetry = { retries: 0, baseDelayMs: 0, maxDelayMs: 0, maxRetryAfterMs: 0 };

export async function testConnection(
  environment: Environment,
  secret: string | null,
  network: Preferences['network'],
  now = Date.now,
): Promise<ConnectionReport> {
  const clients = createServiceClients(environment, secret, network, { retry: noRetry });
  const timed = async (work: () => Promise<string>): Promise<ServiceCheck> => {
    const started = performance.now();
    try {
      const message = await work();
      return { ok: true, reachable: true, authOk: true, latencyMs: Math.round(performance.now() - started), message };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const reachable =
        !['unreachable', 'timeout', 'cancelled'].includes(error.kind) && error.facts.reason !== 'no client secret is set';
      const authOk = !reachable ? null : error.kind === 'unauthorized' || error.kind === 'forbidden' ? false : true;
      return {
        ok: false,
        reachable,
        authOk,
        latencyMs: reachable ? Math.round(performance.now() - started) : null,
        message: error.message,
      };
    }
  };

  const [timeclock, debtors] = await Promise.all([
    timed(async () => {
      await clients.timeclock.health('source');
      const last = await clients.timeclock.lastClockedTimeEvent(environment.employeeId);
      const state = last === null ? 'has no time events yet' : last.clockOut === null ? 'is clocked in' : 'is clocked out';
      return `Connected. Employee ${environment.employeeId} ${state}.`;
    }),
    timed(async () => {
      const changed = await clients.debtors.debtors({ startingDateTime: new Date(now() - 86_400_000) });
      return `Connected. ${changed.length} debtor${changed.length === 1 ? '' : 's'} changed in the last 24 hours.`;
    }),
  ]);
  return { timeclock, debtors };
}
