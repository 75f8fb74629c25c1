/**
 * What the clock tells the employee in notifications, in words: pure functions of the facts, so the
 * wording is read (and, soon, translated) in one place rather than among the clock's state.
 */
import { formatDuration, type TimeFormatter } from '../../shared/moments.ts';
import type { Punch } from './outbox.ts';
import type { PunchOutcome } from './punch-sync.ts';

export interface ClockNotification {
  title: string;
  body: string;
  /** The notification's button, where the OS shows one. */
  action?: 'clock-out';
}

/** Instants of the wire (ISO) in the employee's words. */
export const wordsFor = (formatTime: TimeFormatter) => (iso: string) => formatTime(Date.parse(iso));

export const punchLabel = (punch: Pick<Punch, 'kind' | 'at'>, timeOf: (iso: string) => string) =>
  `${punch.kind === 'clock-in' ? 'Clock-in' : 'Clock-out'} at ${timeOf(punch.at)}`;

export const workedText = (clockIn: string, clockOut: string, timeOf: (iso: string) => string) =>
  `Worked ${formatDuration(Date.parse(clockOut) - Date.parse(clockIn))} since ${timeOf(clockIn)}.`;

/** The outcome of a punch just made (or of one that was waiting and came to an end). */
export function outcomeNotice(
  outcome: PunchOutcome,
  timeOf: (iso: string) => string,
  environmentName: string,
): ClockNotification {
  const { punch } = outcome;
  const label = punchLabel(punch, timeOf);
  switch (outcome.kind) {
    case 'synced':
      return punch.kind === 'clock-in'
        ? { title: `Clocked in at ${timeOf(punch.at)}`, body: `Recorded by the timeclock service of ${environmentName}.` }
        : { title: `Clocked out at ${timeOf(punch.at)}`, body: workedText(outcome.event.clockIn, punch.at, timeOf) };
    case 'reconciled':
      return {
        title: punch.kind === 'clock-in' ? 'You were already clocked in' : 'You were already clocked out',
        body: outcome.message,
      };
    case 'waiting':
      return {
        title: `${label} saved — not sent yet`,
        body: `${outcome.message} It will be sent automatically; nothing is lost.`,
      };
    case 'stopped':
      return {
        title: outcome.stop === 'unconfirmed' ? `${label}: outcome unknown` : `${label} was not recorded`,
        body: `${outcome.message} Open the panel to ${outcome.stop === 'unconfirmed' ? 'mark it as sent or discard it' : 'try again or discard it'}.`,
      };
  }
}

/** A punch that was waiting has now been recorded. */
export const sentLaterNotice = (punch: Punch, timeOf: (iso: string) => string): ClockNotification => ({
  title: `${punchLabel(punch, timeOf)} sent`,
  body: 'It was waiting and is now recorded by the timeclock service.',
});

/** A punch asked for from the tray, a shortcut or a notification, refused: said where it was asked. */
export const refusedNotice = (kind: Punch['kind'], reason: string): ClockNotification => ({
  title: kind === 'clock-in' ? 'Not clocked in' : 'Not clocked out',
  body: reason,
});

/** Back after a long sleep or lock while clocked in. */
export const awayNotice = (
  away: number,
  from: number,
  how: 'slept' | 'locked',
  formatTime: TimeFormatter,
): ClockNotification => ({
  title: `You were away for ${formatDuration(away)}`,
  body: `You are still clocked in. Open the panel to clock out at ${formatTime(from)}, when ${how === 'locked' ? 'the screen was locked' : 'this computer went to sleep'}, or to stay clocked in.`,
});

/** Why a punch cannot be made now. */
export const refusals = {
  busy: 'A punch is already being sent.',
  nothingToDo: 'Nothing can be done now.',
  notClockedIn: 'You are not clocked in.',
  chooseTime: 'Choose the time you stopped working.',
  notYet: (at: string) => `${at} has not come yet: choose the time you stopped working.`,
  beforeClockIn: (since: string) => `You clocked in at ${since}: choose a later time.`,
  clockWentBack: (now: string, last: string) =>
    `This computer's clock says ${now}, which is before your last punch at ${last}. Check the computer's date and time, then try again.`,
  waitsForEarlier: 'It waits for an earlier punch to be sent first.',
  gone: 'That punch is no longer waiting: it was sent or discarded.',
  stillSending: 'That punch is still being sent automatically; only a stopped punch can be changed.',
  onlyUnconfirmed: 'Only a punch whose outcome is unknown can be marked as sent.',
} as const;

export const wrongEmployeeProblem = (theirs: string, ours: string) =>
  `The timeclock service answered with a time event of employee ${theirs}, not ${ours}, so the clock state is unknown.`;
