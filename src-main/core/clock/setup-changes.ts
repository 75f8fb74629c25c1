/**
 * What a change of set-up does to the punches waiting on this computer: an employee id given at
 * last makes the punches kept without one theirs; new credentials or settings may cure what
 * stopped punches for set-up reasons. Each returns how many punches it changed (then they are sent).
 */
import type { Environment } from '../../shared/domain/environments.ts';
import type { Outbox } from './outbox.ts';

/** Punches made here before the employee id was set are theirs, once it is. */
export function adoptKeptPunches(outbox: Outbox, { id, employeeId }: Environment): number {
  if (employeeId.trim() === '') return 0;
  const kept = outbox.all().filter((punch) => punch.environmentId === id && punch.employeeId === '' && !punch.stopped);
  for (const punch of kept) outbox.update(punch.id, { employeeId });
  return kept.length;
}

/** Punches stopped for set-up reasons are tried again. */
export function retryConfigurationStops(outbox: Outbox): number {
  const stopped = outbox.all().filter((punch) => punch.stopped?.kind === 'configuration');
  for (const punch of stopped) outbox.update(punch.id, { stopped: null, nextAttemptAt: null });
  return stopped.length;
}
