/**
 * What "Start with demo data" adds so a newcomer sees the working calendar at once: a 40-hour week
 * and the public holidays of the language's country — only where nothing is set and IT locked
 * nothing; otherwise nothing.
 */
import type { SettingsView } from '../../src-main/shared/ipc/contract.ts';
import { isLocked } from '../../src-main/shared/setting-paths.ts';

const REGION_OF_LANGUAGE: Record<string, string> = { de: 'DE', es: 'ES', en: 'US' };
const DEMO_WEEK_MINUTES = 40 * 60;

export function demoCalendar(settings: SettingsView, language: string) {
  const { workingTime, holidays } = settings.preferences.clock;
  const paths = ['clock.workingTime.weeklyTargetMinutes', 'clock.holidays.region'];
  const unset = workingTime.weeklyTargetMinutes === 0 && workingTime.dailyTargetMinutes === 0 && holidays.region === '';
  if (!unset || paths.some((path) => isLocked(settings.locked, path))) return null;
  const region = REGION_OF_LANGUAGE[language.slice(0, 2)] ?? 'US';
  return { clock: { workingTime: { weeklyTargetMinutes: DEMO_WEEK_MINUTES }, holidays: { region } } };
}
