/**
 * Clocking in and out as the app does it: one click records the punch durably, then sends it;
 * the state shown is the service's last event with pending punches applied, or "unknown" when
 * the service's state cannot be known. Refreshes at start, after sleep or unlock, when the network
 * returns, after each action and every 5 minutes.
 *
 * The pieces: clock-reading.ts (what the service last said), punch-recorder.ts (recording a punch),
 * punch-sync.ts (sending the outbox), clock-day.ts (the day's hours and view), reminder-tick.ts,
 * computer-absence.ts, sleep-prompt.ts, break-actions.ts, stopped-punches.ts, setup-changes.ts,
 * and clock-words.ts for every sentence. This file wires them.
 */
import type { ClockView } from '../../shared/ipc/contract.ts';
import type { ServiceClients } from '../api/service-clients.ts';
import type { Environment } from '../../shared/domain/environments.ts';
import { localTimeAt, type TimeFormatter } from '../../shared/moments.ts';
import type { Preferences } from '../../shared/settings-schema.ts';
import type { TimeSource } from '../util/time-source.ts';
import { createEmitter } from '../util/emitter.ts';
import type { TextFile } from '../util/text-file.ts';
import type { ClockAction, PunchSource } from './clock-actions.ts';
import { createClockCache } from './clock-cache.ts';
import { createClockReading } from './clock-reading.ts';
import type { LocalCalendar } from './clock-reminders.ts';
import { effectiveStatus, type ClockStatus } from './clock-state.ts';
import { clockView } from './clock-view.ts';
import { clockWords, type ClockNotification } from './clock-words.ts';
import { english } from '../../shared/i18n/catalogues.ts';
import type { Translate } from '../../shared/i18n/translator.ts';
import { createHoursJournal, type HoursJournal } from './hours-journal.ts';
import type { Outbox, Punch } from './outbox.ts';
import { createPunchRecorder } from './punch-recorder.ts';
import { createPunchSync } from './punch-sync.ts';
import { createSleepPrompt } from './sleep-prompt.ts';
import { createComputerStops, type ComputerStops } from './computer-stops.ts';
import { memoryFile } from '../util/text-file.ts';
import { stoppedPunchActions } from './stopped-punches.ts';
import { createSyncLoop } from './sync-loop.ts';
import { adoptKeptPunches, retryConfigurationStops } from './setup-changes.ts';
import { createTimers } from './clock-timers.ts';
import { breakSince, personOf, viewOf, workedHours } from './clock-day.ts';
import { hoursFile } from './hours-file.ts';
import { dayNoteActions } from '../flexitime/day-note-actions.ts';
import type { HoursPeriod } from '../../shared/domain/my-hours-choices.ts';
import { createReminderTick } from './reminder-tick.ts';
import { createComputerAbsence } from './computer-absence.ts';
import { breakActions } from './break-actions.ts';
import { clockCorrectionMs } from './service-time.ts';
import { fitNotification } from '../util/shorten.ts';
import { createFlexitime, keepFromDay, type Flexitime } from '../flexitime/flexitime.ts';
import { createDayNotes } from '../flexitime/day-notes.ts';

export interface ClockServiceOptions {
  time: TimeSource;
  outbox: Outbox;
  /** Remembers the service's last answer per environment and employee, for starts without network. */
  cache?: TextFile;
  /** The shifts this computer saw, for "My hours" (the service keeps no history we can read). */
  journal?: HoursJournal;
  /** The working calendar: targets, holidays, absences and the flexitime balance (none noted, no holidays, when not given). */
  flexitime?: Flexitime;
  /** When this computer last stopped (shut down, logged off, slept, locked), kept for the next start. */
  computerStops?: ComputerStops;
  activeEnvironment: () => Environment;
  clientsFor: (environmentId: string) => ServiceClients | null;
  /** Whether an environment still exists (punches of deleted ones stay visible until discarded). */
  environmentExists?: (environmentId: string) => boolean;
  preferences: () => Preferences;
  formatTime?: TimeFormatter;
  /** The words of the user's language, as they are at each use (English when not given). */
  t?: Translate;
  /** The formatting locale of the user's language (the computer's when not given). */
  formats?: () => string;
  calendar?: LocalCalendar;
  random?: () => number;
}

const REFRESH_MS = 5 * 60_000;

/**
 * Over 80 lines on purpose: it only wires the pieces above and lists the service's API, one short
 * method each; every job with logic of its own lives in its own file.
 */
