/**
 * What the employee notes about their days on this computer, for the targets and the flexitime
 * balance: absences (vacation, sick, training, time off in lieu; a day or half of one) and
 * corrections of the balance with a reason. Never sent to the timeclock service: it has no route
 * for them. Kept per environment and employee from 1 January of last year on, at most MAX_NOTES of
 * each; a write that fails is said to the caller (these are the employee's own entries, unlike the
 * hours journal's copies of the service's answers).
 */
import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import type { TextFile } from '../util/text-file.ts';
import { parseStoredJson } from '../util/json-text.ts';
import { storedEntries, type Dropped } from '../util/stored-entries.ts';
import { isCalendarDay } from '../../shared/moments.ts';
import { ABSENCE_KINDS, type AbsenceKind } from '../../shared/domain/my-hours-choices.ts';

export interface Absence {
  id: string;
  environmentId: string;
  employeeId: string;
  /** The local day, YYYY-MM-DD. */
  day: string;
  kind: AbsenceKind;
  portion: 'day' | 'half';
}

export interface Correction {
  id: string;
  environmentId: string;
  employeeId: string;
  day: string;
  /** Added to the balance (negative: taken off). */
  minutes: number;
  reason: string;
}

type Person = Pick<Absence, 'environmentId' | 'employeeId'>;

export interface DayNotes {
  absences(person: Person): Absence[];
  corrections(person: Person): Correction[];
  /** One absence a day: a new one on the same day replaces the old. Throws when it cannot be saved. */
  addAbsence(absence: Omit<Absence, 'id'>): Absence;
  addCorrection(correction: Omit<Correction, 'id'>): Correction;
  /** Removes an absence or a correction of this person by its id; the one removed, or null when there is none. */
  remove(person: Person, id: string): Absence | Correction | null;
  /** Puts back an entry as it was (its change could not be traced): an absence replaces its day's. */
  restore(entry: Absence | Correction): void;
}

export const MAX_NOTES = 1000;
export const REASON_MAX = 200;

const text = (max: number) => v.pipe(v.string(), v.maxLength(max));
const day = v.pipe(v.string(), v.check(isCalendarDay));
const absenceSchema = v.object({
  id: text(60),
  environmentId: text(200),
  employeeId: text(200),
  day,
  kind: v.picklist(ABSENCE_KINDS),
  portion: v.picklist(['day', 'half']),
});
const correctionSchema = v.object({
  id: text(60),
  environmentId: text(200),
  employeeId: text(200),
  day,
  minutes: v.pipe(v.number(), v.integer(), v.minValue(-60_000), v.maxValue(60_000)),
  reason: text(REASON_MAX),
});

const samePerson = (a: Person, b: Person) => a.environmentId === b.environmentId && a.employeeId === b.employeeId;
const byDay = <T extends { day: string }>(a: T, b: T) => a.day.localeCompare(b.day);

/** The file could not be read whole and no copy of it was kept: nothing is written over it. */
export class DayNotesLockedError extends Error {
  constructor() {
    super('The absences and corrections file was damaged or unreadable and no copy of it could be kept.');
  }
}

/**
 * What to do with a file that was not read whole: keep its exact bytes (null: unreadable, none to
 * keep) and tell the employee where; throws when no copy could be kept, and the file is then never
 * written over.
 */
export type DamagedNotes = (bytes: Buffer | null, dropped: number) => void;

/** `keepFrom`: the first day kept (YYYY-MM-DD), 1 January of last year as the caller's clock has it. */
export function createDayNotes(file: TextFile | undefined, keepFrom: () => string, onDamaged?: DamagedNotes): DayNotes {
  const stored = load(file, onDamaged);
  let absences = stored.absences;
  let corrections = stored.corrections;
  function save(): void {
    if (stored.keepUnwritten) throw new DayNotesLockedError();
    const from = keepFrom();
    absences = absences
      .filter((entry) => entry.day >= from)
      .sort(byDay)
      .slice(-MAX_NOTES);
    corrections = corrections
      .filter((entry) => entry.day >= from)
      .sort(byDay)
      .slice(-MAX_NOTES);
    file?.write(JSON.stringify({ absences, corrections }));
  }
  /** Applies a change, and takes it back when the file cannot be written: nothing seems kept that is not. */
  function change(apply: () => void): void {
    const before = { absences, corrections };
    apply();
    try {
      save();
    } catch (error) {
      ({ absences, corrections } = before);
      throw error;
    }
  }
  return {
    absences: (person) => absences.filter((entry) => samePerson(entry, person)),
    corrections: (person) => corrections.filter((entry) => samePerson(entry, person)),
    addAbsence(absence) {
      const added = { ...absence, id: randomUUID() };
      change(() => {
        absences = [...absences.filter((entry) => !(samePerson(entry, absence) && entry.day === absence.day)), added];
      });
      return added;
    },
    addCorrection(correction) {
      const added = { ...correction, id: randomUUID() };
      change(() => {
        corrections = [...corrections, added];
      });
      return added;
    },
    remove(person, id) {
      const mine = (entry: Absence | Correction) => samePerson(entry, person) && entry.id === id;
      const removed = absences.find(mine) ?? corrections.find(mine) ?? null;
      if (!removed) return null;
      change(() => {
        absences = absences.filter((entry) => !mine(entry));
        corrections = corrections.filter((entry) => !mine(entry));
      });
      return removed;
    },
    restore(entry) {
      change(() => {
        if ('kind' in entry)
          absences = [...absences.filter((other) => !(samePerson(other, entry) && other.day === entry.day)), entry];
        else corrections = [...corrections.filter((other) => other.id !== entry.id), entry];
      });
    },
  };
}

/**
 * Every usable entry. A file not read whole (unreadable, not JSON, an entry that cannot be used) is
 * handed to `onDamaged` before anything could write over it; without a copy kept, it stays unwritten.
 */
function load(
  file: TextFile | undefined,
  onDamaged: DamagedNotes | undefined,
): { absences: Absence[]; corrections: Correction[]; keepUnwritten: boolean } {
  let bytes: Buffer | null;
  try {
    bytes = file?.readBytes() ?? null;
  } catch {
    return { ...damaged(null, 1, onDamaged), absences: [], corrections: [] };
  }
  if (bytes === null || bytes.length === 0) return { absences: [], corrections: [], keepUnwritten: false };
  const parsed = parseStoredJson(bytes.toString('utf8')) as { absences?: unknown; corrections?: unknown } | undefined | null;
  const dropped: Dropped = { count: typeof parsed === 'object' && parsed !== null ? 0 : 1 };
  const absences = storedEntries(absenceSchema, parsed?.absences, dropped, MAX_NOTES * 2);
  const corrections = storedEntries(correctionSchema, parsed?.corrections, dropped, MAX_NOTES * 2);
  if (dropped.count === 0) return { absences, corrections, keepUnwritten: false };
  return { absences, corrections, ...damaged(bytes, dropped.count, onDamaged) };
}

function damaged(bytes: Buffer | null, dropped: number, onDamaged: DamagedNotes | undefined): { keepUnwritten: boolean } {
  try {
    onDamaged?.(bytes, dropped);
    return { keepUnwritten: bytes === null };
  } catch {
    return { keepUnwritten: true };
  }
}
