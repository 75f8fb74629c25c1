/**
 * What the status page IT runs publishes, as the status window shows it: its incidents with their
 * latest update, its maintenance (under way, or when), what it sees failing, when it was read and
 * why a later read gave nothing new. Also whether a maintenance it published is under way now (no
 * outage alarms then, as in IT's own windows). Pure.
 */
import type { Translate } from '../../shared/i18n/translator.ts';
import type { PublishedView } from '../../shared/ipc/contract.ts';
import type { TimeFormatter } from '../../shared/moments.ts';
import type { PublishedMaintenance } from './status-page-read.ts';
import type { StatusPageProblem, StatusPageState } from './status-page-watch.ts';

/** ICU select keys have no hyphens. */
const PROBLEM_KEYS: Record<StatusPageProblem, string> = {
  unreachable: 'unreachable',
  timeout: 'timeout',
  status: 'status',
  'too-large': 'tooLarge',
  'not-json': 'notJson',
  'unknown-shape': 'unknownShape',
};

/** A published maintenance under way at `now`: by the page's word, or by its times. */
export const underWay = (maintenance: PublishedMaintenance, now: number): boolean =>
  maintenance.now ||
  (maintenance.start !== null && maintenance.start <= now && (maintenance.end === null || now < maintenance.end));

/** The maintenance the page publishes as under way now, if any. */
export const publishedMaintenanceNow = (state: StatusPageState | null, now: number): PublishedMaintenance | null =>
  state?.published?.maintenances.find((maintenance) => underWay(maintenance, now)) ?? null;

/** The page's name as it gives it, or its host when it gives none. */
export const pageName = (state: StatusPageState): string => state.published?.name ?? hostOf(state.url);

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

export function publishedView(
  state: StatusPageState | null,
  now: number,
  { t, formatTime }: { t: Translate; formatTime: TimeFormatter },
): PublishedView | null {
  if (!state) return null;
  const published = state.published;
  const when = (maintenance: PublishedMaintenance) => {
    if (underWay(maintenance, now))
      return maintenance.end === null
        ? t('status.published.underWay')
        : t('status.published.underWayUntil', { time: formatTime(maintenance.end) });
    return [maintenance.start, maintenance.end].map((ms) => (ms === null ? '?' : formatTime(ms))).join('–');
  };
  return {
    url: state.url,
    name: pageName(state),
    summary: published?.summary ?? null,
    incidents: (published?.incidents ?? []).map(({ updatedAt, ...incident }) => ({
      ...incident,
      updated: updatedAt === null ? null : formatTime(updatedAt),
    })),
    maintenances: (published?.maintenances ?? []).map((maintenance) => ({
      id: maintenance.id,
      title: maintenance.title,
      when: when(maintenance),
      now: underWay(maintenance, now),
      link: maintenance.link,
    })),
    failing: published?.failing ?? [],
    readAt: state.readAt === null ? null : formatTime(state.readAt),
    problem: state.problem && t('status.published.problem', { problem: PROBLEM_KEYS[state.problem], status: state.status ?? 0 }),
  };
}
