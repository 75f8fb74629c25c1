/**
 * Clocking in and out as the app does it: one click records the punch durably, then sends it;
 * the state shown is the service's last event with pending punches applied, or "unknown" when
 * the service's state cannot be known. Refreshes at start, after sleep or unlock, when the network
 * returns, after each action and every 5 minutes.
 *
 * The pieces: clock-reading.ts (what the service last said), punch-sync.ts (sending the outbox),
 * punch-moment.ts, stopped-punches.ts, sleep-prompt.ts, clock-reminders.ts, and clock-words.ts for
 * every sentence. This file wires them and records punches.
 */
import type { ClockView, HoursView } from '../../shared/ipc/contract.ts';
import type { ServiceClients } from '../api/service-clients.ts';
import type { Environment } from '../../shared/domain/environments.ts';
import { localTimeAt, type TimeFormatter, startOfLocalDay, startOfLocalWeek } from '../../shared/moments.ts';
import { weekStartOf } from './my-hours.ts';
import type { Preferences } from '../../shared/settings-schema.ts';
import type { TimeSource } from '../util/time-source.ts';
import { createEmitter } from '../util/emitter.ts';
import type { TextFile } from '../util/text-file.ts';
import type { ClockAction, PunchSource } from './clock-actions.ts';
import { createClockCache } from './clock-cache.ts';
import { createClockReading } from './clock-reading.ts';
import { dueReminders, localCalendar, type LocalCalendar, type ReminderMemory } from './clock-reminders.ts';
import { effectiveStatus, type ClockStatus } from './clock-state.ts';
import { clockView } from './clock-view.ts';
import { clockWords, type ClockNotification } from './clock-words.ts';
import { english } from '../../shared/i18n/catalogues.ts';
import type { Translate } from '../../shared/i18n/translator.ts';
import { createHoursJournal, type HoursJournal } from './hours-journal.ts';
import { myHours, sessionsOf, type Session } from './my-hours.ts';
import {
  freshWorkingTimeMemory,
  restTodayMs,
  workingRulesOf,
  workingTimeReminders,
  workingTimeView,
  type WorkDay,
} from './working-time.ts';
import type { Outbox, Punch } from './outbox.ts';
import { createPunchRecorder } from './punch-recorder.ts';
import { createPunchSync } from './punch-sync.ts';
import { createSleepPrompt } from './sleep-prompt.ts';
import { createComputerStops, type ComputerStop, type ComputerStops, type StopHow } from './computer-stops.ts';
import { memoryFile } from '../util/text-file.ts';
import { stoppedPunchActions } from './stopped-punches.ts';
import { createSyncLoop } from './sync-loop.ts';
import { clockCorrectionMs } from './service-time.ts';
import type { ClockReading } from './clock-reading.ts';
import { fitNotification } from '../util/shorten.ts';

