/**
 * The computer away and back: a stop (shutdown, logoff, sleep, lock) recorded on disk at once for
 * the next start; a return from sleep or a locked screen handed to the sleep prompt; and a stop
 * seen before this start, kept until the service's state is known and then weighed as after a
 * sleep — it asks (or acts) only when it was this environment's and this employee's. Nothing is kept
 * while clocked out, nor when IT turned the question off (`clock.whenComputerStops: nothing`); the
 * last input only when IT lets it be (`clock.lastInputEvidence`): what a works council agreed to.
 */
import type { Environment } from '../../shared/domain/environments.ts';
import type { ClockStatus } from './clock-state.ts';
import type { ComputerStop, ComputerStops, StopHow } from './computer-stops.ts';

export interface ComputerAbsenceOptions {
  computerStops: ComputerStops;
  status: () => ClockStatus;
  active: () => Environment;
  /** What to add to this computer's clock to read the service's (service-time.ts). */
  correctionMs: () => number;
  /** The service's time. */
  serviceNow: () => number;
  /** The sleep prompt's "back after a stop", on the service's time. */
  resumed: (from: number, how: StopHow, lastInputAt: number | null) => void;
  refresh: () => void;
  changed: () => void;
  /** What IT lets the app keep of the computer's stops (the works council's data sheet lists both). */
  keeping: () => { stops: boolean; lastInput: boolean };
}

export function createComputerAbsence(options: ComputerAbsenceOptions) {
  const { computerStops, correctionMs } = options;
  let stopBeforeStart: ComputerStop | null = null;
  const onServiceTime = (at: number | null) => (at === null ? null : at + correctionMs());
  /** The last input before a stop, when IT lets it be kept. */
  const evidence = (lastInputAt: number | null) => (options.keeping().lastInput ? onServiceTime(lastInputAt) : null);
  return {
    /** At start: the stop the disk remembers, if any. */
    rememberStopBeforeStart: () => void (stopBeforeStart = computerStops.last()),
    /** Once the service's state is known. */
    weighStopBeforeStart(): void {
      const stop = stopBeforeStart;
      if (stop === null || options.status().state === 'unknown') return;
      stopBeforeStart = null;
      if (computerStops.last()?.at === stop.at) computerStops.clear();
      const { id, employeeId } = options.active();
      if (stop.environmentId === id && stop.employeeId === employeeId) options.resumed(stop.at, stop.how, stop.lastInputAt);
      options.changed();
    },
    /** The computer is stopping (`lastInputAt` on this computer's clock): kept on disk at once for the next start. */
    computerStopping(how: StopHow, lastInputAt: number | null): void {
      if (!options.keeping().stops || options.status().state === 'out') return;
      const { id, employeeId } = options.active();
      computerStops.record({
        how,
        at: options.serviceNow(),
        lastInputAt: evidence(lastInputAt),
        environmentId: id,
        employeeId,
      });
    },
    /** Back after sleep or a locked screen that began at `from`: a long absence while clocked in asks (or acts). */
    resumed(from: number, how: StopHow = 'slept', lastInputAt: number | null = null): void {
      computerStops.clear();
      options.resumed(onServiceTime(from)!, how, evidence(lastInputAt));
      options.refresh();
      options.changed();
    },
  };
}
