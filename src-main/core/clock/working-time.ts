/**
 * Working-time rules as IT sets them: the longest working day and the breaks required after so many
 * hours of work. From the day's work it says what My hours shows (the targets the flexitime plan
 * gives, and warnings) and which reminders are due. Pure.
 */
import type { Translate } from '../../shared/i18n/translator.ts';
import { formatDuration, type TimeFormatter } from '../../shared/moments.ts';
import type { HoursText } from '../../shared/hours-text.ts';
import type { Preferences } from '../../shared/settings-schema.ts';
import { endOf, workedText, type Session } from './my-hours.ts';
import type { Reminder } from './clock-reminders.ts';

const MINUTE = 60_000;

export interface WorkingRules {
  maxDayMs: number | null;
  /** Ascending by `afterMs`: more than `afterMs` of work needs `breakMs` of breaks in all. */
  requiredBreaks: Array<{ afterMs: number; breakMs: number }>;
}

/** Germany's Arbeitszeitgesetz (§3, §4): at most 10 h a day; 30 min of breaks after 6 h, 45 min after 9 h. */
const GERMANY = {
  maxDayMs: 600 * MINUTE,
  requiredBreaks: [
    { afterMs: 360 * MINUTE, breakMs: 30 * MINUTE },
    { afterMs: 540 * MINUTE, breakMs: 45 * MINUTE },
  ],
};

export function workingRulesOf(setting: Preferences['clock']['workingTime']): WorkingRules {
  const orNull = (minutes: number) => (minutes > 0 ? minutes * MINUTE : null);
  if (setting.rules === 'germany') return GERMANY;
  if (setting.rules === 'none') return { maxDayMs: null, requiredBreaks: [] };
  const requiredBreaks = setting.requiredBreaks
    .map((rule) => ({ afterMs: rule.afterMinutes * MINUTE, breakMs: rule.minutes * MINUTE }))
    .sort((a, b) => a.afterMs - b.afterMs);
  return { maxDayMs: orNull(setting.maxDayMinutes), requiredBreaks };
}

/** A pause shorter than this is no rest break (Arbeitszeitgesetz §4), and is not counted as one. */
const MIN_REST_MS = 15 * MINUTE;

/** Today's pauses between work of at least 15 minutes, and the one going on since the last clock-out. */
export function restTodayMs(sessions: readonly Session[], dayStart: number, now: number): number {
  const today = sessions.filter((session) => endOf(session, now) >= dayStart && session.from <= now);
  let rest = 0;
  let workedUntil: number | null = null;
  for (const session of today) {
    const gap = workedUntil === null ? 0 : session.from - workedUntil;
    if (gap >= MIN_REST_MS) rest += gap;
    workedUntil = Math.max(workedUntil ?? 0, endOf(session, now));
  }
  const last = today.at(-1);
  if (last && !last.open && last.to !== null && now - last.to >= MIN_REST_MS) rest += now - last.to;
  return rest;
}

/** The day as the rules see it. */
export interface WorkDay {
  now: number;
  workedTodayMs: number;
  restTodayMs: number;
  weekMs: number;
  clockedIn: boolean;
  /** A public holiday, or a whole day's absence: no "not clocked in" reminder. */
  dayOff?: boolean;
}

/** The breaks the rules require after `workedMs` of work (the strictest rule passed), 0 if none. */
const requiredBreakMs = (rules: WorkingRules, workedMs: number) =>
  Math.max(0, ...rules.requiredBreaks.filter((rule) => workedMs > rule.afterMs).map((rule) => rule.breakMs));

/** The next rule whose threshold is ahead and whose breaks are not yet taken. */
const nextBreakRule = (rules: WorkingRules, day: WorkDay) =>
  rules.requiredBreaks.find((rule) => rule.afterMs >= day.workedTodayMs && rule.breakMs > day.restTodayMs) ?? null;

/** Today's and this week's targets as the flexitime plan has them (holidays out, absences counted as done). */
export interface TargetPlan {
  /** A daily or a weekly target is set. */
  targeted: boolean;
  /** Today's target when a daily one is set (0 on a day off); null otherwise. */
  todayTargetMs: number | null;
  todayCreditMs: number;
  /** Today's public holiday, by name. */
  todayHoliday: string | null;
  weekTargetMs: number | null;
  weekCreditMs: number;
  hoursText: HoursText;
}

/**
 * Against a target: "6 h 12 min of 8 h today · 1 h 48 min to go"; absences counted as done are
 * named, so the figure is not mistaken for the hours worked ("25 h 30 min of 32 h this week, incl.
 * 8 h of absences · …").
 */
function targetLine(
  exactMs: number,
  creditMs: number,
  targetMs: number,
  period: 'today' | 'week',
  t: Translate,
  hoursText: HoursText,
): string {
  // Whole minutes, as shown: "2 h of 8 h · 6 h to go", never "5 h 59 min to go" beside "2 h".
  const workedMs = Math.floor((exactMs + creditMs) / MINUTE) * MINUTE;
  const credit = { hasCredit: creditMs >= MINUTE ? 'yes' : 'no', credit: hoursText(creditMs) } as const;
  const facts = { worked: hoursText(workedMs), target: hoursText(targetMs), period, ...credit };
  if (workedMs < targetMs) return t('hours.targetLeft', { ...facts, left: hoursText(targetMs - workedMs) });
  if (workedMs - targetMs < MINUTE) return t('hours.targetMet', facts);
  return t('hours.targetOver', { ...facts, over: hoursText(workedMs - targetMs) });
}

