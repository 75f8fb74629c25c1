/**
 * The words the health room's parts pass each other: one check's outcome, and what stands between
 * this computer and the service when that is what failed. A module of its own, so that the machine,
 * the probe and the monitor depend on it and not on each other.
 */

/** What stands between this computer and the service, when that is what failed. */
import type { RequestPhases } from '../../shared/ipc/contract.ts';

export type OfflineCause = 'proxy' | 'proxy-sign-in' | 'certificate';

export type Probe =
  /** `degraded`: the system answered but reports that it is degraded (a sentence). `phases`: where its time went. */
  | { kind: 'ok'; latencyMs: number; degraded?: string; phases?: RequestPhases }
  /**
   * `transport`: no HTTP answer at all (connect, DNS, reset, timeout): our network or theirs, to be
   * told apart. `reported`: the system answered, and said it is down (not silence, not an error).
   * `status`: the HTTP status of an error answer (a gateway's 502 for both systems names the gateway).
   */
  | { kind: 'fail'; message: string; retryAfterMs?: number; transport?: boolean; reported?: true; status?: number }
  /** `culprit`: the proxy or a certificate not trusted here, named in the message (said instead of "no network"). */
  | { kind: 'network'; message: string; culprit?: OfflineCause }
  /**
   * `missing`: no secret was given yet, so nothing was asked (not a refusal). `pending`: refused as
   * MuleSoft refuses a client whose access is not approved yet, which comes by itself: asked again later.
   */
  | { kind: 'auth'; message: string; missing?: true; pending?: true }
  | { kind: 'rate-limited'; message: string; retryAfterMs?: number };
