/**
 * What the update settings mean, as pure functions: which feed to ask (or none: then nothing is
 * requested at all) and whether a downloaded update may be installed as the app quits.
 */
import type { Preferences } from '../../shared/settings-schema.ts';
import { insideDailyWindow } from '../../shared/moments.ts';
import type { UpdateFeed } from './updater.ts';

export type UpdatePreferences = Preferences['updates'];

/** The feed to check, or why there is none. */
export function feedOf(updates: UpdatePreferences): UpdateFeed | { none: 'off' | 'noServer' | 'badServer' } {
  if (updates.mode === 'off') return { none: 'off' };
  const url = updates.serverUrl.trim();
  if (url === '') return { none: 'noServer' };
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return { none: 'badServer' };
  } catch {
    return { none: 'badServer' };
  }
  return { url, channel: updates.channel === 'beta' ? 'beta' : 'latest' };
}

export type InstallDecision = 'install' | 'punchesWaiting' | 'noInstallWindow';

/**
 * Installing on quit replaces the app: never while punches wait to be sent (the next start sends
 * them; a failed install must not strand them), and never in IT's no-install window (staff clock
 * in then, and a slow install would keep the app away).
 */
export function installDecision(updates: UpdatePreferences, waitingPunches: number, localMinute: number): InstallDecision {
  if (waitingPunches > 0) return 'punchesWaiting';
  if (insideDailyWindow(localMinute, updates.noInstallFrom, updates.noInstallUntil)) return 'noInstallWindow';
  return 'install';
}
