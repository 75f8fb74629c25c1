/**
 * The tray panel's requests and what it shows: the clock, punches on their way, my hours.
 */
import * as v from 'valibot';
import { text } from './request-args.ts';
import { ABSENCE_KINDS, HOURS_PERIODS, type AbsenceKind, type HoursPeriod } from '../domain/my-hours-choices.ts';

/** What the user may do with a punch whose sending stopped. */
export type PunchAction = 'retry' | 'mark-sent' | 'discard';

/** A punch still on its way to the timeclock service, or stopped on the way. */
export interface PunchView {
  id: string;
  kind: 'clock-in' | 'clock-out';
  at: string;
  /** "Clock-in at 08:02 pending sync" / "Clock-out at 17:01 refused" / "… outcome unknown". */
  text: string;
  /** Why it is waiting or stopped, in a sentence. */
  reason: string | null;
  /** pending: sent automatically; stopped: waits for the user (refused, set-up problem, outcome unknown). */
  status: 'pending' | 'stopped';
  actions: PunchAction[];
}

/** "My hours": working time today and this week (weeks start on Monday), from what this computer saw. */
export interface HoursView {
  /** "3 h 12 min". */
  today: string;
  week: string;
  todayMs: number;
  weekMs: number;
  /** Today's breaks ("Take a break" to "Back from break"), when there were any: "30 min". */
  todayBreaks: string | null;
  /** This week's days with shifts, oldest first; each shift "8:02 – 12:00", "13:00 – now", and breaks between. */
  days: Array<{
    day: string;
    /** The day as YYYY-MM-DD, to find its corrections in the trace. */
    key: string;
    total: string;
    breaks: string | null;
    /**
     * Each shift under the day it began: `overMidnight` when it runs into the next day (that day's
     * total counts its part, and lists it as `continued`).
     */
    /** A holiday or an absence on the day: "Ascension Day · no target", "Vacation · half day". */
    mark?: string | null;
    sessions: Array<{
      text: string;
      pending: boolean;
      counted: boolean;
      isBreak: boolean;
      overMidnight?: boolean;
      continued?: boolean;
    }>;
    /** Night, Sunday and holiday work of the day, counted apart: "Night work 1 h 30 min · Sunday work 8 h". */
    special?: string | null;
    /** The working day that began on this day began after too short a rest: "Rest before this day: 9 h 20 min (11 h required)". */
    restShort?: string | null;
  }>;
  /** Where the figures come from, and what they leave out. */
  note: string;
  /** A running shift far longer than a working day (a clock-out forgotten): said beside the totals. */
  longShift?: string | null;
  /** Against the working-time rules and targets: "Today 6 h 12 min of 8 h", "This week 2 h over 40 h". */
  targets: string[];
  /** What the rules ask now: a break that is due or missing, the daily maximum near or passed. */
  warnings: string[];
  /** The week at a glance, first day to last: a bar per day, read out as a table. */
  weekBars: WeekBar[];
  /** This month so far, as My time shows it beside the week. */
  month: MonthView;
  /** The flexitime balance up to yesterday and what makes it up; null without a target. */
  balance: BalanceView | null;
  /** Why there is no balance, or what about the plan needs IT (a holiday region not known). */
  balanceHint: string | null;
  /** The absences and corrections noted on this computer, from last month on, newest last. */
  notes: DayNoteView[];
  /** This week's night, Sunday and holiday work, counted apart; null when there is none. */
  specialWeek?: string | null;
  /** The trace of the corrections made in the last two months, and whether it holds as written. */
  trace: TraceView;
}

/** Every correction of the employee's record on this computer, as My time lists it. */
export interface TraceView {
  /** The trace was changed outside the app, or started again after it could not be read; null when it holds. */
  problem: string | null;
  /** Newest first. */
  entries: Array<{
    seq: number;
    /** The day it is about (YYYY-MM-DD), and as the user's language writes it. */
    day: string;
    dayText: string;
    /** "Clock-out of the shift from 08:02 set to 16:30". */
    text: string;
    /** "Reason: forgot to clock out", or that none was given. */
    reason: string;
    /** "Fri 17:40 by E1001 · Ana Díaz". */
    made: string;
  }>;
}

/** A day of the week as the chart draws it: worked against the day's target, breaks, a holiday or absence. */
/**
 * This month so far: "November 2026", the hours worked, what absences count as done, and — with a
 * target — the month's target and the difference of the days that are over (as the balance counts).
 */
