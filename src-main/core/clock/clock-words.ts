/**
 * What the clock tells the employee, in their language: notifications, refusals and problems, as
 * functions of the facts. `t` reads the user's language at each use (the core's live translate), so
 * a change in Settings applies to the next sentence without a restart.
 */
import { formatDuration, type TimeFormatter } from '../../shared/moments.ts';
import type { StopHow } from './computer-stops.ts';
import type { Translate } from '../../shared/i18n/translator.ts';
import { causeOf, waitsOnPerson } from '../../shared/i18n/api-problem-words.ts';
import type { OutboxProblem, Punch } from './outbox.ts';
import type { PunchOutcome } from './punch-outcomes.ts';

export interface ClockNotification {
  title: string;
  body: string;
  /** The notification's button, where the OS shows one. */
  action?: 'clock-out' | 'undo' | 'take-break' | 'back-from-break';
  /** The window a click opens where it is not the panel (My time). */
  opens?: 'hours';
}

export type ClockWords = ReturnType<typeof clockWords>;

/** The helpers every sentence of the clock is made with. */
function basicWords(t: Translate, formatTime: TimeFormatter) {
  /** An instant of the wire (ISO) as the employee reads it. */
  const timeOf = (iso: string) => formatTime(Date.parse(iso));
  return {
    t,
    timeOf,
    duration: (ms: number) => formatDuration(ms, t),
    punchLabel: (punch: Pick<Punch, 'kind' | 'at'>) =>
      t('clock.punchLabel', { kind: punch.kind === 'clock-in' ? 'in' : 'out', time: timeOf(punch.at) }),
  };
}

/** The outcome of a punch just made (or of one that was waiting and came to an end). */
function outcomeNotice(
  outcome: PunchOutcome,
  environmentName: string,
  { t, timeOf, duration, punchLabel }: ReturnType<typeof basicWords>,
): ClockNotification {
  const { punch } = outcome;
  switch (outcome.kind) {
    case 'synced':
      return punch.kind === 'clock-in'
        ? {
            title: t('notice.clockedIn', { time: timeOf(punch.at) }),
            body: t('notice.recordedBy', { environment: environmentName }),
          }
        : {
            title: t('notice.clockedOut', { time: timeOf(punch.at) }),
            body: t('notice.worked', {
              duration: duration(Date.parse(punch.at) - Date.parse(outcome.event.clockIn)),
              time: timeOf(outcome.event.clockIn),
            }),
          };
    case 'reconciled':
      return { title: t(punch.kind === 'clock-in' ? 'notice.alreadyIn' : 'notice.alreadyOut'), body: outcome.message };
    case 'waiting':
      return {
        title: t('notice.savedNotSent', { label: punchLabel(punch) }),
        // The cause first (platforms cut the rest); "sent by itself" only when time alone sends it.
        body:
          punch.employeeId === '' || !outcome.facts
            ? outcome.message
            : t(waitsOnPerson(outcome.facts) ? 'notice.keptUntilFixed' : 'notice.keptAndSent', {
                cause: causeOf(outcome.facts, t),
              }),
      };
    case 'stopped': {
      const unconfirmed = outcome.stop === 'unconfirmed';
      return {
        title: t(unconfirmed ? 'notice.outcomeUnknown' : 'notice.notRecorded', { label: punchLabel(punch) }),
        body: t('notice.openToResolve', {
          cause: outcome.facts ? causeOf(outcome.facts, t) : outcome.message.replace(/\.$/, ''),
          unconfirmed: unconfirmed ? 'yes' : 'no',
        }),
      };
    }
  }
}

export function clockWords(t: Translate, formatTime: TimeFormatter) {
  const basics = basicWords(t, formatTime);
  const { timeOf, duration, punchLabel } = basics;
  return {
    ...basics,
    outcomeNotice: (outcome: PunchOutcome, environmentName: string) => outcomeNotice(outcome, environmentName, basics),
    /** A punch just made, sent once its undo time is up: its button takes it back. */
    undoableNotice: (punch: Punch, undoMs: number): ClockNotification => ({
      title: t(punch.kind === 'clock-in' ? 'notice.clockedIn' : 'notice.clockedOut', { time: timeOf(punch.at) }),
      body: t('notice.undoBody', { seconds: Math.round(undoMs / 1000) }),
      action: 'undo',
    }),
    /** Undo asked for too late: the punch has gone to the service. */
    tooLateToUndoNotice: (): ClockNotification => ({ title: t('undo.tooLate'), body: t('undo.tooLateBody') }),
    /** A punch that was waiting has now been recorded. */
    sentLaterNotice: (punch: Punch): ClockNotification => ({
      title: t('notice.sentLater', { label: punchLabel(punch) }),
      body: t('notice.sentLaterBody'),
    }),
    /** A punch asked for from the tray, a shortcut or a notification, refused: said where it was asked. */
    refusedNotice: (kind: Punch['kind'], reason: string): ClockNotification => ({
      title: t(kind === 'clock-in' ? 'notice.notClockedIn' : 'notice.notClockedOut'),
      body: reason,
    }),
    /** Back after a long sleep or lock while clocked in. */
    awayNotice: (away: number, from: number, how: StopHow): ClockNotification => ({
      title: t('notice.away', { duration: duration(away) }),
      body: t('notice.awayBody', { from: formatTime(from), how }),
    }),
    /** Why a clock-out was made by itself (IT's setting), said before its outcome. */
    stoppedNote: (from: number, how: StopHow): string => t('notice.stoppedNote', { from: formatTime(from), how }),
  };
}

/** What reading the outbox at start ran into, as the start-up notification says it. */
export function outboxProblemText(problem: OutboxProblem, t: Translate): string {
  switch (problem.kind) {
    case 'unopenable':
      return t('problem.outboxUnopenable', { reason: problem.reason });
    case 'damaged':
      return t('problem.outboxDamaged', { kept: problem.kept });
    case 'unreadable':
      return t('problem.outboxUnreadable');
  }
}
