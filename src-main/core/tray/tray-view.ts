/** Everything the tray shows, computed from the core: menu state, tooltip, icon file, macOS title. */
import type { AppCore } from '../app-core.ts';
import { localTime, type TimeFormatter } from '../health/format-time.ts';
import { trayIconFile, trayTemplateFile, type HealthBadge } from './tray-icon.ts';
import type { TrayState } from './tray-menu.ts';

export interface TrayView {
  state: TrayState;
  badge: HealthBadge;
  iconFile: string;
  /** macOS menu bar: a template glyph, with health as a short title beside it. */
  templateFile: string;
  macTitle: string;
}

const macTitles: Record<HealthBadge, string> = { up: '', suspect: '⚠︎', down: '✕ down', unknown: '' };

export function trayView(core: Pick<AppCore, 'info' | 'health'>, formatTime: TimeFormatter = localTime): TrayView {
  const { productName, environment } = core.info();
  const paused = core.health.notificationsPausedUntil();
  const badge = core.health.badge();
  return {
    state: {
      productName,
      environmentName: environment.name,
      isMock: environment.isMock,
      healthLines: core.health.lines().map((line) => line.text),
      healthSummary: core.health.summary(),
      notificationsPausedUntil: paused === null ? null : formatTime(paused),
    },
    badge,
    iconFile: trayIconFile('out', badge),
    templateFile: trayTemplateFile('out'),
    macTitle: macTitles[badge],
  };
}
