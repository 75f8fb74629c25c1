/** The preference fields of the settings window, by section. Their rules live in the core. */
import { LANGUAGE_NAMES, LANGUAGES } from '../../src-main/shared/i18n/locales.ts';
import type { Preferences } from '../../src-main/shared/ipc/contract.ts';

export type FieldKind = 'number' | 'toggle' | 'time' | 'select' | 'weekdays' | 'text' | 'shortcut';

export interface FieldDef {
  /** "monitoring.pollIntervalSeconds" */
  path: string;
  label: string;
  kind: FieldKind;
  unit?: string;
  help?: string;
  options?: Array<{ value: string; label: string }>;
  /** Shown only when this toggle (a path) is on. */
  when?: string;
  /** An empty text field means "none" (null). */
  nullable?: boolean;
  /** An expert option: shown under "Advanced", closed unless it has a problem. */
  advanced?: boolean;
}

export interface SectionDef {
  id: keyof Preferences | 'environments';
  title: string;
  fields: FieldDef[];
}

export const preferenceSections: SectionDef[] = [
  {
    id: 'monitoring',
    title: 'Monitoring',
    fields: [
      {
        path: 'monitoring.pollIntervalSeconds',
        label: 'Check every',
        kind: 'number',
        unit: 'seconds',
        help: 'At least 10 seconds.',
      },
      { path: 'monitoring.timeoutSeconds', label: 'Give up on a check after', kind: 'number', unit: 'seconds' },
      { path: 'monitoring.latencyThresholdMs', label: 'Treat answers as slow above', kind: 'number', unit: 'ms' },
      { path: 'monitoring.notifications', label: 'Show notifications when a system goes down or recovers', kind: 'toggle' },
      {
        path: 'monitoring.reminderMinutes',
        label: 'Remind me while a system stays down, every',
        kind: 'number',
        unit: 'minutes',
        help: '0 turns reminders off.',
      },
      { path: 'monitoring.sound', label: 'Play a sound when a system goes down', kind: 'toggle' },
      {
        path: 'monitoring.quietHours.enabled',
        label: 'Quiet hours (no notifications; the tray still shows everything)',
        kind: 'toggle',
      },
      { path: 'monitoring.quietHours.start', label: 'Quiet from', kind: 'time', when: 'monitoring.quietHours.enabled' },
      { path: 'monitoring.quietHours.end', label: 'Quiet until', kind: 'time', when: 'monitoring.quietHours.enabled' },
    ],
  },
  {
    id: 'clock',
    title: 'Clock',
    fields: [
      { path: 'clock.longShiftHours', label: 'Remind me when still clocked in after', kind: 'number', unit: 'hours' },
      { path: 'clock.notClockedInReminder.enabled', label: 'Remind me when I have not clocked in by a set time', kind: 'toggle' },
      { path: 'clock.notClockedInReminder.time', label: 'By', kind: 'time', when: 'clock.notClockedInReminder.enabled' },
      { path: 'clock.notClockedInReminder.weekdays', label: 'On', kind: 'weekdays', when: 'clock.notClockedInReminder.enabled' },
      { path: 'clock.endOfDayReminder.enabled', label: 'Remind me to clock out at the end of the day', kind: 'toggle' },
      { path: 'clock.endOfDayReminder.time', label: 'At', kind: 'time', when: 'clock.endOfDayReminder.enabled' },
      {
        path: 'clock.sleepPromptMinutes',
        label: 'Ask whether to clock out after a sleep longer than',
        kind: 'number',
        unit: 'minutes',
      },
      {
        path: 'clock.globalShortcut',
        label: 'Global shortcut to clock in or out',
        kind: 'shortcut',
        nullable: true,
        help: 'Press Record, then the keys (for example Ctrl+Alt+T). Leave empty for none.',
      },
    ],
  },
  {
    id: 'lookup',
    title: 'Debtor lookup',
    fields: [
      {
        path: 'lookup.autoRefreshMinutes',
        label: 'Refresh the data while the window is open, every',
        kind: 'number',
        unit: 'minutes',
        help: '0 turns it off.',
      },
      {
        path: 'lookup.idleClearMinutes',
        label: 'Forget the data after the window has been closed for',
        kind: 'number',
        unit: 'minutes',
      },
      {
        path: 'lookup.globalShortcut',
        label: 'Global shortcut to open the lookup',
        kind: 'shortcut',
        nullable: true,
        help: 'Press Record, then the keys (for example Ctrl+Alt+L). Leave empty for none.',
      },
    ],
  },
  {
    id: 'general',
    title: 'General',
    fields: [
      { path: 'general.startAtLogin', label: 'Start Timeclock Tray when I log in', kind: 'toggle' },
      {
        path: 'general.theme',
        label: 'Appearance',
        kind: 'select',
        options: [
          { value: 'system', label: 'Same as the system' },
          { value: 'light', label: 'Light' },
          { value: 'dark', label: 'Dark' },
        ],
      },
      {
        path: 'general.language',
        label: 'Language',
        kind: 'select',
        // Each language in its own name, so that anyone finds theirs.
        options: [
          { value: 'system', label: 'Same as the system' },
          ...LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NAMES[language] })),
        ],
      },
      {
        path: 'network.requestTimeoutSeconds',
        label: 'Give up on a request after',
        kind: 'number',
        unit: 'seconds',
        advanced: true,
      },
      { path: 'network.maxResponseMegabytes', label: 'Largest answer accepted', kind: 'number', unit: 'MB', advanced: true },
      {
        path: 'security.allowWeakSecretStorage',
        label: 'Allow saving client secrets with weak protection where the computer has no keyring',
        kind: 'toggle',
        advanced: true,
        help: 'Only matters on Linux without GNOME Keyring or KWallet: the secret is then readable by anyone with access to your files.',
      },
    ],
  },
];

export function valueAt(source: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined),
      source,
    );
}

/** { "monitoring.quietHours.start": "19:00" } → { monitoring: { quietHours: { start: "19:00" } } } */
export function toPatch(changes: Record<string, unknown>): Record<string, Record<string, unknown>> {
  const patch: Record<string, Record<string, unknown>> = {};
  for (const [path, value] of Object.entries(changes)) {
    const [section, ...rest] = path.split('.') as [string, ...string[]];
    let node: Record<string, unknown> = (patch[section] ??= {});
    rest.forEach((key, index) => {
      if (index === rest.length - 1) node[key] = value;
      else node = (node[key] ??= {}) as Record<string, unknown>;
    });
  }
  return patch;
}

export const isLocked = (locked: readonly string[], path: string) =>
  locked.some((entry) => path === entry || path.startsWith(`${entry}.`));
