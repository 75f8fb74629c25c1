/**
 * The outage history in the user's words, for the status window and its CSV: each outage with its
 * start, end and length, what the app told and when, the system's own words and the acknowledgement;
 * each system's uptime by day. Pure.
 */
import type { HealthSystem } from '../../shared/api/types.ts';
import type { OutageView } from '../../shared/ipc/contract.ts';
import type { SystemNames } from '../../shared/domain/environments.ts';
import { systemLabel } from '../../shared/i18n/health-words.ts';
import type { Translate } from '../../shared/i18n/translator.ts';
import { formatDay, formatDuration } from '../../shared/moments.ts';
import { toCsv, csvStyleFor } from '../util/csv.ts';
import type { Acknowledgement, Outage, OutageLog } from './outage-log.ts';
import { againstTarget } from './uptime-target.ts';

export interface OutageWords {
  t: Translate;
  locale?: string;
  names?: SystemNames;
  /** IT's uptime target per system as a fraction (null: none), for the CSV's month columns. */
  targets?: (system: HealthSystem) => number | null;
}

const moment = (ms: number, locale?: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(ms);
const clock = (ms: number, locale?: string) => new Intl.DateTimeFormat(locale, { timeStyle: 'short' }).format(ms);

function toldText(outage: Outage, { t, locale }: OutageWords): string {
  return outage.told.map((told) => t('outage.told', { kind: told.kind, time: clock(told.at, locale) })).join('; ');
}

/** "acknowledged at 10:45 by jdoe: IT ticket 4711", its time as `time` writes it; null when nobody did. */
export function acknowledgedText(ack: Acknowledgement | null, t: Translate, time: (ms: number) => string): string | null {
  return ack && t('outage.acknowledged', { time: time(ack.at), by: ack.by || '—', note: ack.note || '—' });
}

/** The outages given (the log's of the last 30 days, newest first) in words. */
export function outageViews(outages: readonly Outage[], now: number, words: OutageWords): OutageView[] {
  return outages.map((outage) => ({
    system: outage.system,
    label: systemLabel(outage.system, words.t, words.names),
    start: new Date(outage.start).toISOString(),
    end: outage.end === null ? null : new Date(outage.end).toISOString(),
    startText: moment(outage.start, words.locale),
    endText: outage.end === null ? words.t('outage.ongoing') : moment(outage.end, words.locale),
    duration: formatDuration((outage.end ?? now) - outage.start, words.t),
    told: toldText(outage, words),
    words: outage.words,
    acknowledged: acknowledgedText(outage.acknowledged, words.t, (ms) => clock(ms, words.locale)),
  }));
}

/** A system's uptime per watched day, oldest first: "27 Nov 2026 · 99.2 %". */
export function dailyUptime(log: OutageLog, system: HealthSystem, locale?: string) {
  return log.daily(system).map(({ day, uptime }) => ({ day, label: formatDay(day, locale), uptime }));
}

const COLUMNS = [
  'system',
  'start',
  'end',
  'minutes',
  'told',
  'words',
  'acknowledged',
  'monthUptime',
  'target',
  'downtimeLeft',
] as const;

/** A system's month as the CSV's last columns: uptime and target in percent, minutes of downtime still allowed. */
function monthCells(log: OutageLog, system: HealthSystem, now: number, target: number | null): Array<number | string> {
  const percent = (fraction: number | null) => (fraction === null ? '' : Math.round(fraction * 10_000) / 100);
  const figures = againstTarget(log.month(system, now), target ?? 1, now);
  return [percent(figures.uptime), percent(target), target === null ? '' : Math.round(figures.leftMs / 60_000)];
}

/** The outages as a spreadsheet opens them (formula-safe, the user's separator and decimal mark). */
export function outagesCsv(log: OutageLog, now: number, words: OutageWords): string {
  const outages = log.outages(now);
  const rows = outageViews(outages, now, words).map((outage, index) => {
    const raw = outages[index]!;
    return [
      outage.label,
      outage.startText,
      outage.endText,
      Math.round(((raw.end ?? now) - raw.start) / 60_000),
      outage.told,
      outage.words ?? '',
      outage.acknowledged ?? '',
      ...monthCells(log, raw.system, now, words.targets?.(raw.system) ?? null),
    ];
  });
  return toCsv(
    COLUMNS.map((column) => words.t(`csv.outage.${column}`)),
    rows,
    csvStyleFor(words.locale),
  );
}
