/** The preference fields of the settings window, by section. Their rules live in the core. */
import { LANGUAGE_NAMES, LANGUAGES } from '../../src-main/shared/i18n/locales.ts';
import { withValueAt } from '../../src-main/shared/setting-paths.ts';
import type { PlainKey, Translate } from '../../src-main/shared/i18n/translator.ts';
import type { Preferences } from '../../src-main/shared/ipc/contract.ts';

export type FieldKind = 'number' | 'toggle' | 'time' | 'select' | 'weekdays' | 'text' | 'shortcut';

export interface FieldDef {
  /** "monitoring.pollIntervalSeconds" */
  path: string;
  label: PlainKey;
  kind: FieldKind;
  unit?: 'seconds' | 'minutes' | 'hours' | 'ms' | 'MB';
  help?: (t: Translate) => string;
  /** A choice's words: a message, or a name written the same in every language (a language's own name). */
  options?: Array<{ value: string } & ({ label: PlainKey } | { name: string })>;
  /** Shown only when this toggle (a path) is on. */
  when?: string;
  /** An empty text field means "none" (null). */
  nullable?: boolean;
  /** An expert option: shown under "Advanced", closed unless it has a problem. */
  advanced?: boolean;
}

export interface SectionDef {
  id: keyof Preferences | 'environments';
  title: PlainKey;
  fields: FieldDef[];
}