export interface MonthView {
  title: string;
  worked: string;
  credit: string | null;
  target: string | null;
  difference: string | null;
  /** The month's night, Sunday and holiday work, counted apart; null when there is none. */
  special: string | null;
}

export interface WeekBar {
  /** "Mon". */
  short: string;
  /** "Mon, 23 Nov". */
  day: string;
  workedMs: number;
  /** What an absence counts as done. */
  creditMs: number;
  targetMs: number;
  breakMs: number;
  worked: string;
  target: string;
  breaks: string | null;
  mark: string | null;
  today: boolean;
}

/** "+3 h 20 min flexitime", and the sum that makes it: days, holidays, absences, targets, worked, opening, corrections. */
export interface BalanceView {
  /** "+3 h 20 min". */
  amount: string;
  tone: 'plus' | 'minus' | 'even';
  /** "+3 h 20 min flexitime". */
  text: string;
  lines: Array<{ label: string; value: string }>;
  /** What the figures are and leave out (up to yesterday; this computer's view). */
  notes: string[];
}

/** An absence or a correction the employee noted: "Fri, 27 Nov · Vacation · half day". */
export interface DayNoteView {
  id: string;
  /** YYYY-MM-DD. */
  day: string;
  kind: 'absence' | 'correction';
  text: string;
}

/**
 * The employee's own copy of a month's record, for print or PDF: a row a day (start, end, breaks,
 * worked, marks), the month's totals and balance, the corrections' trace, and what it is built from.
 */
export interface MonthRecordView {
  /** "Working-time record · November 2026". */
  title: string;
  /** The month as YYYY-MM, for the file's name. */
  month: string;
  /** "E1002 · Marcus Lee · Mock (built-in)". */
  person: string;
  rows: Array<{ day: string; start: string; end: string; breaks: string; worked: string; marks: string[] }>;
  totals: Array<{ label: string; value: string }>;
  trace: TraceView['entries'];
  /** What it is built from, and when it was made. */
  source: string;
  made: string;
}

/** A new absence or correction: saved and the clock's view, or the fields' problems in the user's words. */
export type DayNoteResult =
  { ok: true; clock: ClockView } | { ok: false; errors: Partial<Record<'day' | 'hours' | 'reason', string>> };

export interface ClockView {
  state: 'in' | 'out' | 'unknown';
  /** ISO instant clocked in since. */
  since: string | null;
  /** The core's "now" when this view was made (ISO): a window's running timer counts on from it. */
  viewedAt: string;
  /** "Clocked in since 08:02 · 3 h 12 min", "Clocked out since 17:01", "Clock state unknown". */
  headline: string;
  /** The headline in two parts: "Clocked in" and "since 08:02 · 3 h 12 min". */
  stateLabel: string;
  detail: string;
  /** Clocked out for a break since (ISO): the button says "Back from break". */
  onBreakSince: string | null;
  /** What the button does; null when no punch is safe now (see actionHint). */
  action: 'clock-in' | 'clock-out' | null;
  /** Why there is no action, or what to set up first ("Enter your employee id in Settings…"). */
  actionHint: string | null;
  /** A punch is being sent: the button does nothing twice. */
  busy: boolean;
  employeeId: string;
  /** The employee's name: the timeclock service's, or the display name from Settings; null when neither. */
  employeeName: string | null;
  environmentName: string;
  /** What stops us knowing or acting, in full, for the Details disclosure (status, address, the server's words). */
  problem: string | null;
  /** The same in one short sentence for an employee ("The timeclock can't be reached. …"). */
  problemSummary: string | null;
  /** When the service last told us (ISO), if it is not answering now. */
  asOf: string | null;
  /** This computer's clock disagrees with the service's by minutes or more: punches carry this computer's time. */
  clockWarning: string | null;
  pending: PunchView[];
  /** Punches whose sending stopped: each says why and what the user can do. */
  stopped: PunchView[];
  /** The punch just made, while it may still be taken back ("Undo the clock-in at 08:02"), and until when (ISO). */
  undo: { label: string; until: string } | null;
  /** After a long sleep while clocked in: the question to ask. */
  /** The computer stopped while clocked in: the question, and what the computer saw before it (the last input). */
  sleepPrompt: { from: string; to: string; question: string; evidence: string | null } | null;
  /**
   * Clocked in longer than the long-shift limit (a night shift across midnight is not forgotten): the panel offers
   * "Clock out at…" with a time (ISO instants: the clock-in, the suggestion, now).
   */
  forgotten: { since: string; suggestedAt: string; latest: string } | null;
  /**
   * Clocked in, not forgotten, nothing to undo: "Fix…" offers a clock-out at an earlier time (a
   * clock-in already sent cannot be undone, and the service has no way to delete one).
   */
  earlierClockOut: { since: string; suggestedAt: string; latest: string } | null;
  /**
   * Clocking in now would begin a working day within the daily rest: until when (ISO), "Daily rest
   * until 06:40", and the question asked before such a clock-in.
   */
  rest: { until: string; line: string; question: string } | null;
  hours: HoursView;
}

