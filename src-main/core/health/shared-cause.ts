/**
 * What one outage of both systems points to, when the evidence says it is one cause: both sit
 * behind the same gateway (the timeclock service's base URL), so both failing alike is the gateway
 * failing, not two outages. Our own network and the proxy never get here: with no network, or the
 * proxy named as the culprit, the systems are offline (health-monitor.ts), which is no outage.
 *
 * - Neither answers at all (a hang, a reset, a timeout) while the network is proven to work: the
 *   gateway is not answering.
 * - Both answer with the same error status, and neither says it is down itself: the gateway (or
 *   what it forwards to) answers with errors.
 * - Anything else (a system's own "down", two different failures): two outages, told as such.
 */
import type { HealthSnapshot } from './health-monitor.ts';

export type SharedCause = { kind: 'gateway-silent' } | { kind: 'gateway-errors'; status: number };

export function sharedCause(snapshot: HealthSnapshot): SharedCause | null {
  const { source, target } = snapshot;
  if (source.reportedDown || target.reportedDown) return null;
  if (source.noAnswer && target.noAnswer) return { kind: 'gateway-silent' };
  if (source.failureStatus !== null && source.failureStatus === target.failureStatus)
    return { kind: 'gateway-errors', status: source.failureStatus };
  return null;
}
