/**
 * The timeclock client whose data requests (the last event, clock-in, clock-out — not the health
 * checks) say how they ended, once each, after their retries and after their answer was read: the
 * health watch takes them as evidence beside its checks (core/health/refusals.ts).
 */
import { ApiError } from './api-error.ts';
import type { TimeclockClient } from './timeclock-client.ts';

export function observedTimeclock(client: TimeclockClient, settled: (failure: ApiError | null) => void): TimeclockClient {
  const observe = <T>(request: Promise<T>): Promise<T> =>
    request.then(
      (value) => {
        settled(null);
        return value;
      },
      (error: unknown) => {
        if (error instanceof ApiError) settled(error);
        throw error;
      },
    );
  return {
    ...client,
    lastClockedTimeEvent: (...args) => observe(client.lastClockedTimeEvent(...args)),
    clockIn: (...args) => observe(client.clockIn(...args)),
    clockOut: (...args) => observe(client.clockOut(...args)),
  };
}
