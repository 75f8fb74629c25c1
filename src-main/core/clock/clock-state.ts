/**
 * Whether the employee is clocked in, as the user should see it: the service's last event, with
 * the punches still waiting in the outbox applied on top in order (a punch counts from the click).
 */
import type { ClockedTimeEvent } from '../../shared/api/types.ts';
import type { Punch } from './outbox.ts';

export type ClockStatus =
  | { state: 'in'; since: number; eventId: string | null; pendingPunchId: string | null }
  | { state: 'out'; lastOut: number | null }
  | { state: 'unknown' };

/** What the service last told us, and when. */
export type ServerClock = { kind: 'known'; event: ClockedTimeEvent | null; readAt: number } | { kind: 'unknown' };

export function fromServer(server: ServerClock): ClockStatus {
  if (server.kind === 'unknown') return { state: 'unknown' };
  const { event } = server;
  if (event && event.clockOut === null)
    return { state: 'in', since: Date.parse(event.clockIn), eventId: event.id, pendingPunchId: null };
  return { state: 'out', lastOut: event?.clockOut ? Date.parse(event.clockOut) : null };
}

/**
 * The status with pending punches of this environment and employee applied, oldest first. A punch
 * whose sending stopped is not applied (the server's state stands), except one whose outcome is
 * unknown: from it on, the state is unknown.
 */
export function effectiveStatus(
  server: ServerClock,
  punches: readonly Punch[],
  environmentId: string,
  employeeId: string,
): ClockStatus {
  let status = fromServer(server);
  for (const punch of punches) {
    if (punch.environmentId !== environmentId || punch.employeeId !== employeeId) continue;
    if (punch.stopped?.kind === 'unconfirmed') status = { state: 'unknown' };
    if (punch.stopped) continue;
    const at = Date.parse(punch.at);
    status =
      punch.kind === 'clock-in'
        ? { state: 'in', since: at, eventId: null, pendingPunchId: punch.id }
        : { state: 'out', lastOut: at };
  }
  return status;
}

/**
 * The same instant to the second (servers often drop milliseconds; punches are recorded in whole,
 * strictly increasing seconds, so this never mistakes one punch for another).
 */
export const sameInstant = (a: string | null | undefined, b: string | null | undefined) => {
  if (!a || !b) return false;
  const [left, right] = [Date.parse(a), Date.parse(b)];
  return Number.isFinite(left) && Math.floor(left / 1000) === Math.floor(right / 1000);
};
