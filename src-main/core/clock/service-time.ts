/**
 * The service's time, read on this computer's clock: when the two disagree by more than the noise of
 * an HTTP Date header (whole seconds, plus the answer's way back), punches carry the service's time,
 * so a computer whose clock is wrong still records the moment the employee clicked.
 */

/** Beyond this, a punch's time would visibly differ from the service's own clock. */
export const CLOCK_DISAGREEMENT_MS = 2 * 60_000;

/** What to add to this computer's clock to read the service's: 0 while they agree, or while the offset is unknown. */
export function clockCorrectionMs(serverClockOffsetMs: number | null): number {
  if (serverClockOffsetMs === null || Math.abs(serverClockOffsetMs) < CLOCK_DISAGREEMENT_MS) return 0;
  return serverClockOffsetMs;
}
