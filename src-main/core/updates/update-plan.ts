/**
 * What the update settings mean, as pure functions: which feed to ask (or none: then nothing is
 * requested at all) and whether a downloaded update may be installed as the app quits.
 */
import { RULES, URL_RULES, type Preferences } from '../../shared/settings-schema.ts';
import { itUrlProblem } from '../../shared/it-url.ts';
import { insideDailyWindow } from '../../shared/moments.ts';
import type { UpdateFeed } from './updater.ts';

export type UpdatePreferences = Preferences['updates'];

export type NoFeed = 'off' | 'noServer' | 'badServer' | 'unverifiable';

/**
 * The feed to check, or why there is none. `verifiable`: this build pins a publisher or key to
 * check updates against on this platform (update-trust.ts); without one nothing is asked.
 */
export function feedOf(updates: UpdatePreferences, verifiable: boolean): UpdateFeed | { none: NoFeed } {
  if (updates.mode === 'off') return { none: 'off' };
  const url = updates.serverUrl.trim();
  if (url === '') return { none: 'noServer' };
  // The settings refuse such an address already; checked again where it is used, as the feed is run as code.
  if (itUrlProblem(url, URL_RULES[RULES.updateUrl]!) !== null) return { none: 'badServer' };
  if (!verifiable) return { none: 'unverifiable' };
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
