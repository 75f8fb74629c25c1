/**
 * What every part of the clock shares: the service's time (this computer's clock corrected by the
 * service's `Date`, service-time.ts), the words, the change and notification events, the hours
 * journal and the working calendar.
 */
import { english } from '../../shared/i18n/catalogues.ts';
import { localTimeAt } from '../../shared/moments.ts';
import { createDayNotes } from '../flexitime/day-notes.ts';
import { createFlexitime, keepFromDay } from '../flexitime/flexitime.ts';
import { createEmitter } from '../util/emitter.ts';
import { fitNotification } from '../util/shorten.ts';
import type { ClockServiceOptions } from './clock-options.ts';
import type { ClockStatus } from './clock-state.ts';
import { clockWords, type ClockNotification } from './clock-words.ts';
import { createHoursJournal } from './hours-journal.ts';
import { clockCorrectionMs } from './service-time.ts';
import { createCorrectionTrace } from '../record/correction-trace.ts';
import type { TraceFacts } from '../record/trace-chain.ts';
import { signedInAs } from '../util/signed-in-as.ts';

/** A correction as the part that makes it knows it; whose and when are added by the context. */
export type TraceChange = Pick<TraceFacts, 'kind' | 'day' | 'subject' | 'before' | 'after' | 'reason'>;

export function createClockContext(options: ClockServiceOptions) {
  const { time } = options;
  const active = () => options.activeEnvironment();
  /** What to add to this computer's clock to read the service's; punches, reminders and the view use that time. */
  const correctionMs = () => clockCorrectionMs(options.clientsFor(active().id)?.timeclock.serverClockOffsetMs() ?? null);
  const serviceNow = () => time.now() + correctionMs();
  const formatTime = options.formatTime ?? localTimeAt(serviceNow);
  const words = clockWords(options.t ?? english.t, formatTime);
  const events = createEmitter<{ change: undefined; notification: ClockNotification }>();
  const flexitime =
    options.flexitime ??
    createFlexitime({
      notes: createDayNotes(undefined, () => keepFromDay(time.now())),
      preferences: options.preferences,
      language: () => 'en',
    });
  const trace =
    options.trace ??
    createCorrectionTrace(
      undefined,
      () => 0,
      () => time.now(),
    );
  return {
    active,
    correctionMs,
    serviceNow,
    formatTime,
    words,
    events,
    flexitime,
    journal: options.journal ?? createHoursJournal(undefined, () => time.now()),
    trace,
    /** Writes a correction into the trace as the signed-in employee's, now; throws when it cannot be written. */
    traced(change: TraceChange) {
      const { id, employeeId } = active();
      const by = signedInAs(employeeId, options.preferences().clock.displayName);
      trace.append({ ...change, environmentId: id, employeeId, by, madeAt: serviceNow() });
    },
    /** The settings and the working calendar, as the day's hours are worked out from them. */
    day: { ...options, flexitime, trace },
    now: () => time.now(),
    monotonic: () => time.monotonic?.() ?? time.now(),
    changed: () => events.emit('change', undefined),
    notify: (notification: ClockNotification) => events.emit('notification', fitNotification(notification)),
    /** The moment the day's hours are worked out for: the state, the service's now (or `now`), whose, in which words. */
    moment: (current: ClockStatus, now = serviceNow()) => ({ current, now, environment: active(), t: words.t }),
  };
}

export type ClockContext = ReturnType<typeof createClockContext>;
