/** Work counted apart, in the user's words: "Night work 1 h 30 min · Sunday work 8 h"; null when there is none. Pure. */
import type { Translate } from '../../shared/i18n/translator.ts';
import type { HoursText } from '../../shared/hours-text.ts';
import type { SpecialWork } from './work-marks.ts';

const MINUTE = 60_000;

export function specialWorkText(work: SpecialWork | undefined, words: { t: Translate; hoursText: HoursText }): string | null {
  if (!work) return null;
  const { t, hoursText } = words;
  const parts = [
    work.nightMs >= MINUTE ? t('hours.special.night', { hours: hoursText(work.nightMs) }) : null,
    work.sundayMs >= MINUTE ? t('hours.special.sunday', { hours: hoursText(work.sundayMs) }) : null,
    work.holidayMs >= MINUTE ? t('hours.special.holiday', { hours: hoursText(work.holidayMs) }) : null,
  ].filter((part) => part !== null);
  return parts.length > 0 ? parts.join(' · ') : null;
}
