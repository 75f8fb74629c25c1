/** What asking for a punch gives back, and where it was asked from. */
import type { PunchOutcome } from './punch-outcomes.ts';

export type ClockAction = { kind: 'done'; outcome: PunchOutcome } | { kind: 'ignored'; reason: string };

/**
 * Where a punch was asked for. A window shows a refusal where the employee clicked; the tray menu,
 * a global shortcut and a notification's button have nowhere to show it, so a refusal from there
 * is told as a notification. Either way no punch ends without a word.
 */
export type PunchSource = 'window' | 'tray' | 'shortcut' | 'notification';

/** A request about a punch that cannot be done, in words the window shows as they are. */
export class PunchActionError extends Error {
  override name = 'UserFacingError';
}
