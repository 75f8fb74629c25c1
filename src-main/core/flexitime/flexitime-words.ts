/**
 * The working calendar in the user's words: a day's mark ("Ascension Day · no target", "Vacation ·
 * half day · 4 h counted as done"), the balance and the breakdown that explains it, and the list of
 * absences and corrections. Pure.
 */
import type { BalanceView, DayNoteView } from '../../shared/ipc/contract.ts';
import type { Translate } from '../../shared/i18n/translator.ts';
import { formatSignedHours, type HoursStyle, type HoursText } from '../../shared/hours-text.ts';
import { formatDay } from '../../shared/moments.ts';
import { ABSENCE_KINDS } from '../../shared/domain/my-hours-choices.ts';
import type { Balance } from './balance.ts';
import type { Absence, Correction } from './day-notes.ts';
import type { DayPlan } from './day-plan.ts';

export interface CalendarWords {
  t: Translate;
  locale?: string;
  style: HoursStyle;
  hoursText: HoursText;
}

export const absenceText = (absence: Pick<Absence, 'kind' | 'portion'>, creditMs: number | null, words: CalendarWords) =>
  words.t('hours.absenceMark', {
    kind: words.t('hours.absenceKind', { kind: absence.kind }),
    half: absence.portion === 'half' ? 'yes' : 'no',
    credit: creditMs === null || creditMs <= 0 ? 'none' : words.hoursText(creditMs),
  });

/** What marks a day in My hours and the chart; null for an ordinary day. */
export function markOf(plan: DayPlan, words: CalendarWords): string | null {
  if (plan.holiday !== null) return words.t('hours.holidayMark', { holiday: plan.holiday });
  if (plan.absence) return absenceText(plan.absence, plan.creditMs, words);
  if (plan.halfDay && plan.usualMs > 0) return words.t('hours.halfDayMark', { target: words.hoursText(plan.targetMs) });
  return null;
}

const count = (value: number, locale?: string) => new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(value);

/** "Vacation 3 · Sick 1½" in the order the kinds are offered; "none" without any. */
function absenceLine(absences: Balance['absences'], words: CalendarWords): string {
  const parts = ABSENCE_KINDS.filter((kind) => (absences[kind] ?? 0) > 0).map((kind) =>
    words.t('flexitime.line.absenceDays', {
      kind: words.t('hours.absenceKind', { kind }),
      days: count(absences[kind]!, words.locale),
    }),
  );
  return parts.length > 0 ? parts.join(' · ') : words.t('flexitime.line.absencesNone');
}

export function balanceView(balance: Balance & { clamped: boolean; openingSet: boolean }, words: CalendarWords): BalanceView {
  const { t, locale, hoursText } = words;
  const signed = (ms: number) => formatSignedHours(ms, words.style, t, locale);
  const day = (key: string) => formatDay(key, locale);
  const amount = signed(balance.totalMs);
  const minutes = Math.trunc(balance.totalMs / 60_000);
  const lines: BalanceView['lines'] = [
    {
      label: t('flexitime.line.period'),
      value: balance.to === null ? '—' : t('flexitime.line.periodValue', { from: day(balance.from), to: day(balance.to) }),
    },
    { label: t('flexitime.line.workingDays'), value: count(balance.workingDays, locale) },
    { label: t('flexitime.line.holidays'), value: count(balance.holidays, locale) },
    ...(balance.halfDays > 0 ? [{ label: t('flexitime.line.halfDays'), value: count(balance.halfDays, locale) }] : []),
    { label: t('flexitime.line.absences'), value: absenceLine(balance.absences, words) },
    { label: t('flexitime.line.target'), value: hoursText(balance.targetMs) },
    { label: t('flexitime.line.worked'), value: hoursText(balance.workedMs) },
    { label: t('flexitime.line.credit'), value: hoursText(balance.creditMs) },
    { label: t('flexitime.line.opening'), value: signed(balance.openingMs) },
    { label: t('flexitime.line.corrections', { count: balance.corrections }), value: signed(balance.correctionsMs) },
    { label: t('flexitime.line.total'), value: amount },
  ];
  const notes = [
    balance.to === null ? t('flexitime.startsOn', { day: day(balance.from) }) : t('flexitime.upToYesterday'),
    ...(balance.clamped ? [t('flexitime.clamped', { day: day(balance.from) })] : []),
    ...(balance.openingSet ? [] : [t('flexitime.firstSeen')]),
    t('hours.note'),
  ];
  return {
    amount,
    tone: minutes > 0 ? 'plus' : minutes < 0 ? 'minus' : 'even',
    text: t('flexitime.text', { amount }),
    lines,
    notes,
  };
}

/** The absences and corrections from `from` (YYYY-MM-DD) on, by day. */
export function noteViews(absences: Absence[], corrections: Correction[], from: string, words: CalendarWords): DayNoteView[] {
  const day = (key: string) => formatDay(key, words.locale);
  return [
    ...absences
      .filter((absence) => absence.day >= from)
      .map((absence) => ({
        id: absence.id,
        day: absence.day,
        kind: 'absence' as const,
        text: words.t('hours.noteAbsence', { day: day(absence.day), text: absenceText(absence, null, words) }),
      })),
    ...corrections
      .filter((correction) => correction.day >= from)
      .map((correction) => ({
        id: correction.id,
        day: correction.day,
        kind: 'correction' as const,
        text: words.t('hours.noteCorrection', {
          day: day(correction.day),
          amount: formatSignedHours(correction.minutes * 60_000, words.style, words.t, words.locale),
          reason: correction.reason,
        }),
      })),
  ].sort((a, b) => a.day.localeCompare(b.day));
}
