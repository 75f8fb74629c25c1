/**
 * The shifts this computer has seen, for "My hours": the timeclock service has no history route,
 * so each event it answers with (the last event, or the event a punch created or closed) is kept
 * here per environment and employee, keyed by its clock-in second. Shifts of the calendar years IT
 * keeps are kept (`clock.keepYears`, two by default: the flexitime balance counts this year and
 * last), at most MAX_KEPT_A_YEAR a year of them and of the breaks (the oldest go first); older
 * shifts are forgotten, and an entry that cannot be used (a time no date can hold) is dropped and logged. A
 * record of what was seen, not of what happened: punches made on another computer appear only if
 * this one read them as the last event.
 *
 * It also keeps which clock-outs were breaks ("Take a break"): the service knows only punches, so
 * that a shift's end began a break is known here alone. Stored as `{ shifts, breaks }` (an older
 * file holds the shifts alone, as a list).
 */
import { parseStoredJson } from '../util/json-text.ts';
import { coalesced } from '../util/coalesce.ts';
import { storedEntries, storedInstant, type Dropped } from '../util/stored-entries.ts';
import * as v from 'valibot';
import type { ClockedTimeEvent } from '../../shared/api/types.ts';
import type { TextFile } from '../util/text-file.ts';
import { recordKeptFrom } from '../record/keeping.ts';

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
  /** The clock-out at `at` began a break; `false` takes that back (an undone punch). */
  markBreak(environmentId: string, employeeId: string, at: number, isBreak?: boolean): void;
  /** Clock-outs at or after `from` that began a break, oldest first. */
  breaks(environmentId: string, employeeId: string, from: number): number[];
}

interface BreakMark {
  environmentId: string;
  employeeId: string;
  /** The clock-out that began the break. */
  at: number;
}

/** Eight shifts on every day of a year: far more than a working year has. */
export const MAX_KEPT_A_YEAR = 3000;
const shiftSchema = v.pipe(
  v.object({
    environmentId: v.pipe(v.string(), v.maxLength(200)),
    employeeId: v.pipe(v.string(), v.maxLength(200)),
    clockIn: storedInstant,
    clockOut: v.nullable(storedInstant),
  }),
  v.check((shift) => shift.clockOut === null || shift.clockOut >= shift.clockIn),
);

const breakSchema = v.object({
  environmentId: v.pipe(v.string(), v.maxLength(200)),
  employeeId: v.pipe(v.string(), v.maxLength(200)),
  at: storedInstant,
});

const keyOf = (shift: Pick<Shift, 'environmentId' | 'employeeId' | 'clockIn'>) =>
  `${shift.environmentId}\n${shift.employeeId}\n${Math.floor(shift.clockIn / 1000)}`;
const breakKeyOf = (mark: BreakMark) => `${mark.environmentId}\n${mark.employeeId}\n${Math.floor(mark.at / 1000)}`;

/**
 * `onDropped`: told how many saved entries could not be used (a damaged or hand-edited file), once at
 * start. `keepYears`: the calendar years kept, this one included (two when not told).
 */
export function createHoursJournal(
  file: TextFile | undefined,
  now: () => number,
  onDropped?: (count: number) => void,
  keepYears: () => number = () => 2,
): HoursJournal {
  const dropped: Dropped = { count: 0 };
  const { shifts, breaks } = read(file, dropped);
  if (dropped.count > 0) onDropped?.(dropped.count);
  // Written after the punch's path (once, however often it changed meanwhile): the employee waits on the punch, not on this file.
  const writeSoon = coalesced(() => {
    try {
      file?.write(JSON.stringify({ shifts: [...shifts.values()], breaks: [...breaks.values()] }));
    } catch {
      /* A convenience: losing it costs the hours shown, never a punch (those live in the outbox). */
    }
  });
  function save(): void {
    const cutoff = recordKeptFrom(now(), keepYears());
    const max = MAX_KEPT_A_YEAR * keepYears();
    for (const [key, shift] of shifts) if (shift.clockOut !== null && shift.clockOut < cutoff) shifts.delete(key);
    for (const [key, mark] of breaks) if (mark.at < cutoff) breaks.delete(key);
    dropOldest(shifts, max, (shift) => shift.clockIn);
    dropOldest(breaks, max, (mark) => mark.at);
    writeSoon();
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
    markBreak(environmentId, employeeId, at, isBreak = true) {
      const mark = { environmentId, employeeId, at };
      if (isBreak) breaks.set(breakKeyOf(mark), mark);
      else breaks.delete(breakKeyOf(mark));
      save();
    },
    breaks(environmentId, employeeId, from) {
      return [...breaks.values()]
        .filter((mark) => mark.environmentId === environmentId && mark.employeeId === employeeId && mark.at >= from)
        .map((mark) => mark.at)
        .sort((a, b) => a - b);
    },
  };
}

/** Over `max` entries, the oldest go. */
function dropOldest<T>(entries: Map<string, T>, max: number, at: (entry: T) => number): void {
  if (entries.size <= max) return;
  const oldest = [...entries].sort(([, a], [, b]) => at(a) - at(b)).slice(0, entries.size - max);
  for (const [key] of oldest) entries.delete(key);
}

/** Every usable entry of either shape (the next save keeps the newest of what is kept); anything else is dropped and counted. */
function read(file: TextFile | undefined, dropped: Dropped): { shifts: Map<string, Shift>; breaks: Map<string, BreakMark> } {
  const text = file?.read();
  const parsed = parseStoredJson(text);
  if (parsed === undefined && text) dropped.count += 1; // not JSON at all
  const stored = Array.isArray(parsed)
    ? { shifts: parsed, breaks: [] }
    : (parsed as { shifts?: unknown; breaks?: unknown } | null | undefined);
  const shifts = storedEntries(shiftSchema, stored?.shifts, dropped);
  const breaks = storedEntries(breakSchema, stored?.breaks, dropped);
  return {
    shifts: new Map(shifts.map((shift) => [keyOf(shift), shift])),
    breaks: new Map(breaks.map((mark) => [breakKeyOf(mark), mark])),
  };
}
