/**
 * When the health watch sees the timeclock service answer again (a check back to "up" after a
 * failure, a sign-in page, a limit…), punches that wait out a retry are sent now, each reading the
 * service's last event first as always — not at the end of a backoff that may have grown to 15
 * minutes while the employee looks at "pending".
 */
import type { HealthLine } from '../../shared/ipc/contract.ts';
import type { ClockService } from './clock-service.ts';

export function sendWaitingPunchesOnRecovery(
  health: { lines(): HealthLine[] },
  clock: Pick<ClockService, 'sendWaitingNow'>,
): () => void {
  let wasUp = new Map(health.lines().map((line) => [line.system, line.state === 'up']));
  return () => {
    const lines = health.lines();
    const recovered = lines.some((line) => line.state === 'up' && wasUp.get(line.system) === false);
    wasUp = new Map(lines.map((line) => [line.system, line.state === 'up']));
    if (recovered) clock.sendWaitingNow();
  };
}
