/**
 * The tray's context menu and tooltip as pure functions of state. The shell turns the model into
 * an Electron menu and routes each item's `action` back. Every action is in the menu, because many
 * Linux trays never deliver clicks on the icon.
 */
import { systemLabel } from '../../shared/i18n/health-words.ts';
import { startOfNextLocalDay } from '../../shared/moments.ts';
import { shorten } from '../util/shorten.ts';
import { english } from '../../shared/i18n/catalogues.ts';
import type { Translate } from '../../shared/i18n/translator.ts';
export type MockAction = 'source-down' | 'source-up' | 'target-down' | 'target-up' | 'slow' | 'rate-limit' | 'reset';
export type PauseChoice = '15m' | '1h' | 'tomorrow';

export type TrayAction =
  | 'toggle-clock'
  | 'undo-punch'
  | 'take-break'
  | 'open-panel'
  | 'open-status'
  | 'check-now'
  | `pause-${PauseChoice}`
  | 'resume-notifications'
  | 'open-settings'
  | 'open-lookup'
  | 'open-hours'
  | 'about'
  | 'open-logs'
  | `switch-environment:${string}`
  | `mock-${MockAction}`
  | 'quit';

export type MenuItemModel =
  | { type: 'normal'; label: string; action?: TrayAction; enabled?: boolean }
  | { type: 'submenu'; label: string; items: MenuItemModel[] }
  | { type: 'radio'; label: string; action: TrayAction; checked: boolean }
  | { type: 'separator' };

export interface TrayState {
  productName: string;
  /** What the first item does; null when no punch is safe now (then the first item leads to what to fix). */
  clockAction: 'clock-in' | 'clock-out' | null;
  /** With no clock action: the first item's label and where it leads ("Set up clocking in…" → Settings). */
  clockBlocked: { label: string; action: TrayAction } | null;
  /** A punch is being sent: the item is disabled so nothing happens twice. */
  clockBusy: boolean;
  /** "Clocked in since 08:02 · 3 h 12 min". */
  clockHeadline: string;
  /** "Today 3 h 12 min · This week 21 h". */
  clockHours: string;
  /** "Flexitime +3 h 20 min" when a balance is kept; null otherwise. */
  clockBalance?: string | null;
  /** "Clock-in at 08:02 pending sync", and refused ones. */
  clockPending: string[];
  clockProblem: string | null;
  /** Clocked out for a break: the clock item says "Back from break". */
  clockOnBreak?: boolean;
  /** "Undo the clock-in at 08:02", while the punch just made may be taken back. */
  clockUndo?: string | null;
  environmentName: string;
  isMock: boolean;
  /** One line per system, e.g. "Time recording — up · 142 ms · checked 12 s ago". */
  healthLines: string[];
  /** "Time recording up · Payroll link down since 10:42". */
  healthSummary: string;
  /** Local time notifications resume, when paused. */
  notificationsPausedUntil: string | null;
  environments: Array<{ id: string; name: string; active: boolean }>;
  /** "Version 1.4.0 is installed when you quit", when there is something to say about updates. */
  updateLine?: string | null;
}

const separator: MenuItemModel = { type: 'separator' };
const item = (label: string, action?: TrayAction, enabled = true): MenuItemModel => ({
  type: 'normal',
  label,
  ...(action ? { action } : {}),
  ...(enabled ? {} : { enabled: false }),
});

/**
 * What an employee uses every day at the top — the punch, the time worked, both systems, the panel,
 * the lookup, Settings — and the rest in one More submenu (check now, pause notifications, switch
 * environment, logs, About): about 15 rows, fewer than the 24 it had. Lines that are only sometimes
 * true (undo, punches waiting, a problem, a pause, an update) appear while they are.
 */
export function trayMenu(state: TrayState, t: Translate = english.t): MenuItemModel[] {
  return [
    clockItem(state, t),
    ...(state.clockAction === 'clock-out' ? [item(t('clock.takeBreak'), 'take-break', !state.clockBusy)] : []),
    ...(state.clockUndo ? [item(state.clockUndo, 'undo-punch')] : []),
    item(state.clockHeadline, undefined, false),
    // The hours lead to My time: a row of its own would pass the menu's 15.
    item(state.clockHours, 'open-hours'),
    ...state.clockPending.map((line) => item(line, undefined, false)),
    ...(state.clockProblem ? [item(shorten(state.clockProblem, MENU_LINE_MAX), undefined, false)] : []),
    separator,
    ...state.healthLines.map((line) => item(line, undefined, false)),
    item(t('tray.healthStatus'), 'open-status'),
    ...(state.notificationsPausedUntil ? [pauseMenu(state.notificationsPausedUntil, t)] : []),
    separator,
    ...(state.isMock ? [mockMenu(t), separator] : []),
    item(t('tray.open', { product: state.productName }), 'open-panel'),
    item(t('tray.lookup'), 'open-lookup'),
    item(t('tray.settings'), 'open-settings'),
    moreMenu(state, t),
    separator,
    ...(state.updateLine ? [item(state.updateLine, undefined, false)] : []),
    item(t('tray.quit', { product: state.productName }), 'quit'),
  ];
}

