/** The update's line in the tray menu, in the user's words; nothing while all is quiet. */
import type { Translate } from '../../shared/i18n/translator.ts';
import type { UpdateState } from './update-service.ts';

export function updateLine(state: UpdateState, waitingPunches: number, t: Translate): string | null {
  switch (state.phase) {
    case 'available':
      return t('update.available', { version: state.version });
    case 'ready':
      return waitingPunches > 0
        ? t('update.waitsForPunches', { version: state.version })
        : t('update.ready', { version: state.version });
    case 'failed':
      // A server that is down is retried quietly; a download that failed its check is said.
      return state.failure === 'unverified' ? t('update.unverified', { version: state.version ?? '' }) : null;
    default:
      return null;
  }
}
