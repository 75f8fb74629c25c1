/** The preference fields of the settings window, by section. Their rules live in the core. */
import { LANGUAGE_NAMES, LANGUAGES } from '../../src-main/shared/i18n/locales.ts';
import { withValueAt } from '../../src-main/shared/setting-paths.ts';
import type { PlainKey, Translate } from '../../src-main/shared/i18n/translator.ts';
import type { Preferences } from '../../src-main/shared/ipc/contract.ts';

/** `hours`: minutes kept, hours shown and typed ("40", "7:30", "7.5"); `date`: a day in the user's own date field. */
export type FieldKind = 'number' | 'toggle' | 'time' | 'select' | 'weekdays' | 'text' | 'shortcut' | 'hours' | 'date';

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
  /** Shown only when this toggle (a path) is off. */
  unless?: string;
  /** An empty text field means "none" (null). */
  nullable?: boolean;
  /** An expert option: shown under "Advanced", closed unless it has a problem. */
  advanced?: boolean;
  /** The heading of the fields that belong together, as people think of them ("My week"). */
  group?: PlainKey;
}

export interface SectionDef {
  id: keyof Preferences | 'environments';
  title: PlainKey;
  fields: FieldDef[];
}

/** What a field may add to its path, label and kind. */
type More = Partial<Pick<FieldDef, 'unit' | 'help' | 'when' | 'unless' | 'nullable' | 'advanced' | 'options' | 'group'>>;

const ofKind =
  (kind: FieldKind) =>
  (path: string, label: PlainKey, more: More = {}): FieldDef => ({ path, label, kind, ...more });
const toggle = ofKind('toggle');
const number = ofKind('number');
const time = ofKind('time');
const text = ofKind('text');
const weekdays = ofKind('weekdays');
const hours = ofKind('hours');
const date = ofKind('date');
/** A choice among `value: label` pairs, in that order. */
const select = (path: string, label: PlainKey, choices: Record<string, PlainKey>, more: More = {}): FieldDef =>
  ofKind('select')(path, label, { options: Object.entries(choices).map(([value, label]) => ({ value, label })), ...more });
/** A key combination that works everywhere (empty: none); `key` is the one suggested in its help. */
const shortcut = (path: string, label: PlainKey, key: string): FieldDef =>
  ofKind('shortcut')(path, label, { nullable: true, help: (t) => t('settings.shortcut.help', { key }) });
/** A help line that is one message. */
const says =
  (key: PlainKey) =>
  (t: Translate): string =>
    t(key);
const advanced = { advanced: true } as const;

