/**
 * The status window's view of the health watch: each system's line with its latency in words
 * (against the slow threshold), its chart over what was watched, its heartbeat bar, and the log of
 * changes in the user's words. A function of the history and the lines it is given.
 */
import type { HealthLine, HealthStatsView, HealthStatusView } from '../../shared/ipc/contract.ts';
import type { SystemNames } from '../../shared/domain/environments.ts';
import { systemLabel } from '../../shared/i18n/health-words.ts';
import type { Translate } from '../../shared/i18n/translator.ts';
import type { HealthHistory, HealthStats } from './health-history.ts';
import { stateLabel } from './health-view.ts';
import type { HealthSystem } from '../../shared/api/types.ts';
import { acknowledgedText, dailyUptime, outageViews } from './outage-view.ts';
import { againstTarget } from './uptime-target.ts';

const SERIES_BUCKETS = 96;
/** The chart's span is whole quarter-hours: a watch of a few minutes is shown over the first. */
const CHART_MIN_SPAN_MS = 15 * 60_000;
/** Checks in the heartbeat bar (one cell each, as Uptime Kuma shows them). */
const BEATS = 40;
const DAY_MS = 24 * 3_600_000;

/** Latency in words against the slow threshold of the settings. */
function statsView(stats: HealthStats, slowMs: number): HealthStatsView {
  const speed = stats.p95 === null ? null : stats.p95 >= slowMs ? 'slow' : stats.p95 < slowMs / 2 ? 'fast' : 'fine';
  return { ...stats, speed };
}

/** One system's line with its figures, chart and heartbeat bar, its outage and its days. */
function systemView(history: HealthHistory, line: HealthLine, input: StatusViewInput): HealthStatusView['systems'][number] {
  const { now, slowMs } = input;
  const day = history.stats(line.system, DAY_MS, now);
  // The chart spans what was watched, in whole quarter-hours: 85 minutes of a new watch are
  // drawn across the chart (over 1 h 30 min), not packed into its last pixels.
  const quarters = Math.max(1, Math.ceil(day.watchedMs / CHART_MIN_SPAN_MS));
  const spanMs = Math.min(DAY_MS, quarters * CHART_MIN_SPAN_MS);
  return {
    ...line,
    hour: statsView(history.stats(line.system, 3_600_000, now), slowMs),
    day: statsView(day, slowMs),
    chartSpanMs: spanMs,
    series: history.series(line.system, now, SERIES_BUCKETS, spanMs),
    way: history.way(line.system, now, SERIES_BUCKETS, spanMs),
    failures: history.failures(line.system, now, SERIES_BUCKETS, spanMs),
    beats: history.beats(line.system, BEATS).map((beat) => ({ ...beat, at: new Date(beat.at).toISOString() })),
    slowMs,
    slowSince: input.slowSince(line.system),
    outage: outageOf(history, line.system, input),
    dailyUptime: dailyUptime(history.outages, line.system, input.locale),
    target: targetView(history, line.system, input),
  };
}

/** This month against IT's target for the system, when IT set one. */
function targetView(history: HealthHistory, system: HealthSystem, { target, now }: StatusViewInput) {
  const wanted = target(system);
  return wanted === null ? null : againstTarget(history.outages.month(system, now), wanted, now);
}

/** The outage going on as the status window offers it: since when, and who here acknowledged it. */
function outageOf(history: HealthHistory, system: HealthSystem, input: StatusViewInput) {
  const outage = history.outages.current(system);
  if (!outage || input.lineState(system) !== 'down') return null;
  return {
    since: new Date(outage.start).toISOString(),
    acknowledged: acknowledgedText(outage.acknowledged, input.t, input.formatTime),
  };
}

export interface StatusViewInput {
  history: HealthHistory;
  lines: HealthLine[];
  now: number;
  /** The settings' slow threshold (ms). */
  slowMs: number;
  t: Translate;
  names: SystemNames | undefined;
  locale?: string;
  formatTime: (ms: number) => string;
  /** "10:40" when the system has been slow (its p95 over the threshold) since then; null otherwise. */
  slowSince: (system: HealthSystem) => string | null;
  lineState: (system: HealthSystem) => HealthLine['state'];
  /** IT's uptime target for the system as a fraction; null: none. */
  target: (system: HealthSystem) => number | null;
}

/** The systems and the log of the status window (the caller adds the environment, pause and summary). */
export function statusSystemsAndLog(input: StatusViewInput) {
  const { history, lines, now, t, names } = input;
  return {
    systems: lines.map((line) => systemView(history, line, input)),
    outages: outageViews(history.outages.outages(now), now, { t, locale: input.locale, names }),
    log: history.log(50).map((entry) => ({
      ...entry,
      at: new Date(entry.at).toISOString(),
      label: systemLabel(entry.system, t, names),
      fromLabel: stateLabel(entry.from, t),
      toLabel: stateLabel(entry.to, t),
    })),
  };
}
