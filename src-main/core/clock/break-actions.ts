/**
 * "Take a break" and "Undo" as the clock does them: a break is a clock-out the journal marks (so
 * "Back from break" and the break reminder know it); undoing that clock-out takes the mark back.
 */
import type { ClockAction, PunchSource } from './clock-actions.ts';
import type { ClockNotification } from './clock-words.ts';
import type { HoursJournal } from './hours-journal.ts';
import type { Punch } from './outbox.ts';

export interface BreakActionsOptions {
  clockOut: (from: PunchSource) => Promise<ClockAction>;
  /** Takes back the punch in its undo time; null when there is none. */
  undoLast: () => Punch | null;
  journal: HoursJournal;
  tooLateToUndo: () => ClockNotification;
  notify: (notification: ClockNotification) => void;
  changed: () => void;
}

export function breakActions(options: BreakActionsOptions) {
  const { journal } = options;
  return {
    /** Clocks out for a break: the journal remembers it, "Back from break" clocks in, a reminder comes after the usual length. */
    async takeBreak(from: PunchSource): Promise<ClockAction> {
      const action = await options.clockOut(from);
      if (action.kind === 'done') {
        const { environmentId, employeeId, at } = action.outcome.punch;
        journal.markBreak(environmentId, employeeId, Date.parse(at));
        options.changed();
      }
      return action;
    },
    /** Takes back the punch just made, while it is in its undo time; from a notification, "too late" is said. */
    undo(from: PunchSource): boolean {
      const undone = options.undoLast();
      if (!undone && from !== 'window') options.notify(options.tooLateToUndo());
      if (undone?.kind === 'clock-out') journal.markBreak(undone.environmentId, undone.employeeId, Date.parse(undone.at), false);
      return undone !== null;
    },
  };
}
