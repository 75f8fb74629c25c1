/**
 * The clock: the outbox every punch is saved to before it is sent (durable: nothing is lost), and
 * the clock service over it, with its cache, hours journal, the computer's stops and the working
 * calendar (holidays, absences, the flexitime balance).
 */
import type { ServiceClients } from '../api/service-clients.ts';
import { createClockService } from '../clock/clock-service.ts';
import { outboxProblemText } from '../clock/clock-words.ts';
import { createComputerStops } from '../clock/computer-stops.ts';
import { createHoursJournal } from '../clock/hours-journal.ts';
import { createOutbox } from '../clock/outbox.ts';
import { createDayNotes, type DamagedNotes } from '../flexitime/day-notes.ts';
import { createFlexitime, holidayLanguage } from '../flexitime/flexitime.ts';
import { createCorrectionTrace } from '../record/correction-trace.ts';
import { recordKeptFrom, recordKeptFromDay } from '../record/keeping.ts';
import type { CoreBasics } from './core-basics.ts';
import { coalesced } from '../util/coalesce.ts';
import type { AppCoreOptions } from './app-core-options.ts';
import type { DataFiles } from './data-files.ts';
import type { TimeSource } from '../util/time-source.ts';
import type { Translate } from '../../shared/i18n/translator.ts';

interface ClockNeeds {
  clientsFor: (environmentId: string) => ServiceClients | null;
  random?: () => number;
  log?: AppCoreOptions['log'];
}

export function createClockAssembly(basics: CoreBasics, { clientsFor, random, log }: ClockNeeds) {
  const { time, files, language, formatTime, settings, environments, events } = basics;
  const keepYears = () => settings.preferences().clock.keepYears;
  const outbox = createOutbox(
    files.durable('outbox.json'),
    (bytes) => files.setAside(`outbox.damaged-${time.now()}.json`, bytes),
    (problem) => files.problems.push(outboxProblemText(problem, language.t)),
  );
  const clock = createClockService({
    time,
    outbox,
    // A cache, not a record: atomic is enough, no fsync.
    cache: files.atomic('clock-cache.json'),
    journal: createHoursJournal(
      files.atomic('hours.json'),
      () => time.now(),
      (count) => log?.warn(`Hours journal: ${count} saved entries could not be used and were dropped.`),
      keepYears,
    ),
    // Each correction's trace, written before the correction is said to be made: durable.
    trace: createCorrectionTrace(
      {
        trace: files.durable('correction-trace.json'),
        head: files.durable('correction-trace-head.json'),
        setAside: (bytes) => keptAside(files, `correction-trace.damaged-${time.now()}.json`, bytes, language.t),
      },
      () => recordKeptFrom(time.now(), keepYears()),
      () => time.now(),
    ),
    // Written as the computer shuts down: durable, since the power may go a moment later.
    computerStops: createComputerStops(files.durable('computer-stops.json')),
    // The employee's own entries (absences, corrections): durable, as the outbox.
    flexitime: createFlexitime({
      notes: createDayNotes(
        files.durable('day-notes.json'),
        () => recordKeptFromDay(time.now(), keepYears()),
        damagedNotesHandler(files, time, language.t, log),
      ),
      preferences: () => settings.preferences(),
      language: () => holidayLanguage(language.translator().locale.messages),
    }),
    activeEnvironment: () => environments.active().environment,
    clientsFor,
    environmentExists: (id) => environments.get(id) !== undefined,
    preferences: () => settings.preferences(),
    formatTime,
    t: language.t,
    formats: () => language.translator().locale.formats,
    random,
  });
  // A punch changes the clock three times: the windows get one view, made after the punch's path.
  clock.onChange(coalesced(() => events.emit('clockChanged', clock.view())));
  return { outbox, clock };
}

/** A damaged trace's bytes kept beside it, and the employee told where (the trace starts again). */
function keptAside(files: DataFiles, name: string, bytes: Buffer, t: Translate): string | null {
  const copy = files.setAside(name, bytes);
  files.problems.push(t('problem.traceDamaged', { path: copy ?? '—' }));
  return copy;
}

/**
 * A damaged absences file: its bytes kept beside it before the next save replaces it, and the
 * employee told once where the copy is; unreadable, it is left as it is and said so.
 */
function damagedNotesHandler(files: DataFiles, time: TimeSource, t: Translate, log: ClockNeeds['log']): DamagedNotes {
  return (bytes, dropped) => {
    log?.warn(`Absences and corrections: ${dropped} saved entries could not be used.`);
    if (bytes === null) {
      files.problems.push(t('problem.dayNotesUnreadable'));
      return;
    }
    const copy = files.setAside(`day-notes.damaged-${time.now()}.json`, bytes);
    if (copy) files.problems.push(t('problem.dayNotesDamaged', { path: copy }));
  };
}
