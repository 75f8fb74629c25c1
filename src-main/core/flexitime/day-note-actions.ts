/**
 * The employee's entries in My hours, checked before they are kept: an absence on a day, a
 * correction of the balance with hours as typed and a reason, and taking either back. A field that
 * is wrong is said by name, in the user's words; an entry that cannot be saved is refused whole.
 * Each change is written into the trace of corrections; one that cannot be traced is taken back.
 */
import { typedHoursMinutes } from '../../shared/typed-hours.ts';
import type { DayNoteResult } from '../../shared/ipc/contract.ts';
import type { AbsenceKind } from '../../shared/domain/my-hours-choices.ts';
import type { Translate } from '../../shared/i18n/translator.ts';
import { addLocalDays, formatDay, isCalendarDay, localDayKey } from '../../shared/moments.ts';
import { DayNotesLockedError, REASON_MAX, type Absence, type Correction } from './day-notes.ts';
import type { TraceChange } from '../clock/clock-context.ts';
import { keepFromDay, type Flexitime, type Person } from './flexitime.ts';

type Errors = Extract<DayNoteResult, { ok: false }>['errors'];

const MAX_CORRECTION_MINUTES = 60_000;
export interface DayNoteNeeds {
  flexitime: Flexitime;
  person: () => Person;
  now: () => number;
  t: () => Translate;
  locale: () => string | undefined;
  changed: () => void;
  /** Writes the change into the trace of corrections; throws when it cannot. */
  traced: (change: TraceChange) => void;
}

/** How an absence and a correction are written in the trace: "vacation/half", "+90" (minutes). */
const absenceValue = (absence: Absence) => `${absence.kind}/${absence.portion}`;
const correctionValue = (correction: Correction) => `${correction.minutes > 0 ? '+' : ''}${correction.minutes}`;

/** What the trace says of an entry added (`before`: the one it replaced) or removed. */
export function noteChange(entry: Absence | Correction, added: boolean, replaced?: Absence): TraceChange {
  const absence = 'kind' in entry;
  const value = absence ? absenceValue(entry) : correctionValue(entry);
  return {
    kind: absence ? (added ? 'absence-added' : 'absence-removed') : added ? 'correction-added' : 'correction-removed',
    day: entry.day,
    subject: null,
    before: added ? (replaced ? absenceValue(replaced) : null) : value,
    after: added ? value : null,
    reason: absence ? '' : entry.reason,
  };
}

export function dayNoteActions(needs: DayNoteNeeds) {
  /** A day kept on this computer and not more than a year ahead. */
  const dayProblem = (day: string): string | null => {
    const t = needs.t();
    if (!isCalendarDay(day)) return t('myHours.error.day');
    const kept = keepFromDay(needs.now());
    if (day < kept) return t('myHours.error.dayTooOld', { day: formatDay(kept, needs.locale()) });
    if (day > localDayKey(addLocalDays(needs.now(), 366))) return t('myHours.error.dayTooFar');
    return null;
  };
  const userFacing = (key: 'myHours.error.notesLocked' | 'myHours.error.traceUnwritten') =>
    Object.assign(new Error(needs.t()(key)), { name: 'UserFacingError' });
  /** Writes the change's trace, or takes the change back and says so: no change without its trace. */
  const trace = (change: TraceChange, takeBack: () => void) => {
    try {
      needs.traced(change);
    } catch {
      takeBack();
      throw userFacing('myHours.error.traceUnwritten');
    }
  };
  /** Keeps the entry and its trace, or says why it could not be kept (the disk, not the employee). */
  const kept = (errors: Errors, keep: () => void): Errors | null => {
    if (Object.keys(errors).length > 0) return errors;
    try {
      keep();
    } catch (error) {
      // Said in the employee's words: the damaged file stays as it is until it can be read.
      if (error instanceof DayNotesLockedError) throw userFacing('myHours.error.notesLocked');
      throw error;
    }
    needs.changed();
    return null;
  };
  const { notes } = needs.flexitime;
  return {
    addAbsence(day: string, kind: AbsenceKind, portion: 'day' | 'half'): Errors | null {
      const problem = dayProblem(day);
      return kept(problem ? { day: problem } : {}, () => {
        const replaced = notes.absences(needs.person()).find((absence) => absence.day === day);
        if (replaced?.kind === kind && replaced.portion === portion) return; // the same again: nothing changes
        const added = notes.addAbsence({ ...needs.person(), day, kind, portion });
        trace(noteChange(added, true, replaced), () => (replaced ? notes.restore(replaced) : notes.remove(added, added.id)));
      });
    },
    addCorrection(day: string, hours: string, reason: string): Errors | null {
      const t = needs.t();
      const errors: Errors = {};
      const dayWrong = dayProblem(day);
      if (dayWrong) errors.day = dayWrong;
      const minutes = typedHoursMinutes(hours);
      if (minutes === null || Math.abs(minutes) > MAX_CORRECTION_MINUTES) errors.hours = t('myHours.error.hours');
      else if (minutes === 0) errors.hours = t('myHours.error.hoursZero');
      const why = reason.trim();
      if (why === '') errors.reason = t('myHours.error.reason');
      else if (why.length > REASON_MAX) errors.reason = t('myHours.error.reasonLong', { max: REASON_MAX });
      return kept(errors, () => {
        const added = notes.addCorrection({ ...needs.person(), day, minutes: minutes!, reason: why });
        trace(noteChange(added, true), () => notes.remove(added, added.id));
      });
    },
    removeDayNote(id: string): void {
      const removed = notes.remove(needs.person(), id);
      if (!removed) return;
      trace(noteChange(removed, false), () => notes.restore(removed));
      needs.changed();
    },
  };
}