/** What is not needed every day, in one place. */
function moreMenu(state: TrayState, t: Translate): MenuItemModel {
  return {
    type: 'submenu',
    label: t('tray.more'),
    items: [
      item(t('tray.checkNow'), 'check-now'),
      ...(state.notificationsPausedUntil ? [] : [pauseMenu(null, t)]),
      {
        type: 'submenu',
        label: t('tray.environmentLine', { name: state.environmentName, mock: state.isMock ? 'yes' : 'no' }),
        items: state.environments.map((environment) => ({
          type: 'radio',
          label: environment.name,
          action: `switch-environment:${environment.id}`,
          checked: environment.active,
        })),
      },
      separator,
      item(t('tray.logs'), 'open-logs'),
      item(t('tray.about', { product: state.productName }), 'about'),
    ],
  };
}

function clockItem(state: TrayState, t: Translate): MenuItemModel {
  if (state.clockAction === null)
    return state.clockBlocked
      ? item(state.clockBlocked.label, state.clockBlocked.action)
      : item(t('clock.clockIn'), undefined, false);
  const label =
    state.clockAction === 'clock-out' ? 'clock.clockOut' : state.clockOnBreak ? 'clock.backFromBreak' : 'clock.clockIn';
  return item(t(label), 'toggle-clock', !state.clockBusy);
}

function pauseMenu(pausedUntil: string | null, t: Translate): MenuItemModel {
  if (pausedUntil) {
    return {
      type: 'submenu',
      label: t('tray.paused'),
      items: [
        item(t('tray.pausedUntil', { time: pausedUntil }), undefined, false),
        item(t('tray.resume'), 'resume-notifications'),
      ],
    };
  }
  return {
    type: 'submenu',
    label: t('tray.pause'),
    items: [
      item(t('tray.pause15m'), 'pause-15m'),
      item(t('tray.pause1h'), 'pause-1h'),
      item(t('tray.pauseTomorrow'), 'pause-tomorrow'),
    ],
  };
}

function mockMenu(t: Translate): MenuItemModel {
  return {
    type: 'submenu',
    label: t('tray.mock'),
    items: [
      item(t('tray.mockDown', { system: systemLabel('source', t) }), 'mock-source-down'),
      item(t('tray.mockUp', { system: systemLabel('source', t) }), 'mock-source-up'),
      item(t('tray.mockDown', { system: systemLabel('target', t) }), 'mock-target-down'),
      item(t('tray.mockUp', { system: systemLabel('target', t) }), 'mock-target-up'),
      separator,
      item(t('tray.mockSlow'), 'mock-slow'),
      item(t('tray.mockRateLimit'), 'mock-rate-limit'),
      separator,
      item(t('tray.mockReset'), 'mock-reset'),
    ],
  };
}

/** Menu items are one line: long messages are cut at a word, whole ones live in the panel. */
const MENU_LINE_MAX = 90;

/** Windows cuts a tray tooltip at 127 characters (NOTIFYICONDATA.szTip holds 128 with its end). */
export const TOOLTIP_MAX = 127;

/**
 * Most important first, so what a cut drops is the least: the clock state and elapsed time, then
 * health, then unsent punches, the flexitime balance, the environment and a pause. Lines that no longer fit are left out
 * whole; a first line too long on its own is cut at a word.
 */
export function trayTooltip(state: TrayState, t: Translate = english.t): string {
  const pending = state.clockPending.length;
  const lines = [
    state.clockHeadline,
    state.healthSummary,
    pending === 0 ? '' : pending === 1 ? (state.clockPending[0] ?? '') : t('tray.notYetRecorded', { count: pending }),
    state.clockBalance ?? '',
    state.isMock ? t('tray.environmentDemo', { name: state.environmentName }) : state.environmentName,
    state.notificationsPausedUntil ? t('tray.notificationsPausedUntil', { time: state.notificationsPausedUntil }) : '',
  ].filter((line) => line !== '');
  let tooltip = shorten(lines[0] ?? state.productName, TOOLTIP_MAX);
  for (const line of lines.slice(1)) {
    if (tooltip.length + 1 + line.length <= TOOLTIP_MAX) tooltip += `\n${line}`;
  }
  return tooltip;
}

/** When a pause ends: in 15 minutes, in an hour, or at the next local midnight. */
export function pauseUntil(choice: PauseChoice, now: number): number {
  if (choice === '15m') return now + 15 * 60_000;
  if (choice === '1h') return now + 60 * 60_000;
  return startOfNextLocalDay(now);
}
