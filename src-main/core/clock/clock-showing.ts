/**
 * What the clock shows and reminds of: the view the panel, My time and the tray draw, and the
 * reminders' minute, both worked out on the service's time from the journal and the working calendar.
 */
import type { ClockView } from '../../shared/ipc/contract.ts';
import type { ClockAway } from './clock-away.ts';
import type { ClockContext } from './clock-context.ts';
import type { ClockServiceOptions } from './clock-options.ts';
import type { Punching } from './clock-punching.ts';
import { breakSince, viewOf, workedHours } from './clock-day.ts';
import { clockView } from './clock-view.ts';
import { createReminderTick } from './reminder-tick.ts';
import { restOf, restView, withRest } from './clock-rest.ts';

export function createClockShowing(options: ClockServiceOptions, context: ClockContext, punching: Punching, away: ClockAway) {
  const { journal, day, formatTime, words, active } = context;
  const { status, recorder } = punching;
  const onBreakSince = () => breakSince(journal, status(), context.serviceNow(), active());
  const checkReminders = createReminderTick({
    ...options,
    now: context.serviceNow,
    status,
    workDay: (current, now) => workedHours(day, journal, context.moment(current, now)).day,
    onBreakSince,
    formatTime,
    t: words.t,
    notify: context.notify,
    scheduleNext: (delayMs, check) => punching.timers.schedule('reminders', delayMs, check),
  });
  const view = (): ClockView => {
    const moment = context.moment(status());
    const shown = viewOf(day, journal, punching.reading, moment, formatTime);
    const rest = restOf(day, journal, moment);
    return clockView({
      ...shown,
      hours: withRest(shown.hours, rest, moment.now, words.t),
      rest: restView(rest, formatTime, words.t),
      correctionMs: context.correctionMs(),
      correctedPunch: recorder.lastCorrected(),
      onBreakSince: onBreakSince(),
      busy: recorder.busy(),
      punches: punching.shownPunches(),
      sleepPrompt: away.sleep.current(),
      formatTime,
      t: words.t,
    });
  };
  return { checkReminders, view };
}
