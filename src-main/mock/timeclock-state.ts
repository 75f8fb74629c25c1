/**
 * The mock timeclock's in-memory state: a seeded roster, their time events, and the idempotency
 * keys seen. Each operation returns a result the HTTP layer turns into a status code.
 */
import type { ClockedTimeEvent } from '../shared/api/types.ts';

export const demoEmployees: ReadonlyArray<{ id: string; name: string }> = [
  { id: 'E1001', name: 'Dana Whitfield' },
  { id: 'E1002', name: 'Marcus Lee' },
  { id: 'E1003', name: 'Priya Raman' },
  { id: 'E1004', name: 'Tomás Ortega' },
  { id: 'E1005', name: 'Grace Okafor' },
  { id: 'E1006', name: 'Ben Kowalski' },
  { id: 'E1007', name: 'Aiko Tanaka' },
  { id: 'E1008', name: 'Samuel Brooks' },
];

export type ClockResult =
  | { kind: 'ok'; event: ClockedTimeEvent; replayed?: boolean }
  | { kind: 'unknown-employee' }
  | { kind: 'unknown-event' }
  | { kind: 'conflict'; message: string; event: ClockedTimeEvent }
  | { kind: 'clock-out-before-clock-in'; event: ClockedTimeEvent };

export interface TimeclockState {
  lastEvent(employeeId: string): { kind: 'ok'; event: ClockedTimeEvent | null } | { kind: 'unknown-employee' };
  clockIn(employeeId: string, clockIn: string, idempotencyKey?: string): ClockResult;
  clockOut(id: string, clockOut: string): ClockResult;
  /** Every event, oldest first (for tests and the control API). */
  events(): ClockedTimeEvent[];
}

const HOUR_MS = 3_600_000;

export function createTimeclockState(referenceTime: number): TimeclockState {
  const employees = new Set(demoEmployees.map((employee) => employee.id));
  const events = new Map<string, ClockedTimeEvent>();
  const lastByEmployee = new Map<string, ClockedTimeEvent>();
  const byIdempotencyKey = new Map<string, ClockedTimeEvent>();
  let nextId = 1;

  const record = (employeeId: string, clockIn: string, clockOut: string | null) => {
    const employeeName = demoEmployees.find((employee) => employee.id === employeeId)?.name;
    const id = `TE${String(nextId++).padStart(6, '0')}`;
    const event: ClockedTimeEvent = { id, employeeId, ...(employeeName ? { employeeName } : {}), clockIn, clockOut };
    events.set(event.id, event);
    const last = lastByEmployee.get(employeeId);
    if (!last || last.clockIn <= clockIn) lastByEmployee.set(employeeId, event);
    return event;
  };

  // History: E1001 worked the last five days and is clocked out; E1003 is clocked in since
  // this morning; E1002 has never clocked (204). The rest have a day or two. Every finished shift
  // ends 16 hours before the reference time or earlier, so clocking in at it never falls within the
  // daily rest (11 h, 12 in Spain), whatever the hour.
  const dayStart = Math.floor(referenceTime / (24 * HOUR_MS)) * 24 * HOUR_MS;
  const iso = (ms: number) => new Date(ms).toISOString();
  const lastEnd = Math.floor((referenceTime - 16 * HOUR_MS) / 60_000) * 60_000;
  for (let daysAgo = 5; daysAgo >= 1; daysAgo--) {
    const end = lastEnd - (daysAgo - 1) * 24 * HOUR_MS;
    record('E1001', iso(end - 8.5 * HOUR_MS), iso(end));
  }
  record('E1003', iso(Math.min(referenceTime - HOUR_MS, dayStart + 13 * HOUR_MS)), null);
  for (const id of ['E1004', 'E1005', 'E1006', 'E1007', 'E1008']) record(id, iso(lastEnd - 8 * HOUR_MS), iso(lastEnd));

  return {
    lastEvent(employeeId) {
      if (!employees.has(employeeId)) return { kind: 'unknown-employee' };
      return { kind: 'ok', event: lastByEmployee.get(employeeId) ?? null };
    },
    clockIn(employeeId, clockIn, idempotencyKey) {
      const replay = idempotencyKey ? byIdempotencyKey.get(idempotencyKey) : undefined;
      if (replay) return { kind: 'ok', event: replay, replayed: true };
      if (!employees.has(employeeId)) return { kind: 'unknown-employee' };
      const last = lastByEmployee.get(employeeId);
      if (last && last.clockOut === null) {
        return { kind: 'conflict', message: `Employee ${employeeId} is already clocked in (event ${last.id}).`, event: last };
      }
      const event = record(employeeId, clockIn, null);
      if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, event);
      return { kind: 'ok', event };
    },
    clockOut(id, clockOut) {
      const event = events.get(id);
      if (!event) return { kind: 'unknown-event' };
      if (event.clockOut !== null) {
        return { kind: 'conflict', message: `Time event ${id} is already clocked out.`, event };
      }
      if (Date.parse(clockOut) < Date.parse(event.clockIn)) return { kind: 'clock-out-before-clock-in', event };
      event.clockOut = clockOut;
      return { kind: 'ok', event };
    },
    events: () => [...events.values()],
  };
}
