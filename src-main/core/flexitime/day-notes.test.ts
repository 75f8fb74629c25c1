/** The employee's absences and corrections: checked field by field, kept durably, bounded, never lost in a failed write. */
import { describe, expect, it } from 'vitest';
import { english } from '../../shared/i18n/catalogues.ts';
import { defaultPreferences } from '../../shared/settings-schema.ts';
import { memoryFile, type TextFile } from '../util/text-file.ts';
import { dayNoteActions } from './day-note-actions.ts';
import { minutesAsTypedHours, typedHoursMinutes } from '../../shared/typed-hours.ts';
import { createDayNotes, MAX_NOTES } from './day-notes.ts';
import { createFlexitime } from './flexitime.ts';
import type { TraceChange } from '../clock/clock-context.ts';

const person = { environmentId: 'e', employeeId: 'E1' };
const now = new Date(2026, 10, 27, 10).getTime();

function actionsOn(file: TextFile, traced: (change: TraceChange) => void = () => {}) {
  const notes = createDayNotes(file, () => '2025-01-01');
  const flexitime = createFlexitime({ notes, preferences: defaultPreferences, language: () => 'en' });
  let changes = 0;
  const actions = dayNoteActions({
    flexitime,
    person: () => person,
    now: () => now,
    t: () => english.t,
    locale: () => 'en-GB',
    changed: () => changes++,
    traced,
  });
  return { actions, notes, changes: () => changes };
}

describe('the trace of each change', () => {
  it('traces an absence added, replaced and removed, and a correction added and removed, with its reason', () => {
    const traced: TraceChange[] = [];
    const { actions, notes } = actionsOn(memoryFile(), (change) => traced.push(change));
    actions.addAbsence('2026-11-23', 'vacation', 'day');
    actions.addAbsence('2026-11-23', 'vacation', 'day'); // the same again: no change, no trace
    actions.addAbsence('2026-11-23', 'sick', 'half');
    actions.addCorrection('2026-11-20', '-1:30', 'overtime paid out');
    for (const entry of [...notes.absences(person), ...notes.corrections(person)]) actions.removeDayNote(entry.id);
    expect(traced.map(({ kind, day, before, after, reason }) => [kind, day, before, after, reason])).toEqual([
      ['absence-added', '2026-11-23', null, 'vacation/day', ''],
      ['absence-added', '2026-11-23', 'vacation/day', 'sick/half', ''],
      ['correction-added', '2026-11-20', null, '-90', 'overtime paid out'],
      ['absence-removed', '2026-11-23', 'sick/half', null, ''],
      ['correction-removed', '2026-11-20', '-90', null, 'overtime paid out'],
    ]);
  });

  it('takes a change back when its trace cannot be written, and says so', () => {
    let failing = false;
    const { actions, notes } = actionsOn(memoryFile(), () => {
      if (failing) throw new Error('disk full');
    });
    actions.addAbsence('2026-11-23', 'vacation', 'day');
    actions.addCorrection('2026-11-20', '2', 'paid');
    failing = true;
    expect(() => actions.addAbsence('2026-11-23', 'sick', 'day')).toThrow(/trace of corrections/);
    expect(() => actions.addCorrection('2026-11-21', '1', 'more')).toThrow(/trace of corrections/);
    expect(() => actions.removeDayNote(notes.corrections(person)[0]!.id)).toThrow(/trace of corrections/);
    expect(notes.absences(person).map((absence) => absence.kind)).toEqual(['vacation']);
    expect(notes.corrections(person).map((correction) => correction.day)).toEqual(['2026-11-20']);
  });
});