export function createClockService(options: ClockServiceOptions) {
  const { time, outbox } = options;
  const active = () => options.activeEnvironment();
  /** What to add to this computer's clock to read the service's; punches, reminders and the view use that time. */
  const correctionMs = () => clockCorrectionMs(options.clientsFor(active().id)?.timeclock.serverClockOffsetMs() ?? null);
  const serviceNow = () => time.now() + correctionMs();
  const formatTime = options.formatTime ?? localTimeAt(serviceNow);
  const words = clockWords(options.t ?? english.t, formatTime);
  const events = createEmitter<{ change: undefined; notification: ClockNotification }>();
  const changed = () => events.emit('change', undefined);
  const notify = (notification: ClockNotification) => events.emit('notification', fitNotification(notification));
  const journal = options.journal ?? createHoursJournal(undefined, () => time.now());
  const flexitime =
    options.flexitime ??
    createFlexitime({
      notes: createDayNotes(undefined, () => keepFromDay(time.now())),
      preferences: options.preferences,
      language: () => 'en',
    });
  const day = { ...options, flexitime };
  const now = () => time.now();
  const monotonic = () => time.monotonic?.() ?? time.now();
  const sync = createPunchSync({ ...options, now, monotonic, formatTime, t: words.t });
  const reading = createClockReading({ ...options, active, cache: createClockCache(options.cache), journal, changed, words });
  const timers = createTimers(time);
  const status = (): ClockStatus => effectiveStatus(reading.state.server, outbox.all(), active().id, active().employeeId);
  /** Punches to show: the active environment's, and those of environments that no longer exist. */
  const shownPunches = (): Punch[] => {
    const exists = options.environmentExists ?? (() => true);
    return outbox.all().filter((punch) => punch.environmentId === active().id || !exists(punch.environmentId));
  };
  const refresh = () => {
    timers.schedule('refresh', REFRESH_MS, () => void refresh());
    const wasFailing = reading.state.problem !== null;
    return reading.read().then(() => {
      absence.weighStopBeforeStart();
      if (wasFailing && reading.state.problem === null) sendWaitingNow();
    });
  };
  /** The service answers again: punches waiting out a wait go now, not at the end of their backoff. */
  const sendWaitingNow = () => {
    if (outbox.all().some((punch) => !punch.stopped)) void syncLoop.run();
  };
  const syncLoop = createSyncLoop({ sync, reading, active, words, notify, changed, refresh, timers });
  const recorder = createPunchRecorder({
    outbox,
    reading,
    syncLoop,
    active,
    status,
    shownPunches,
    formatTime,
    words,
    changed,
    notify,
    now,
    correctionMs,
    learnServiceTime: () => reading.read(),
    undoMs: () => options.preferences().clock.undoSeconds * 1000,
  });
  const punch = recorder.punch;
  const sleep = createSleepPrompt({
    now: serviceNow,
    status,
    promptAfterMinutes: () => options.preferences().clock.sleepPromptMinutes,
    whenComputerStops: () => options.preferences().clock.whenComputerStops,
    words,
    notify,
    clockOutAt: (at) => punch('clock-out', at, 'window'),
    clockOutBecause: (at, note) => punch('clock-out', at, 'notification', note),
  });
  const computerStops = options.computerStops ?? createComputerStops(memoryFile());
  const absence = createComputerAbsence({
    computerStops,
    status,
    active,
    correctionMs,
    serviceNow,
    resumed: sleep.resumed,
    refresh: () => void refresh(),
    changed,
  });
  const onBreakSince = () => breakSince(journal, status(), serviceNow(), active());
  const checkReminders = createReminderTick({
    ...options,
    now: serviceNow,
    status,
    workDay: (current, now) => workedHours(day, journal, { current, now, environment: active(), t: words.t }).day,
    onBreakSince,
    formatTime,
    t: words.t,
    notify,
    scheduleNext: (delayMs, check) => timers.schedule('reminders', delayMs, check),
  });
  const viewInput = (current: ClockStatus) => ({
    ...viewOf(day, journal, reading, { current, now: serviceNow(), environment: active(), t: words.t }, formatTime),
    correctionMs: correctionMs(),
    correctedPunch: recorder.lastCorrected(),
    onBreakSince: onBreakSince(),
    busy: recorder.busy(),
    punches: shownPunches(),
    sleepPrompt: sleep.current(),
    formatTime,
    t: words.t,
  });

  return {
    start() {
      absence.rememberStopBeforeStart();
      timers.start();
      void refresh();
      void syncLoop.run();
      checkReminders();
    },
    stop() {
      timers.stop();
      try {
        outbox.flush();
      } catch {
        /* The next start finds the settled punch still waiting and confirms it with the service. */
      }
    },
    refresh,
    status,
    toggle: (from: PunchSource) => punch(status().state === 'in' ? 'clock-out' : 'clock-in', 'now', from),
    clockIn: (from: PunchSource) => punch('clock-in', 'now', from),
    clockOut: (from: PunchSource) => punch('clock-out', 'now', from),
    clockOutAt: (at: number) => recorder.clockOutAt(at, serviceNow()),
    ...breakActions({
      clockOut: (from) => punch('clock-out', 'now', from),
      undoLast: recorder.undo,
      journal,
      tooLateToUndo: words.tooLateToUndoNotice,
      notify,
      changed,
    }),
    ...stoppedPunchActions({ outbox, reading, changed, refresh, sync: () => syncLoop.run(), words }),
    ...dayNoteActions({
      flexitime,
      person: () => personOf(active()),
      now: serviceNow,
      t: () => words.t,
      locale: () => options.formats?.(),
      changed,
    }),
    /** My hours of a week or a month as a CSV or iCalendar file. */
    hoursFile: (request: { period: HoursPeriod; format: 'csv' | 'ics' }) =>
      hoursFile(day, journal, { current: status(), now: serviceNow(), environment: active(), t: words.t }, request),
    computerStopping: absence.computerStopping,
    resumed: absence.resumed,
    async answerSleepPrompt(answer: 'clock-out-at-sleep' | 'stay-clocked-in'): Promise<ClockAction | null> {
      const action = await sleep.answer(answer);
      changed();
      return action;
    },
    environmentChanged() {
      if (adoptKeptPunches(outbox, active()) > 0) void syncLoop.run();
      reading.reload();
      sleep.clear();
      changed();
      void refresh();
    },
    credentialsChanged() {
      retryConfigurationStops(outbox);
      void refresh();
      void syncLoop.run();
    },
    sync: () => syncLoop.run(),
    sendWaitingNow,
    view: (): ClockView => clockView(viewInput(status())),
    onChange: (listener: () => void) => events.on('change', listener),
    onNotification: (listener: (notification: ClockNotification) => void) => events.on('notification', listener),
    flush: syncLoop.flush,
  };
}

export type ClockService = ReturnType<typeof createClockService>;
