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
  /** Removes an absence or a correction of this person by its id; false when there is none. */
  remove(person: Person, id: string): boolean;
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

/** `keepFrom`: the first day kept (YYYY-MM-DD), 1 January of last year as the caller's clock has it. */
export function createDayNotes(file: TextFile | undefined, keepFrom: () => string): DayNotes {
  const stored = read(file);
  let absences = stored.absences;
  let corrections = stored.corrections;
  function save(): void {
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
      if (!absences.some(mine) && !corrections.some(mine)) return false;
      change(() => {
        absences = absences.filter((entry) => !mine(entry));
        corrections = corrections.filter((entry) => !mine(entry));
      });
      return true;
    },
  };
}

/** Every readable entry; anything else is left out (a damaged file costs entries, never the start). */
function read(file: TextFile | undefined): { absences: Absence[]; corrections: Correction[] } {
  const parsed = parseStoredJson(file?.read()) as { absences?: unknown; corrections?: unknown } | undefined | null;
  const valid = <T>(schema: v.GenericSchema<unknown, T>, list: unknown): T[] =>
    (Array.isArray(list) ? list : []).flatMap((entry) => {
      const result = v.safeParse(schema, entry);
      return result.success ? [result.output] : [];
    });
  return { absences: valid(absenceSchema, parsed?.absences), corrections: valid(correctionSchema, parsed?.corrections) };
}