export const preferenceSections: SectionDef[] = [
  {
    id: 'monitoring',
    title: 'settings.section.monitoring',
    // What a person chooses first (whether and how they are told); the watch's numbers under Advanced.
    fields: [
      { path: 'monitoring.notifications', label: 'settings.field.notifications', kind: 'toggle' },
      { path: 'monitoring.sound', label: 'settings.field.sound', kind: 'toggle' },
      {
        path: 'monitoring.reminderMinutes',
        label: 'settings.field.reminderMinutes',
        kind: 'number',
        unit: 'minutes',
        help: (t) => t('settings.field.zeroTurnsOff'),
      },
      {
        path: 'monitoring.quietHours.enabled',
        label: 'settings.field.quietHours',
        kind: 'toggle',
      },
      {
        path: 'monitoring.quietHours.start',
        label: 'settings.field.quietFrom',
        kind: 'time',
        when: 'monitoring.quietHours.enabled',
      },
      {
        path: 'monitoring.quietHours.end',
        label: 'settings.field.quietUntil',
        kind: 'time',
        when: 'monitoring.quietHours.enabled',
      },
      {
        path: 'monitoring.pollIntervalSeconds',
        label: 'settings.field.pollInterval',
        kind: 'number',
        unit: 'seconds',
        advanced: true,
        help: (t) => t('settings.field.pollIntervalHelp'),
      },
      {
        path: 'monitoring.timeoutSeconds',
        label: 'settings.field.checkTimeout',
        kind: 'number',
        unit: 'seconds',
        advanced: true,
      },
      { path: 'monitoring.latencyThresholdMs', label: 'settings.field.slowAbove', kind: 'number', unit: 'ms', advanced: true },
      {
        path: 'monitoring.witnessUrl',
        label: 'settings.field.witnessUrl',
        kind: 'text',
        advanced: true,
        help: (t) => t('settings.field.witnessUrlHelp'),
      },
    ],
  },
  {
    id: 'clock',
    title: 'settings.section.clock',
    fields: [
      { path: 'clock.longShiftHours', label: 'settings.field.longShift', kind: 'number', unit: 'hours' },
      { path: 'clock.notClockedInReminder.enabled', label: 'settings.field.notClockedIn', kind: 'toggle' },
      {
        path: 'clock.notClockedInReminder.time',
        label: 'settings.field.by',
        kind: 'time',
        when: 'clock.notClockedInReminder.enabled',
      },
      {
        path: 'clock.notClockedInReminder.weekdays',
        label: 'settings.field.on',
        kind: 'weekdays',
        when: 'clock.notClockedInReminder.enabled',
      },
      { path: 'clock.endOfDayReminder.enabled', label: 'settings.field.endOfDay', kind: 'toggle' },
      { path: 'clock.endOfDayReminder.time', label: 'settings.field.at', kind: 'time', when: 'clock.endOfDayReminder.enabled' },
      {
        path: 'clock.undoSeconds',
        label: 'settings.field.undoSeconds',
        kind: 'number',
        unit: 'seconds',
        help: (t) => t('settings.field.undoSecondsHelp'),
      },
      {
        path: 'clock.displayName',
        label: 'settings.field.displayName',
        kind: 'text',
        help: (t) => t('settings.field.displayNameHelp'),
      },
      {
        path: 'clock.breakMinutes',
        label: 'settings.field.breakMinutes',
        kind: 'number',
        unit: 'minutes',
      },
      {
        path: 'clock.whenComputerStops',
        label: 'settings.field.whenComputerStops',
        kind: 'select',
        options: [
          { value: 'ask', label: 'settings.field.whenComputerStopsAsk' },
          { value: 'clock-out', label: 'settings.field.whenComputerStopsClockOut' },
          { value: 'nothing', label: 'settings.field.whenComputerStopsNothing' },
        ],
      },
      {
        path: 'clock.sleepPromptMinutes',
        label: 'settings.field.sleepPrompt',
        kind: 'number',
        unit: 'minutes',
      },
      {
        path: 'clock.firstDayOfWeek',
        label: 'settings.field.firstDay',
        kind: 'select',
        options: [
          { value: 'locale', label: 'settings.field.firstDayLocale' },
          { value: 'monday', label: 'settings.day.monday' },
          { value: 'sunday', label: 'settings.day.sunday' },
          { value: 'saturday', label: 'settings.day.saturday' },
        ],
      },
      {
        path: 'clock.globalShortcut',
        label: 'settings.field.clockShortcut',
        kind: 'shortcut',
        nullable: true,
        help: (t) => t('settings.shortcut.help', { key: 'T' }),
      },
    ],
  },
  {
    id: 'lookup',
    title: 'settings.section.lookup',
    fields: [
      {
        path: 'lookup.autoRefreshMinutes',
        label: 'settings.field.autoRefresh',
        kind: 'number',
        unit: 'minutes',
        help: (t) => t('settings.field.zeroTurnsOff'),
      },
      {
        path: 'lookup.idleClearMinutes',
        label: 'settings.field.idleClear',
        kind: 'number',
        unit: 'minutes',
      },
      { path: 'lookup.keepOnDisk', label: 'settings.field.keepOnDisk', kind: 'toggle' },
      { path: 'lookup.notifyPinnedChanges', label: 'settings.field.notifyPinned', kind: 'toggle' },
      {
        path: 'lookup.globalShortcut',
        label: 'settings.field.lookupShortcut',
        kind: 'shortcut',
        nullable: true,
        help: (t) => t('settings.shortcut.help', { key: 'L' }),
      },
    ],
  },
  {
    id: 'general',
    title: 'settings.section.general',
    fields: [
      { path: 'general.startAtLogin', label: 'settings.field.startAtLogin', kind: 'toggle' },
      {
        path: 'general.theme',
        label: 'settings.field.appearance',
        kind: 'select',
        options: [
          { value: 'system', label: 'settings.field.sameAsSystem' },
          { value: 'light', label: 'settings.field.light' },
          { value: 'dark', label: 'settings.field.dark' },
        ],
      },
      {
        path: 'general.language',
        label: 'settings.field.language',
        kind: 'select',
        // Each language in its own name, so that anyone finds theirs.
        options: [
          { value: 'system', label: 'settings.field.sameAsSystem' },
          ...LANGUAGES.map((language) => ({ value: language, name: LANGUAGE_NAMES[language] })),
        ],
      },
      {
        path: 'updates.mode',
        label: 'settings.field.updateMode',
        kind: 'select',
        advanced: true,
        options: [
          { value: 'install', label: 'settings.update.install' },
          { value: 'notify', label: 'settings.update.notify' },
          { value: 'off', label: 'settings.update.off' },
        ],
      },
      {
        path: 'updates.serverUrl',
        label: 'settings.field.updateServer',
        kind: 'text',
        advanced: true,
        help: (t) => t('settings.field.updateServerHelp'),
      },
      {
        path: 'updates.channel',
        label: 'settings.field.updateChannel',
        kind: 'select',
        advanced: true,
        options: [
          { value: 'stable', label: 'settings.update.stable' },
          { value: 'beta', label: 'settings.update.beta' },
        ],
      },
      { path: 'updates.checkEveryHours', label: 'settings.field.updateEvery', kind: 'number', unit: 'hours', advanced: true },
      { path: 'updates.noInstallFrom', label: 'settings.field.noInstallFrom', kind: 'time', advanced: true },
      { path: 'updates.noInstallUntil', label: 'settings.field.noInstallUntil', kind: 'time', advanced: true },
      {
        path: 'network.requestTimeoutSeconds',
        label: 'settings.field.requestTimeout',
        kind: 'number',
        unit: 'seconds',
        advanced: true,
      },
      { path: 'network.maxResponseMegabytes', label: 'settings.field.maxResponse', kind: 'number', unit: 'MB', advanced: true },
      {
        path: 'security.allowWeakSecretStorage',
        label: 'settings.field.weakSecrets',
        kind: 'toggle',
        advanced: true,
        help: (t) => t('settings.field.weakSecretsHelp'),
      },
    ],
  },
];

/** { "monitoring.quietHours.start": "19:00" } → { monitoring: { quietHours: { start: "19:00" } } } */
export function toPatch(changes: Record<string, unknown>): Record<string, Record<string, unknown>> {
  return Object.entries(changes).reduce<Record<string, unknown>>(
    (patch, [path, value]) => withValueAt(patch, path, value),
    {},
  ) as Record<string, Record<string, unknown>>;
}