function targetLines(day: WorkDay, plan: TargetPlan, t: Translate): string[] {
  const lines: string[] = [];
  if (plan.todayHoliday !== null && plan.targeted) lines.push(t('hours.holidayToday', { holiday: plan.todayHoliday }));
  else if (plan.todayTargetMs !== null && plan.todayTargetMs > 0)
    lines.push(targetLine(day.workedTodayMs, plan.todayCreditMs, plan.todayTargetMs, 'today', t, plan.hoursText));
  if (plan.weekTargetMs !== null)
    lines.push(targetLine(day.weekMs, plan.weekCreditMs, plan.weekTargetMs, 'week', t, plan.hoursText));
  return lines;
}

export function workingTimeView(
  day: WorkDay,
  rules: WorkingRules,
  formatTime: TimeFormatter,
  t: Translate,
  plan: TargetPlan,
): { targets: string[]; warnings: string[] } {
  const targets = targetLines(day, plan, t);
  const warnings: string[] = [];
  const max = rules.maxDayMs;
  if (max !== null && day.workedTodayMs >= max)
    warnings.push(t('hours.maxPassed', { max: formatDuration(max, t), worked: formatDuration(day.workedTodayMs, t) }));
  else if (max !== null && day.clockedIn && max - day.workedTodayMs <= 60 * MINUTE)
    warnings.push(t('hours.maxNear', { max: formatDuration(max, t), time: formatTime(day.now + max - day.workedTodayMs) }));
  const missing = requiredBreakMs(rules, day.workedTodayMs) - day.restTodayMs;
  const passed = rules.requiredBreaks.filter((rule) => day.workedTodayMs > rule.afterMs).at(-1);
  const next = nextBreakRule(rules, day);
  if (missing > 0 && passed)
    warnings.push(
      t('hours.breakMissing', {
        after: formatDuration(passed.afterMs, t),
        required: formatDuration(passed.breakMs, t),
        taken: workedText(day.restTodayMs, t),
      }),
    );
  else if (next && day.clockedIn && next.afterMs - day.workedTodayMs <= 30 * MINUTE)
    warnings.push(breakDueText(next, day, formatTime, t));
  return { targets, warnings };
}

const breakDueText = (rule: WorkingRules['requiredBreaks'][number], day: WorkDay, formatTime: TimeFormatter, t: Translate) =>
  t('hours.breakDue', {
    required: formatDuration(rule.breakMs, t),
    after: formatDuration(rule.afterMs, t),
    time: formatTime(day.now + rule.afterMs - day.workedTodayMs),
  });

export interface WorkingTimeMemory {
  /** The day key the daily-maximum reminder was given on. */
  maxDayRemindedOn: string | null;
  /** The day key and rule the break-due reminder was given for. */
  breakDueRemindedFor: string | null;
  /** The break (its start) the "break is over" reminder was given for. */
  breakOverRemindedFor: number | null;
}

export const freshWorkingTimeMemory = (): WorkingTimeMemory => ({
  maxDayRemindedOn: null,
  breakDueRemindedFor: null,
  breakOverRemindedFor: null,
});

/** How far ahead of the daily maximum, and of a required break, the reminder comes. */
const AHEAD_MS = 15 * MINUTE;

/** Reminders of the rules (each once) and of a break that has lasted its usual length. */
export function workingTimeReminders(
  day: WorkDay & { dayKey: string; onBreakSince: number | null; breakMinutes: number },
  rules: WorkingRules,
  memory: WorkingTimeMemory,
  formatTime: TimeFormatter,
  t: Translate,
): { reminders: Reminder[]; memory: WorkingTimeMemory } {
  const reminders: Reminder[] = [];
  const next = { ...memory };
  const max = rules.maxDayMs;
  if (day.clockedIn && max !== null && day.workedTodayMs >= max - AHEAD_MS && memory.maxDayRemindedOn !== day.dayKey) {
    reminders.push({
      title: t('reminder.maxDay', { max: formatDuration(max, t) }),
      body: t('reminder.maxDayBody', { time: formatTime(day.now + Math.max(0, max - day.workedTodayMs)) }),
      action: 'clock-out',
      opens: 'hours',
    });
    next.maxDayRemindedOn = day.dayKey;
  }
  const rule = nextBreakRule(rules, day);
  const ruleKey = rule && `${day.dayKey}:${rule.afterMs}`;
  if (day.clockedIn && rule && day.workedTodayMs >= rule.afterMs - AHEAD_MS && memory.breakDueRemindedFor !== ruleKey) {
    reminders.push({ title: t('reminder.breakDue'), body: breakDueText(rule, day, formatTime, t), action: 'take-break' });
    next.breakDueRemindedFor = ruleKey;
  }
  const since = day.onBreakSince;
  if (since !== null && day.now - since >= day.breakMinutes * MINUTE && memory.breakOverRemindedFor !== since) {
    reminders.push({
      title: t('reminder.breakOver', { duration: formatDuration(day.now - since, t) }),
      body: t('reminder.breakOverBody', { time: formatTime(since) }),
      action: 'back-from-break',
    });
    next.breakOverRemindedFor = since;
  }
  return { reminders, memory: next };
}