describe('absences and corrections', () => {
  it('reads hours as people type them', () => {
    expect(['+1:30', '-0:45', '−0:45', '1.5', '1,5', '2', '2 h', '-2h'].map(typedHoursMinutes)).toEqual([
      90, -45, -45, 90, 90, 120, 120, -120,
    ]);
    expect(['', 'abc', '1:75', '1.555', '+-1'].map(typedHoursMinutes)).toEqual([null, null, null, null, null]);
    // As the settings window shows its hour fields, and reads them back (issue 63, point 4).
    expect([2400, 450, -90, 0].map(minutesAsTypedHours)).toEqual(['40', '7:30', '−1:30', '0']);
    expect(['40 h', '7:30', '38,5 Std.'].map(typedHoursMinutes)).toEqual([2400, 450, 2310]);
  });

  it('names each wrong field, keeps nothing then, and keeps a right entry across a restart', () => {
    const file = memoryFile();
    const { actions, changes } = actionsOn(file);
    expect(actions.addCorrection('2024-12-31', 'lots', ' ')).toEqual({
      day: 'This computer keeps days from 1 Jan 2025 on; choose a later day.',
      hours: 'Write the hours as +1:30, −0:45 or 1.5 (at most 1000 h).',
      reason: 'Say why, for example: overtime paid out.',
    });
    expect(actions.addCorrection('2026-11-20', '0:00', 'nothing')).toEqual({ hours: 'A correction of 0 changes nothing.' });
    expect(actions.addAbsence('2026-02-30', 'vacation', 'day')).toEqual({ day: 'Choose a day.' });
    expect(actions.addAbsence('2028-01-01', 'vacation', 'day')).toEqual({ day: 'Choose a day within the next year.' });
    expect(changes()).toBe(0);
    expect(actions.addAbsence('2026-12-24', 'vacation', 'half')).toBeNull();
    expect(actions.addAbsence('2026-12-24', 'vacation', 'day')).toBeNull(); // replaces the half day
    expect(actions.addCorrection('2026-11-20', '-1:30', ' overtime paid out ')).toBeNull();
    expect(changes()).toBe(3);
    const again = createDayNotes(file, () => '2025-01-01');
    expect(again.absences(person).map(({ day, kind, portion }) => [day, kind, portion])).toEqual([
      ['2026-12-24', 'vacation', 'day'],
    ]);
    expect(again.corrections(person).map(({ minutes, reason }) => [minutes, reason])).toEqual([[-90, 'overtime paid out']]);
    expect(again.absences({ ...person, employeeId: 'E2' })).toEqual([]);
  });

  it('takes an entry back by its id, only the person’s own', () => {
    const { actions, notes } = actionsOn(memoryFile());
    actions.addAbsence('2026-11-30', 'sick', 'day');
    const [absence] = notes.absences(person);
    expect(notes.remove({ ...person, employeeId: 'E2' }, absence!.id)).toBeNull();
    actions.removeDayNote(absence!.id);
    expect(notes.absences(person)).toEqual([]);
  });

  it('refuses an entry it cannot save, and holds nothing it did not save', () => {
    let broken = false;
    const file = memoryFile();
    const failing: TextFile = {
      ...file,
      write: (text) => {
        if (broken) throw new Error('disk full');
        file.write(text);
      },
    };
    const notes = createDayNotes(failing, () => '2025-01-01');
    notes.addAbsence({ ...person, day: '2026-11-30', kind: 'training', portion: 'day' });
    broken = true;
    expect(() => notes.addAbsence({ ...person, day: '2026-12-01', kind: 'training', portion: 'day' })).toThrow('disk full');
    expect(notes.absences(person).map((absence) => absence.day)).toEqual(['2026-11-30']);
  });

  it('keeps at most MAX_NOTES of each, the newest, and nothing before the first day kept', () => {
    const file = memoryFile();
    let from = '2025-01-01';
    const notes = createDayNotes(file, () => from);
    for (let index = 0; index <= MAX_NOTES; index++)
      notes.addCorrection({
        ...person,
        day: `2026-01-${String((index % 28) + 1).padStart(2, '0')}`,
        minutes: 1,
        reason: `r${index}`,
      });
    expect(notes.corrections(person)).toHaveLength(MAX_NOTES);
    from = '2026-01-15';
    notes.addAbsence({ ...person, day: '2026-01-20', kind: 'vacation', portion: 'day' });
    expect(
      createDayNotes(file, () => from)
        .corrections(person)
        .every((correction) => correction.day >= '2026-01-15'),
    ).toBe(true);
  });

  it('reads what it can of a damaged file', () => {
    const file = memoryFile();
    file.write(
      JSON.stringify({
        absences: [
          { id: 'x', environmentId: 'e', employeeId: 'E1', day: '2026-11-30', kind: 'holiday', portion: 'day' },
          { id: 'y', environmentId: 'e', employeeId: 'E1', day: '2026-12-01', kind: 'sick', portion: 'half' },
        ],
        corrections: 'no',
      }),
    );
    expect(
      createDayNotes(file, () => '2025-01-01')
        .absences(person)
        .map((absence) => absence.id),
    ).toEqual(['y']);
  });

  it('hands a damaged file to be copied before anything writes over it, and saves over it only once a copy is kept (issue 61)', () => {
    const file = memoryFile();
    file.write('{"absences":[{"id":"x","environmentId":"e"');
    const copies: Array<{ bytes: string | null; dropped: number }> = [];
    const notes = createDayNotes(
      file,
      () => '2025-01-01',
      (bytes, dropped) => {
        copies.push({ bytes: bytes?.toString('utf8') ?? null, dropped });
      },
    );
    expect(copies).toEqual([{ bytes: '{"absences":[{"id":"x","environmentId":"e"', dropped: 1 }]);
    notes.addAbsence({ ...person, day: '2026-12-01', kind: 'vacation', portion: 'day' });
    expect(notes.absences(person)).toHaveLength(1);

    // No copy could be kept: the file stays as it was, and a save says it failed.
    file.write('not json');
    const stuck = createDayNotes(
      file,
      () => '2025-01-01',
      () => {
        throw new Error('disk full');
      },
    );
    expect(() => stuck.addAbsence({ ...person, day: '2026-12-01', kind: 'vacation', portion: 'day' })).toThrow(/no copy/);
    expect(file.read()).toBe('not json');
  });

  it('leaves a file it cannot read untouched, says so, and refuses to save over it', () => {
    const file: TextFile = {
      read: () => {
        throw new Error('EACCES');
      },
      readBytes: () => {
        throw new Error('EACCES');
      },
      write: () => {
        throw new Error('must not be written');
      },
    };
    const told: Array<Buffer | null> = [];
    const notes = createDayNotes(
      file,
      () => '2025-01-01',
      (bytes) => void told.push(bytes),
    );
    expect(told).toEqual([null]);
    expect(() => notes.addCorrection({ ...person, day: '2026-12-01', minutes: 30, reason: 'x' })).toThrow(/no copy/);
  });
});

describe('an absences file that could not be read whole and not copied (issue 61)', () => {
  it('refuses a new entry in the employee’s words, and writes nothing over the file', () => {
    const file: TextFile = {
      read: () => null,
      readBytes: () => {
        throw new Error('EACCES');
      },
      write: () => {
        throw new Error('must not be written');
      },
    };
    const { actions } = actionsOn(file);
    expect(() => actions.addAbsence('2026-11-30', 'vacation', 'day')).toThrow(
      expect.objectContaining({
        name: 'UserFacingError',
        message: expect.stringMatching(/^Not saved: your absences and corrections file could not be read/),
      }),
    );
  });
});