export const preferenceSections: SectionDef[] = [
  {
    id: 'monitoring',
    title: 'settings.section.monitoring',
    // What a person chooses first (whether and how they are told); the watch's numbers under Advanced.
    fields: [
      toggle('monitoring.notifications', 'settings.field.notifications'),
      toggle('monitoring.sound', 'settings.field.sound'),
      number('monitoring.reminderMinutes', 'settings.field.reminderMinutes', {
        unit: 'minutes',
        help: says('settings.field.zeroTurnsOff'),
      }),
      toggle('monitoring.quietHours.enabled', 'settings.field.quietHours'),
      time('monitoring.quietHours.start', 'settings.field.quietFrom', { when: 'monitoring.quietHours.enabled' }),
      time('monitoring.quietHours.end', 'settings.field.quietUntil', { when: 'monitoring.quietHours.enabled' }),
      number('monitoring.pollIntervalSeconds', 'settings.field.pollInterval', {
        unit: 'seconds',
        ...advanced,
        help: says('settings.field.pollIntervalHelp'),
      }),
      number('monitoring.timeoutSeconds', 'settings.field.checkTimeout', { unit: 'seconds', ...advanced }),
      number('monitoring.latencyThresholdMs', 'settings.field.slowAbove', { unit: 'ms', ...advanced }),
      text('monitoring.witnessUrl', 'settings.field.witnessUrl', { ...advanced, help: says('settings.field.witnessUrlHelp') }),
    ],
  },
  {
    id: 'clock',
    title: 'settings.section.clock',
    // Grouped as people think of them: reminders, clocking, my week, my balance (issue 63, point 4).
    fields: [
      number('clock.longShiftHours', 'settings.field.longShift', { unit: 'hours', group: 'settings.group.reminders' }),
      toggle('clock.notClockedInReminder.enabled', 'settings.field.notClockedIn', { group: 'settings.group.reminders' }),
      time('clock.notClockedInReminder.time', 'settings.field.by', {
        when: 'clock.notClockedInReminder.enabled',
        group: 'settings.group.reminders',
      }),
      weekdays('clock.notClockedInReminder.weekdays', 'settings.field.on', {
        when: 'clock.notClockedInReminder.enabled',
        group: 'settings.group.reminders',
      }),
      toggle('clock.endOfDayReminder.enabled', 'settings.field.endOfDay', { group: 'settings.group.reminders' }),
      time('clock.endOfDayReminder.time', 'settings.field.at', {
        when: 'clock.endOfDayReminder.enabled',
        group: 'settings.group.reminders',
      }),
      number('clock.undoSeconds', 'settings.field.undoSeconds', {
        unit: 'seconds',
        group: 'settings.group.clocking',
        help: says('settings.field.undoSecondsHelp'),
      }),
      text('clock.displayName', 'settings.field.displayName', {
        group: 'settings.group.clocking',
        help: says('settings.field.displayNameHelp'),
      }),
      number('clock.breakMinutes', 'settings.field.breakMinutes', { unit: 'minutes', group: 'settings.group.clocking' }),
      select(
        'clock.whenComputerStops',
        'settings.field.whenComputerStops',
        {
          ask: 'settings.field.whenComputerStopsAsk',
          'clock-out': 'settings.field.whenComputerStopsClockOut',
          nothing: 'settings.field.whenComputerStopsNothing',
        },
        { group: 'settings.group.clocking' },
      ),
      number('clock.sleepPromptMinutes', 'settings.field.sleepPrompt', { unit: 'minutes', group: 'settings.group.clocking' }),
      { ...shortcut('clock.globalShortcut', 'settings.field.clockShortcut', 'T'), group: 'settings.group.clocking' },
      select(
        'clock.firstDayOfWeek',
        'settings.field.firstDay',
        {
          locale: 'settings.field.firstDayLocale',
          monday: 'settings.day.monday',
          sunday: 'settings.day.sunday',
          saturday: 'settings.day.saturday',
        },
        { group: 'settings.group.myWeek' },
      ),
      weekdays('clock.workingTime.workdays', 'settings.field.workdays', { group: 'settings.group.myWeek' }),
      hours('clock.workingTime.dailyTargetMinutes', 'settings.field.dailyTarget', {
        unit: 'hours',
        group: 'settings.group.myWeek',
        help: says('settings.field.targetHelp'),
      }),
      hours('clock.workingTime.weeklyTargetMinutes', 'settings.field.weeklyTarget', {
        unit: 'hours',
        group: 'settings.group.myWeek',
        help: says('settings.field.targetHelp'),
      }),
      select(
        'clock.hoursFormat',
        'settings.field.hoursFormat',
        { words: 'settings.hours.words', clock: 'settings.hours.clock', decimal: 'settings.hours.decimal' },
        { group: 'settings.group.myWeek' },
      ),
      date('clock.flexitime.openingDate', 'settings.field.openingDate', {
        group: 'settings.group.myBalance',
        help: says('settings.field.openingDateHelp'),
      }),
      hours('clock.flexitime.openingMinutes', 'settings.field.openingMinutes', {
        unit: 'hours',
        group: 'settings.group.myBalance',
        help: says('settings.field.openingMinutesHelp'),
      }),
      text('clock.holidays.region', 'settings.field.holidayRegion', {
        ...advanced,
        help: says('settings.field.holidayRegionHelp'),
      }),
    ],
  },
  {
    id: 'lookup',
    title: 'settings.section.lookup',
    fields: [
      number('lookup.autoRefreshMinutes', 'settings.field.autoRefresh', {
        unit: 'minutes',
        help: says('settings.field.zeroTurnsOff'),
      }),
      toggle('lookup.keepOnDisk', 'settings.field.keepOnDisk', { help: says('settings.field.keepOnDiskHelp') }),
      // Kept on disk, the lookup gives its memory back half a minute after closing (lookup-service.ts).
      number('lookup.idleClearMinutes', 'settings.field.idleClear', { unit: 'minutes', unless: 'lookup.keepOnDisk' }),
      toggle('lookup.notifyPinnedChanges', 'settings.field.notifyPinned'),
      shortcut('lookup.globalShortcut', 'settings.field.lookupShortcut', 'L'),
    ],
  },
  {
    id: 'general',
    title: 'settings.section.general',
    fields: [
      toggle('general.startAtLogin', 'settings.field.startAtLogin'),
      select('general.theme', 'settings.field.appearance', {
        system: 'settings.field.sameAsSystem',
        light: 'settings.field.light',
        dark: 'settings.field.dark',
      }),
      // Each language in its own name, so that anyone finds theirs.
      ofKind('select')('general.language', 'settings.field.language', {
        options: [
          { value: 'system', label: 'settings.field.sameAsSystem' },
          ...LANGUAGES.map((language) => ({ value: language, name: LANGUAGE_NAMES[language] })),
        ],
      }),
      select(
        'updates.mode',
        'settings.field.updateMode',
        { install: 'settings.update.install', notify: 'settings.update.notify', off: 'settings.update.off' },
        advanced,
      ),
      text('updates.serverUrl', 'settings.field.updateServer', { ...advanced, help: says('settings.field.updateServerHelp') }),
      select(
        'updates.channel',
        'settings.field.updateChannel',
        { stable: 'settings.update.stable', beta: 'settings.update.beta' },
        advanced,
      ),
      number('updates.checkEveryHours', 'settings.field.updateEvery', { unit: 'hours', ...advanced }),
      time('updates.noInstallFrom', 'settings.field.noInstallFrom', advanced),
      time('updates.noInstallUntil', 'settings.field.noInstallUntil', advanced),
      number('network.requestTimeoutSeconds', 'settings.field.requestTimeout', { unit: 'seconds', ...advanced }),
      number('network.maxResponseMegabytes', 'settings.field.maxResponse', { unit: 'MB', ...advanced }),
      toggle('security.allowWeakSecretStorage', 'settings.field.weakSecrets', {
        ...advanced,
        help: says('settings.field.weakSecretsHelp'),
      }),
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