/**
 * Why a row is in the results of a search: the name (these parts of it), a nickname (this one),
 * the key, or a spelling one slip away. `ranges`: [start, end) in the name, to highlight.
 */

export interface PanelRequests {
  getClock(): Promise<ClockView>;
  /** Clock in or out, whichever is next. */
  toggleClock(): Promise<ClockView>;
  /** Clock in within the daily rest, after the employee was asked: the acceptance is traced. */
  clockInDuringRest(): Promise<ClockView>;
  discardPunch(punchId: string): Promise<ClockView>;
  /** Takes back the punch just made, if it is still in its undo time. */
  undoPunch(): Promise<ClockView>;
  /** Clocks out for a break. */
  takeBreak(): Promise<ClockView>;
  /** Send a stopped punch again (after a change of settings, or once the service is fixed). */
  retryPunch(punchId: string): Promise<ClockView>;
  /** The user checked the server: a punch whose outcome was unknown is there. */
  markPunchSent(punchId: string): Promise<ClockView>;
  answerSleepPrompt(answer: 'clock-out-at-sleep' | 'stay-clocked-in'): Promise<ClockView>;
  /** Clock out at a past moment (ISO instant), after the clock-in and not in the future. */
  clockOutAt(at: string, reason?: string): Promise<ClockView>;
  /** The panel hides itself (Esc, or after an action). */
  hidePanel(): Promise<void>;
  /** Notes an absence on a day (YYYY-MM-DD), on this computer only. */
  addAbsence(day: string, kind: AbsenceKind, portion: 'day' | 'half'): Promise<DayNoteResult>;
  /** Corrects the balance on a day by hours as typed ("+1:30", "-0:45", "1.5"), with a reason. */
  addCorrection(day: string, hours: string, reason: string): Promise<DayNoteResult>;
  removeDayNote(id: string): Promise<ClockView>;
  /** This or last month's record, for print or PDF. */
  getMonthRecord(period: 'this-month' | 'last-month'): Promise<MonthRecordView>;
  /** My time's own page as shown in print (the record) to PDF, where the user saves it. */
  saveMonthRecordPdf(period: 'this-month' | 'last-month'): Promise<{ savedTo: string | null }>;
  /** My time's own page to the system's print dialog. */
  printMonthRecord(): Promise<void>;
  /** My hours of a week or month as CSV, or its shifts as an iCalendar file, where the user saves it. */
  exportHours(period: HoursPeriod, format: 'csv' | 'ics'): Promise<{ savedTo: string | null }>;
}

export const panelArgs = {
  getClock: v.strictTuple([]),
  toggleClock: v.strictTuple([]),
  clockInDuringRest: v.strictTuple([]),
  discardPunch: v.strictTuple([text(100)]),
  undoPunch: v.strictTuple([]),
  takeBreak: v.strictTuple([]),
  retryPunch: v.strictTuple([text(100)]),
  markPunchSent: v.strictTuple([text(100)]),
  answerSleepPrompt: v.strictTuple([v.picklist(['clock-out-at-sleep', 'stay-clocked-in'])]),
  clockOutAt: v.strictTuple([v.pipe(v.string(), v.maxLength(40)), v.optional(text(400))]),
  hidePanel: v.strictTuple([]),
  addAbsence: v.strictTuple([text(10), v.picklist(ABSENCE_KINDS), v.picklist(['day', 'half'])]),
  addCorrection: v.strictTuple([text(20), text(20), text(400)]),
  removeDayNote: v.strictTuple([text(60)]),
  exportHours: v.strictTuple([v.picklist(HOURS_PERIODS), v.picklist(['csv', 'ics'])]),
  getMonthRecord: v.strictTuple([v.picklist(['this-month', 'last-month'])]),
  saveMonthRecordPdf: v.strictTuple([v.picklist(['this-month', 'last-month'])]),
  printMonthRecord: v.strictTuple([]),
} satisfies { [K in keyof PanelRequests]: v.GenericSchema<unknown, Parameters<PanelRequests[K]>> };
