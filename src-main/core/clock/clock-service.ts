/**
 * Clocking in and out as the app does it: one click records the punch durably, then sends it;
 * the state shown is the service's last event with pending punches applied, or "unknown" when
 * the service's state cannot be known. Refreshes at start, after sleep or unlock, when the network
 * returns, after each action and every 5 minutes.
 *
 * The parts, each deciding one thing: clock-context.ts (the service's time, words, events),
 * clock-punching.ts (the state, the reading, the sync loop, the recorder), clock-away.ts (the
 * computer away), clock-showing.ts (the view and reminders). This file puts them together and
 * lists the service's API in four groups.
 */
import type { HoursPeriod } from '../../shared/domain/my-hours-choices.ts';
import { dayNoteActions } from '../flexitime/day-note-actions.ts';
import type { ClockAction, PunchSource } from './clock-actions.ts';
import { createClockAway, type ClockAway } from './clock-away.ts';
import { createClockContext, type ClockContext } from './clock-context.ts';
import { employeeNameOf, personOf } from './clock-day.ts';
import type { ClockServiceOptions } from './clock-options.ts';
import { createPunching, type Punching } from './clock-punching.ts';
import { createClockShowing } from './clock-showing.ts';
import type { ClockNotification } from './clock-words.ts';
import { breakActions } from './break-actions.ts';
import { restGuard, restOf } from './clock-rest.ts';
import { hoursFile } from './hours-file.ts';
import { monthRecord } from './month-record.ts';
import { adoptKeptPunches, retryConfigurationStops } from './setup-changes.ts';
import { stoppedPunchActions } from './stopped-punches.ts';

export function createClockService(options: ClockServiceOptions) {
  const context = createClockContext(options);
  const punching = createPunching(options, context, () => away.absence.weighStopBeforeStart());
  const away = createClockAway(options, context, punching);
  const showing = createClockShowing(options, context, punching, away);
  return {
    ...running(options, context, punching, away, showing.checkReminders),
    ...punchActions(options, context, punching, away),
    ...hoursActions(options, context, punching),
    view: showing.view,
    onChange: (listener: () => void) => context.events.on('change', listener),
    onNotification: (listener: (notification: ClockNotification) => void) => context.events.on('notification', listener),
  };
}

/** Start, stop, refresh and send; what a change of environment, credentials or the computer's state starts. */
function running(
  options: ClockServiceOptions,
  context: ClockContext,
  punching: Punching,
  away: ClockAway,
  checkReminders: () => void,
) {
  const { outbox } = options;
  const { syncLoop, timers, refresh } = punching;
  return {
    start() {
      away.absence.rememberStopBeforeStart();
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
    status: punching.status,
    sync: () => syncLoop.run(),
    sendWaitingNow: punching.sendWaitingNow,
    flush: syncLoop.flush,
    computerStopping: away.absence.computerStopping,
    resumed: away.absence.resumed,
    environmentChanged() {
      if (adoptKeptPunches(outbox, context.active()) > 0) void syncLoop.run();
      punching.reading.reload();
      away.sleep.clear();
      context.changed();
      void refresh();
    },
    credentialsChanged() {
      retryConfigurationStops(outbox);
      void refresh();
      void syncLoop.run();
    },
  };
}

/** Every way to punch: now, at a time, a break, undo, a stopped punch's fate, the sleep question's answer. */
function punchActions(options: ClockServiceOptions, context: ClockContext, punching: Punching, away: ClockAway) {
  const { punch, recorder, status } = punching;
  const { words, changed, notify } = context;
  const rest = restGuard({
    rest: () => restOf(context.day, context.journal, context.moment(status())),
    now: context.serviceNow,
    formatTime: context.formatTime,
    words,
    notify,
    traced: context.traced,
    clockIn: (from) => punch('clock-in', 'now', from),
  });
  return {
    toggle: (from: PunchSource) => (status().state === 'in' ? punch('clock-out', 'now', from) : rest.clockIn(from)),
    clockIn: rest.clockIn,
    clockInDuringRest: rest.clockInDuringRest,
    clockOut: (from: PunchSource) => punch('clock-out', 'now', from),
    clockOutAt: (at: number, reason = '') => recorder.clockOutAt(at, context.serviceNow(), reason),
    ...breakActions({
      clockOut: (from) => punch('clock-out', 'now', from),
      undoLast: recorder.undo,
      journal: context.journal,
      tooLateToUndo: words.tooLateToUndoNotice,
      notify,
      changed,
    }),
    ...stoppedPunchActions({
      outbox: options.outbox,
      reading: punching.reading,
      changed,
      refresh: punching.refresh,
      sync: () => punching.syncLoop.run(),
      words,
    }),
    async answerSleepPrompt(answer: 'clock-out-at-sleep' | 'stay-clocked-in'): Promise<ClockAction | null> {
      const action = await away.sleep.answer(answer);
      changed();
      return action;
    },
  };
}

/** My time's own entries (absences, corrections) and its export. */
function hoursActions(options: ClockServiceOptions, context: ClockContext, punching: Punching) {
  return {
    ...dayNoteActions({
      flexitime: context.flexitime,
      person: () => personOf(context.active()),
      now: context.serviceNow,
      t: () => context.words.t,
      locale: () => options.formats?.(),
      changed: context.changed,
      traced: context.traced,
    }),
    /** My hours of a week or a month as a CSV or iCalendar file. */
    hoursFile: (request: { period: HoursPeriod; format: 'csv' | 'ics' }) =>
      hoursFile(context.day, context.journal, context.moment(punching.status()), request),
    /** This or last month's record, for print or PDF: whose, and when the service last answered. */
    monthRecord(period: 'this-month' | 'last-month') {
      const { server } = punching.reading.state;
      const employeeName = employeeNameOf(options, punching.reading);
      const readAt = server.kind === 'known' ? server.readAt : null;
      return monthRecord(context.day, context.journal, { ...context.moment(punching.status()), employeeName, readAt }, period);
    },
  };
}

export type ClockService = ReturnType<typeof createClockService>;