export interface ClockServiceOptions {
  time: TimeSource;
  outbox: Outbox;
  /** Remembers the service's last answer per environment and employee, for starts without network. */
  cache?: TextFile;
  /** The shifts this computer saw, for "My hours" (the service keeps no history we can read). */
  journal?: HoursJournal;
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
/** Out longer than this after "Take a break", the break has become the end of the day. */
const MAX_BREAK_MS = 8 * 3_600_000;
const REMINDER_TICK_MS = 60_000;

/** My hours this week, and today's work as the working-time rules weigh it: the journal's shifts with the punches waiting. */
function workedHours(
  options: ClockServiceOptions,
  journal: HoursJournal,
  current: ClockStatus,
  now: number,
  environment: Environment,
  t: Translate,
): { hours: HoursView; day: WorkDay } {
  const { id, employeeId } = environment;
  const waiting = options.outbox
    .all()
    .filter((punch) => punch.environmentId === id && punch.employeeId === employeeId && !punch.stopped);
  const locale = options.formats?.();
  const firstDay = weekStartOf(options.preferences().clock.firstDayOfWeek, locale);
  const weekStart = startOfLocalWeek(now, firstDay);
  const sessions = sessionsOf(journal.shifts(id, employeeId, weekStart), waiting, current);
  const hours = myHours(sessions, now, {
    t,
    locale,
    firstDay,
    breakMarks: journal.breaks(id, employeeId, weekStart),
    longShiftMs: options.preferences().clock.longShiftHours * 3_600_000,
  });
  return { hours, day: workDayOf(sessions, hours, current, now) };
}

/** What the view needs from the service's state besides the punches and the prompt. */
function viewOf(
  options: ClockServiceOptions,
  journal: HoursJournal,
  reading: ClockReading,
  current: ClockStatus,
  now: number,
  environment: Environment,
  t: Translate,
  formatTime: TimeFormatter,
) {
  // `now` is on the service's time when this computer's clock disagrees with it (service-time.ts).
  const { id, employeeId } = environment;
  const { server, problem, problemIsOutage } = reading.state;
  const { hours, day } = workedHours(options, journal, current, now, environment, t);
  const rules = workingRulesOf(options.preferences().clock.workingTime);
  return {
    hours: { ...hours, ...workingTimeView(day, rules, formatTime, t) },
    status: current,
    now,
    employeeId,
    // The service's word for the name first; the one the employee gave in Settings otherwise.
    employeeName:
      (server.kind === 'known' ? server.event?.employeeName : undefined) ??
      (options.preferences().clock.displayName.trim() || null),
    environmentName: environment.name,
    problem,
    problemIsOutage: problem !== null && problemIsOutage,
    asOf: problem && server.kind === 'known' ? server.readAt : null,
    serverClockOffsetMs: options.clientsFor(id)?.timeclock.serverClockOffsetMs() ?? null,
    forgottenAfterMs: options.preferences().clock.longShiftHours * 3_600_000,
  };
}

/** The day's work as the working-time rules weigh it. */
function workDayOf(sessions: Session[], hours: HoursView, current: ClockStatus, now: number): WorkDay {
  return {
    now,
    workedTodayMs: hours.todayMs,
    restTodayMs: restTodayMs(sessions, startOfLocalDay(now), now),
    weekMs: hours.weekMs,
    clockedIn: current.state === 'in',
  };
}

type TimerName = 'refresh' | 'sync' | 'reminders';

/** Named timers that run only while the service runs. */
function createTimers(time: TimeSource) {
  const handles: Record<TimerName, unknown> = { refresh: null, sync: null, reminders: null };
  let running = false;
  const schedule = (name: TimerName, delayMs: number | null, run: () => void) => {
    if (handles[name] !== null) time.clearTimeout(handles[name]);
    handles[name] = running && delayMs !== null ? time.setTimeout(run, Math.max(0, delayMs)) : null;
  };
  return {
    schedule,
    start: () => void (running = true),
    stop() {
      running = false;
      for (const name of Object.keys(handles) as TimerName[]) schedule(name, null, () => {});
    },
  };
}

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
  const sync = createPunchSync({
    outbox,
    clientsFor: options.clientsFor,
    now: () => time.now(),
    monotonic: () => time.monotonic?.() ?? time.now(),
    formatTime,
    t: words.t,
    random: options.random,
  });
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
      weighStopBeforeStart();
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
    now: () => time.now(),
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
  /** Punches made here before the employee id was set are theirs, once it is: they are sent then. */
  function adoptKeptPunches(): void {
    const { id, employeeId } = active();
    if (employeeId.trim() === '') return;
    const kept = outbox.all().filter((punch) => punch.environmentId === id && punch.employeeId === '' && !punch.stopped);
    for (const punch of kept) outbox.update(punch.id, { employeeId });
    if (kept.length > 0) void syncLoop.run();
  }
  const computerStops = options.computerStops ?? createComputerStops(memoryFile());
  /** A stop seen before this start (a shutdown, a logoff, a sleep not woken from), until it is weighed. */
  let stopBeforeStart: ComputerStop | null = null;
  /** Weighs that stop once the service's state is known: it asks (or acts) as after a sleep. */
  function weighStopBeforeStart(): void {
    const stop = stopBeforeStart;
    if (stop === null || status().state === 'unknown') return;
    stopBeforeStart = null;
    if (computerStops.last()?.at === stop.at) computerStops.clear();
    const { id, employeeId } = active();
    if (stop.environmentId === id && stop.employeeId === employeeId) sleep.resumed(stop.at, stop.how, stop.lastInputAt);
    changed();
  }
  /** Out on a break: the clock-out that began it, marked in the journal ("Take a break"); null otherwise. */
  function onBreakSince(): number | null {
    const current = status();
    if (current.state !== 'out' || current.lastOut === null || serviceNow() - current.lastOut > MAX_BREAK_MS) return null;
    const { id, employeeId } = active();
    const second = Math.floor(current.lastOut / 1000);
    const marked = journal.breaks(id, employeeId, current.lastOut - 1000).some((at) => Math.floor(at / 1000) === second);
    return marked ? current.lastOut : null;
  }
  let reminderMemory: ReminderMemory = { longShiftRemindedAt: null, notClockedInRemindedOn: null };
  let workingTimeMemory = freshWorkingTimeMemory();
  function checkReminders(): void {
    const calendar = options.calendar ?? localCalendar;
    const now = serviceNow();
    const clock = options.preferences().clock;
    const current = status();
    const result = dueReminders(current, now, clock, reminderMemory, formatTime, calendar, words.t);
    reminderMemory = result.memory;
    const worked = workedHours(options, journal, current, now, active(), words.t).day;
    const day = { ...worked, dayKey: calendar.day(now), onBreakSince: onBreakSince(), breakMinutes: clock.breakMinutes };
    const working = workingTimeReminders(day, workingRulesOf(clock.workingTime), workingTimeMemory, formatTime, words.t);
    workingTimeMemory = working.memory;
    for (const reminder of [...result.reminders, ...working.reminders]) notify(reminder);
    timers.schedule('reminders', REMINDER_TICK_MS, checkReminders);
  }
  const viewInput = (current: ClockStatus) => ({
    ...viewOf(options, journal, reading, current, serviceNow(), active(), words.t, formatTime),
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
      stopBeforeStart = computerStops.last();
      timers.start();
      void refresh();
      void syncLoop.run();
      checkReminders();
    },
    stop: timers.stop,
    refresh,
    status,
    toggle: (from: PunchSource) => punch(status().state === 'in' ? 'clock-out' : 'clock-in', 'now', from),
    clockIn: (from: PunchSource) => punch('clock-in', 'now', from),
    clockOut: (from: PunchSource) => punch('clock-out', 'now', from),
    clockOutAt: (at: number) => recorder.clockOutAt(at, serviceNow()),
    /** Clocks out for a break: the journal remembers it, "Back from break" clocks in, a reminder comes after the usual length. */
    async takeBreak(from: PunchSource): Promise<ClockAction> {
      const action = await punch('clock-out', 'now', from);
      if (action.kind === 'done') {
        const { environmentId, employeeId, at } = action.outcome.punch;
        journal.markBreak(environmentId, employeeId, Date.parse(at));
        changed();
      }
      return action;
    },
    /** Takes back the punch just made, while it is in its undo time; from a notification, "too late" is said. */
    undo(from: PunchSource): boolean {
      const undone = recorder.undo();
      if (!undone && from !== 'window') notify(words.tooLateToUndoNotice());
      if (undone?.kind === 'clock-out') journal.markBreak(undone.environmentId, undone.employeeId, Date.parse(undone.at), false);
      return undone !== null;
    },
    ...stoppedPunchActions({ outbox, reading, changed, refresh, sync: () => syncLoop.run(), words }),
    /** The computer is stopping (`lastInputAt` on this computer's clock): kept on disk at once for the next start. */
    computerStopping(how: StopHow, lastInputAt: number | null) {
      const { id, employeeId } = active();
      const corrected = lastInputAt === null ? null : lastInputAt + correctionMs();
      computerStops.record({ how, at: serviceNow(), lastInputAt: corrected, environmentId: id, employeeId });
    },
    /** Back after sleep or a locked screen that began at `from`: a long absence while clocked in asks (or acts). */
    resumed(from: number, how: StopHow = 'slept', lastInputAt: number | null = null) {
      computerStops.clear();
      const correction = correctionMs();
      sleep.resumed(from + correction, how, lastInputAt === null ? null : lastInputAt + correction);
      void refresh();
      changed();
    },
    async answerSleepPrompt(answer: 'clock-out-at-sleep' | 'stay-clocked-in'): Promise<ClockAction | null> {
      const action = await sleep.answer(answer);
      changed();
      return action;
    },
    environmentChanged() {
      adoptKeptPunches();
      reading.reload();
      sleep.clear();
      changed();
      void refresh();
    },
    credentialsChanged() {
      // A change of set-up may cure what stopped punches for set-up reasons: try those again.
      for (const entry of outbox.all().filter((other) => other.stopped?.kind === 'configuration'))
        outbox.update(entry.id, { stopped: null, nextAttemptAt: null });
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
