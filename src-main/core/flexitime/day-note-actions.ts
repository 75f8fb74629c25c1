/**
 * The employee's entries in My hours, checked before they are kept: an absence on a day, a
 * correction of the balance with hours as typed and a reason, and taking either back. A field that
 * is wrong is said by name, in the user's words; an entry that cannot be saved is refused whole.
 */
import { typedHoursMinutes } from '../../shared/typed-hours.ts';
import type { DayNoteResult } from '../../shared/ipc/contract.ts';
import type { AbsenceKind } from '../../shared/domain/my-hours-choices.ts';
import type { Translate } from '../../shared/i18n/translator.ts';
import { addLocalDays, formatDay, isCalendarDay, localDayKey } from '../../shared/moments.ts';
import { DayNotesLockedError, REASON_MAX } from './day-notes.ts';
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
  /** Keeps the entry, or says why it could not be kept (the disk, not the employee). */
  const kept = (errors: Errors, keep: () => void): Errors | null => {
    if (Object.keys(errors).length > 0) return errors;
    try {
      keep();
    } catch (error) {
      // Said in the employee's words: the damaged file stays as it is until it can be read.
      if (error instanceof DayNotesLockedError)
        throw Object.assign(new Error(needs.t()('myHours.error.notesLocked')), { name: 'UserFacingError' });
      throw error;
    }
    needs.changed();
    return null;
  };
  return {
    addAbsence(day: string, kind: AbsenceKind, portion: 'day' | 'half'): Errors | null {
      const problem = dayProblem(day);
      return kept(problem ? { day: problem } : {}, () =>
        needs.flexitime.notes.addAbsence({ ...needs.person(), day, kind, portion }),
      );
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
      return kept(errors, () => needs.flexitime.notes.addCorrection({ ...needs.person(), day, minutes: minutes!, reason: why }));
    },
    removeDayNote(id: string): void {
      if (needs.flexitime.notes.remove(needs.person(), id)) needs.changed();
    },
  };
}
