/**
 * The trace of corrections in the user's words: each entry as a sentence of what changed, when and
 * by whom it was made and why, and the trace's own state ("changed outside the app: entry 4 is
 * missing"). Pure.
 */
import type { TraceView } from '../../shared/ipc/contract.ts';
import { formatSignedHours } from '../../shared/hours-text.ts';
import { formatDay, formatMoment, formatTimeOfDay } from '../../shared/moments.ts';
import { ABSENCE_KINDS, type AbsenceKind } from '../../shared/domain/my-hours-choices.ts';
import { absenceText, type CalendarWords } from '../flexitime/flexitime-words.ts';
import type { TraceState } from './correction-trace.ts';
import type { TraceEntry } from './trace-chain.ts';

/** "vacation/half" as My time writes an absence ("Vacation · half day"); the stored text when it is not one. */
function absenceWords(value: string | null, words: CalendarWords): string {
  const [kind, portion] = (value ?? '').split('/');
  if (!ABSENCE_KINDS.includes(kind as AbsenceKind) || (portion !== 'day' && portion !== 'half')) return value ?? '—';
  return absenceText({ kind: kind as AbsenceKind, portion }, null, words);
}

/** "+90" (minutes) as My time writes hours: "+1 h 30 min". */
const minutesWords = (value: string | null, words: CalendarWords) =>
  formatSignedHours(Number(value ?? 0) * 60_000, words.style, words.t, words.locale);

/** What changed, in a sentence. */
export function changeText(entry: TraceEntry, words: CalendarWords): string {
  const { t, locale } = words;
  switch (entry.kind) {
    case 'clock-out-set':
      return t('trace.clockOutSet', {
        from: formatTimeOfDay(Date.parse(entry.subject ?? ''), locale),
        to: formatMoment(Date.parse(entry.after ?? ''), Date.parse(entry.subject ?? ''), locale, t),
      });
    case 'absence-added':
      return entry.before === null
        ? t('trace.absenceAdded', { absence: absenceWords(entry.after, words) })
        : t('trace.absenceReplaced', { before: absenceWords(entry.before, words), after: absenceWords(entry.after, words) });
    case 'absence-removed':
      return t('trace.absenceRemoved', { absence: absenceWords(entry.before, words) });
    case 'correction-added':
      return t('trace.correctionAdded', { amount: minutesWords(entry.after, words) });
    case 'correction-removed':
      return t('trace.correctionRemoved', { amount: minutesWords(entry.before, words) });
    case 'short-rest-accepted':
      return t('trace.shortRest', {
        rest: words.hoursText(Number(entry.before) * 60_000),
        required: words.hoursText(Number(entry.after) * 60_000),
      });
  }
}

/** The entries from `fromDay` on, newest first, and what is wrong with the trace, if anything. */
export function traceView(entries: readonly TraceEntry[], state: TraceState, now: number, words: CalendarWords): TraceView {
  const { t, locale } = words;
  const broken = state.broken && t('trace.broken', { problem: state.broken.problem, seq: state.broken.seq });
  const restarted =
    state.restartedAt === null
      ? null
      : t('trace.restarted', { day: formatDay(new Date(state.restartedAt).toISOString(), locale) });
  return {
    problem: broken ?? restarted,
    entries: [...entries].reverse().map((entry) => ({
      seq: entry.seq,
      day: entry.day,
      dayText: formatDay(entry.day, locale),
      text: changeText(entry, words),
      reason: entry.reason === '' ? t('trace.noReason') : t('trace.reason', { reason: entry.reason }),
      made: t('trace.made', { time: formatMoment(entry.madeAt, now, locale, t), by: entry.by }),
    })),
  };
}
