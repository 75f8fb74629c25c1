/**
 * The shifts this computer has seen, for "My hours": the timeclock service has no history route,
 * so each event it answers with (the last event, or the event a punch created or closed) is kept
 * here per environment and employee, keyed by its clock-in second. Five weeks are kept; older
 * shifts and anything unreadable are forgotten. A record of what was seen, not of what happened:
 * punches made on another computer appear only if this one read them as the last event.
 */
import { parseStoredJson } from '../util/json-text.ts';
import * as v from 'valibot';
import type { ClockedTimeEvent } from '../../shared/api/types.ts';
import type { TextFile } from '../util/text-file.ts';

export interface Shift {
  environmentId: string;
  employeeId: string;
  clockIn: number;
  /** Null while the service has the shift open. */
  clockOut: number | null;
}

export interface HoursJournal {
  /** Keeps the service's event (a newer answer about the same clock-in replaces the older). */
  record(environmentId: string, employeeId: string, event: ClockedTimeEvent): void;
  /** Shifts of this environment and employee that end at or after `from` (or are open), oldest first. */
  shifts(environmentId: string, employeeId: string, from: number): Shift[];
}

const KEEP_MS = 35 * 86_400_000;
const instant = v.pipe(v.number(), v.integer(), v.minValue(0));
const shiftSchema = v.object({
  environmentId: v.pipe(v.string(), v.maxLength(200)),
  employeeId: v.pipe(v.string(), v.maxLength(200)),
  clockIn: instant,
  clockOut: v.nullable(instant),
});

const keyOf = (shift: Pick<Shift, 'environmentId' | 'employeeId' | 'clockIn'>) =>
  `${shift.environmentId}\n${shift.employeeId}\n${Math.floor(shift.clockIn / 1000)}`;

export function createHoursJournal(file: TextFile | undefined, now: () => number): HoursJournal {
  const shifts = read(file);
  function save(): void {
    const cutoff = now() - KEEP_MS;
    for (const [key, shift] of shifts) if (shift.clockOut !== null && shift.clockOut < cutoff) shifts.delete(key);
    try {
      file?.write(JSON.stringify([...shifts.values()]));
    } catch {
      /* A convenience: losing it costs the hours shown, never a punch (those live in the outbox). */
    }
  }
  return {
    record(environmentId, employeeId, event) {
      const clockIn = Date.parse(event.clockIn);
      const clockOut = event.clockOut ? Date.parse(event.clockOut) : null;
      if (!Number.isFinite(clockIn) || (clockOut !== null && !(clockOut >= clockIn))) return;
      const shift: Shift = { environmentId, employeeId, clockIn, clockOut };
      const key = keyOf(shift);
      const known = shifts.get(key);
      if (known && known.clockOut === clockOut) return;
      shifts.set(key, shift);
      save();
    },
    shifts(environmentId, employeeId, from) {
      return [...shifts.values()]
        .filter(
          (shift) =>
            shift.environmentId === environmentId &&
            shift.employeeId === employeeId &&
            (shift.clockOut === null || shift.clockOut >= from),
        )
        .sort((a, b) => a.clockIn - b.clockIn);
    },
  };
}

function read(file: TextFile | undefined): Map<string, Shift> {
  const shifts = new Map<string, Shift>();
  const parsed = parseStoredJson(file?.read());
  if (!Array.isArray(parsed)) return shifts;
  for (const entry of parsed) {
    const shift = v.safeParse(shiftSchema, entry);
    if (shift.success) shifts.set(keyOf(shift.output), shift.output);
  }
  return shifts;
}
