/** Everything the tray shows, computed from the core: menu state, tooltip, icon file, macOS title. */
import type { AppCore } from '../app-core.ts';
import { localTimeAt, timerText, type TimeFormatter } from '../../shared/moments.ts';
import { trayIconFile, trayTemplateFile } from './tray-icon.ts';
import type { HealthBadge } from '../../shared/domain/health.ts';
import type { TrayState } from './tray-menu.ts';
import type { Translate } from '../../shared/i18n/translator.ts';
import { updateLine } from '../updates/update-words.ts';

export interface TrayView {
  state: TrayState;
  badge: HealthBadge;
  iconFile: string;
  /** macOS menu bar: a template glyph, with health as a short title beside it. */
  templateFile: string;
  macTitle: string;
  /** The user's language, for the menu and tooltip. */
  t: Translate;
}

const macTitles: Record<HealthBadge, string> = { up: '', suspect: '⚠︎', down: '✕ down', unknown: '' };

export function trayView(
  core: Pick<AppCore, 'info' | 'health' | 'clock' | 'environments' | 'now' | 'translator' | 'updates' | 'outbox'>,
  formatTime: TimeFormatter = localTimeAt(
    () => core.now(),
    () => core.translator().locale.formats,
  ),
  now = core.now(),
): TrayView {
  const { productName, environment } = core.info();
  const { t } = core.translator();
  const paused = core.health.notificationsPausedUntil();
  const badge = core.health.badge();
  const clock = core.clock.view();
  const glyph = clock.state === 'in' ? 'in' : 'out';
  const elapsed = clock.since === null ? '' : timerText(now - Date.parse(clock.since), false);
  return {
    state: {
      productName,
      clockAction: clock.action,
      clockBlocked:
        clock.action !== null
          ? null
          : clock.employeeId.trim() === ''
            ? { label: t('tray.setUpClocking'), action: 'open-settings' }
            : { label: t('tray.stateUnknown'), action: 'open-panel' },
      clockBusy: clock.busy,
      clockOnBreak: clock.onBreakSince !== null,
      clockHeadline: clock.headline,
      clockHours: t('tray.hours', { today: clock.hours.today, week: clock.hours.week }),
      clockBalance: clock.hours.balance && t('flexitime.tooltip', { amount: clock.hours.balance.amount }),
      clockPending: [...clock.pending, ...clock.stopped].map((punch) => punch.text),
      clockProblem: clock.problemSummary,
      clockUndo: clock.undo?.label ?? null, // the short sentence; the details are in the panel
      environmentName: environment.name,
      isMock: environment.isMock,
      healthLines: core.health.lines().map((line) => line.text),
      healthSummary: core.health.summary(),
      notificationsPausedUntil: paused === null ? null : formatTime(paused),
      updateLine: updateLine(core.updates.state(), core.outbox.all().length, t),
      environments: core.environments
        .list()
        .map(({ environment: listed }) => ({ id: listed.id, name: listed.name, active: listed.id === environment.id })),
    },
    badge,
    iconFile: trayIconFile(glyph, badge),
    templateFile: trayTemplateFile(glyph),
    // The Mock marker stays visible in the menu bar too, so nobody takes demo data for real data.
    macTitle: [environment.isMock ? 'MOCK' : '', elapsed, macTitles[badge]].filter(Boolean).join(' '),
    t,
  };
}
