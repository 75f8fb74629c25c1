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

/** The status with pending punches of this environment and employee applied, oldest first. */
export function effectiveStatus(
  server: ServerClock,
  punches: readonly Punch[],
  environmentId: string,
  employeeId: string,
): ClockStatus {
  let status = fromServer(server);
  for (const punch of punches) {
    if (punch.failed || punch.environmentId !== environmentId || punch.employeeId !== employeeId) continue;
    const at = Date.parse(punch.at);
    status =
      punch.kind === 'clock-in'
        ? { state: 'in', since: at, eventId: null, pendingPunchId: punch.id }
        : { state: 'out', lastOut: at };
  }
  return status;
}

export const sameInstant = (a: string | null | undefined, b: string | null | undefined) =>
  a !== null && a !== undefined && b !== null && b !== undefined && Math.abs(Date.parse(a) - Date.parse(b)) < 1000;
