/**
 * The words of the health notifications: each kind's title and body in the user's language, with
 * the environment, the systems' own names and, for an outage, what happens to a waiting punch —
 * fitted to what notification centres show.
 */
import type { HealthSystem } from '../../shared/api/types.ts';
import type { TimeSource } from '../util/time-source.ts';
import { fitNotification } from '../util/shorten.ts';
import { formatDuration } from '../../shared/moments.ts';
import { systemLabel } from '../../shared/i18n/health-words.ts';
import type { HealthSnapshot } from './health-monitor.ts';
import { sharedCause } from './shared-cause.ts';
import type { TimeFormatter } from '../../shared/moments.ts';
import type { SystemNames } from '../../shared/domain/environments.ts';
import type { Translate } from '../../shared/i18n/translator.ts';

export type NotificationKind = 'down' | 'recovered' | 'auth' | 'unstable' | 'reminder' | 'maintenance' | 'refusing' | 'published';

export interface HealthNotification {
  kind: NotificationKind;
  systems: HealthSystem[];
  title: string;
  body: string;
  sound: boolean;
  at: number;
  /** For outages: when the outage began. */
  since: number | null;
}

/** What the words need (the notification policy's options say what each is). */
interface WriterOptions {
  time: TimeSource;
  formatTime: TimeFormatter;
  t: Translate;
  environmentName: () => string;
  systemNames?: () => SystemNames | undefined;
  waitingPunch?: () => string | null;
  settings: () => { sound: boolean };
}

// Over 80 lines on purpose: a table of sentences, one short maker per notification the watch sends.
export function createNoticeWriter(options: WriterOptions) {
  const { time, formatTime, t } = options;
  const label = (system: HealthSystem) => systemLabel(system, t, options.systemNames?.());
  const env = () => options.environmentName();
  const make = (
    kind: NotificationKind,
    systems: HealthSystem[],
    title: string,
    body: string,
    since: number | null = null,
  ): HealthNotification =>
    // Notification centres cut long texts mid-word; the status window has the whole story.
    fitNotification({ kind, systems, title, body, since, at: time.now(), sound: kind === 'down' && options.settings().sound });

  /**
   * What an outage's body says first: what the app saw (the system's own "down", or no answer),
   * then what happens to a punch now (only when one really waits here), the environment last.
   */
  const outageFacts = (systems: readonly HealthSystem[], snapshot: HealthSnapshot | null) => {
    const waiting = options.waitingPunch?.() ?? null;
    return {
      how: systems.some((system) => snapshot?.[system].reportedDown)
        ? 'reported'
        : systems.every((system) => snapshot?.[system].noAnswer !== false)
          ? 'silent'
          : 'failing',
      punch: waiting === null ? '' : ` ${t('health.notice.punchKept', { label: waiting })}`,
      environment: env(),
    };
  };

  return {
    down: (systems: HealthSystem[], since: number, snapshot: HealthSnapshot | null): HealthNotification => {
      const facts = { ...outageFacts(systems, snapshot), time: formatTime(since) };
      if (systems.length < 2)
        return make(
          'down',
          systems,
          t('health.notice.down', { system: label(systems[0]!) }),
          t('health.notice.downBody', facts),
          since,
        );
      const title = t('health.notice.bothDown', { source: label('source'), target: label('target') });
      // One cause in front of both is named first, once; else what each did.
      const cause = snapshot && sharedCause(snapshot);
      const body = cause
        ? t('health.notice.gatewayBody', {
            ...facts,
            cause: cause.kind === 'gateway-silent' ? 'silent' : 'errors',
            status: cause.kind === 'gateway-errors' ? cause.status : 0,
          })
        : t('health.notice.bothDownBody', facts);
      return make('down', systems, title, body, since);
    },
    recovered: (system: HealthSystem, since: number): HealthNotification =>
      make(
        'recovered',
        [system],
        t('health.notice.recovered', { system: label(system) }),
        t('health.notice.recoveredBody', {
          environment: env(),
          duration: formatDuration(time.now() - since, t),
          time: formatTime(since),
        }),
        since,
      ),
    reminder: (system: HealthSystem, since: number, snapshot: HealthSnapshot): HealthNotification =>
      make(
        'reminder',
        [system],
        t('health.notice.stillDown', { system: label(system) }),
        t('health.notice.stillDownBody', {
          ...outageFacts([system], snapshot),
          time: formatTime(since),
          duration: formatDuration(time.now() - since, t),
        }),
        since,
      ),
    auth: (system: HealthSystem, message: string | null): HealthNotification =>
      make(
        'auth',
        [system],
        // Which check, in the title; what to do first in the body, the server's words after (cut first).
        t('health.notice.auth', { system: label(system) }),
        `${t('health.notice.authBody', { environment: env() })} ${message ?? ''}`.trim(),
      ),
    /** Up by its health check while the app's own requests fail: once per run of failures, the cause last (cut first). */
    refusing: (system: HealthSystem, since: number, cause: string): HealthNotification =>
      make(
        'refusing',
        [system],
        t('health.notice.refusing', { system: label(system) }),
        `${t('health.notice.refusingBody', { time: formatTime(since), environment: env() })} ${cause}`.trim(),
        since,
      ),
    /** An incident the status page IT runs publishes: its title, its latest update (cut first) and the page. */
    published: (title: string, latest: string | null, page: string): HealthNotification =>
      make(
        'published',
        [],
        t('health.notice.published', { title }),
        t('health.notice.publishedBody', { latest: latest ?? '', page }),
      ),
    /** IT's maintenance window ahead: "Maintenance from 22:00" and what and why. */
    maintenance: (start: number, what: string): HealthNotification =>
      make(
        'maintenance',
        [],
        t('health.notice.maintenance', { time: formatTime(start) }),
        t('health.notice.maintenanceBody', { what, environment: env() }),
      ),
    unstable: (system: HealthSystem): HealthNotification =>
      make(
        'unstable',
        [system],
        t('health.notice.unstable', { system: label(system) }),
        t('health.notice.unstableBody', { environment: env() }),
      ),
  };
}
