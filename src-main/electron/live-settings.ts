/**
 * Settings that reach outside the app apply live, when saved: global shortcuts (a taken one is
 * said in a notification that opens its setting), the theme, and starting at login (the user's
 * own entry, with the wait IT set; none where IT's all-users entry starts the app).
 */
import { app, nativeTheme } from 'electron';
import type { AppCore } from '../core/app-core.ts';
import type { Logger } from '../core/logging/logger.ts';
import type { SettingsService } from '../core/settings/settings-service.ts';
import { machineStartEntry, nativeRegistryValues } from '../core/settings/policy-sources.ts';
import { loginEntryArgs } from '../core/settings/start-delay.ts';
import { showNotification } from './desktop-notifications.ts';
import { useGlobalShortcuts } from './global-shortcut.ts';
import type { WindowManager } from './window-manager.ts';

export interface LiveSettings {
  /** Why a shortcut could not be registered, per setting path (the settings window shows it). */
  shortcutProblems(): ReturnType<typeof useGlobalShortcuts>;
  stop(): void;
}

export function applySettingsLive(
  { core, settings, windows, log }: { core: AppCore; settings: SettingsService; windows: WindowManager; log: Logger },
  onChange: () => void,
): LiveSettings {
  let problems: ReturnType<typeof useGlobalShortcuts> = {};
  /** The shortcuts and the language: a change of either registers anew (the problems are said in the user's words). */
  const shortcutsOf = () =>
    [
      settings.preferences().clock.globalShortcut,
      settings.preferences().lookup.globalShortcut,
      core.translator().locale.messages,
    ].join('\n');
  const applyShortcuts = () => {
    const { clock, lookup } = settings.preferences();
    const { t } = core.translator();
    problems = useGlobalShortcuts(
      {
        'clock.globalShortcut': { accelerator: clock.globalShortcut, onPress: () => void core.clock.toggle('shortcut') },
        'lookup.globalShortcut': { accelerator: lookup.globalShortcut, onPress: () => windows.open('lookup') },
      },
      t,
    );
    for (const [path, problem] of Object.entries(problems)) {
      log.warn(problem);
      showNotification(
        { title: t('shortcut.notSetTitle'), body: problem },
        { target: 'settings', run: () => windows.open('settings', { section: path.startsWith('lookup') ? 'lookup' : 'clock' }) },
      );
    }
  };
  // An all-users start entry (Windows, IT's) starts the app already: a user's own would start a second one.
  const startedByMachine = process.platform === 'win32' && machineStartEntry(nativeRegistryValues);
  const applyGeneral = () => {
    const { theme, startAtLogin, startDelaySeconds } = settings.preferences().general;
    nativeTheme.themeSource = theme;
    const ownEntry = startAtLogin && !startedByMachine;
    // Windows tells the entry as ours only with the same arguments: an entry with another wait is rewritten.
    const args = loginEntryArgs(startDelaySeconds);
    if (app.getLoginItemSettings({ args }).openAtLogin !== ownEntry) app.setLoginItemSettings({ openAtLogin: ownEntry, args });
  };
  let shortcuts = shortcutsOf();
  applyShortcuts();
  applyGeneral();
  settings.onChange(() => {
    applyGeneral();
    onChange();
    if (shortcutsOf() === shortcuts) return;
    shortcuts = shortcutsOf();
    applyShortcuts();
  });
  return { shortcutProblems: () => problems, stop: () => void useGlobalShortcuts({}) };
}
