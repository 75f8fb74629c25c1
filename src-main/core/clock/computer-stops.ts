/**
 * What this computer saw when it stopped while the app ran — shut down, logged off, went to sleep,
 * or locked its screen — with the last keyboard or mouse input before it. Written at once: after a
 * shutdown or logoff event the process may end at any moment, and the next start asks from this
 * whether the working time ended then (away-prompt in sleep-prompt.ts).
 */
import * as v from 'valibot';
import type { TextFile } from '../util/text-file.ts';

/** How the computer stopped (ICU select keys: no hyphens). */
export type StopHow = 'slept' | 'locked' | 'shutdown' | 'logoff';

const stopSchema = v.object({
  how: v.picklist(['slept', 'locked', 'shutdown', 'logoff']),
  at: v.pipe(v.number(), v.finite()),
  lastInputAt: v.nullable(v.pipe(v.number(), v.finite())),
  environmentId: v.string(),
  employeeId: v.string(),
});

export type ComputerStop = v.InferOutput<typeof stopSchema>;

export interface ComputerStops {
  /** Keeps the stop unless an earlier one is still unanswered: the employee left at the first. */
  record(stop: ComputerStop): void;
  /** The stop not yet weighed, or null (none, or a file that does not read as one). */
  last(): ComputerStop | null;
  clear(): void;
}

export function createComputerStops(file: TextFile): ComputerStops {
  function last(): ComputerStop | null {
    try {
      const parsed = v.safeParse(stopSchema, JSON.parse(file.read() ?? 'null'));
      return parsed.success ? parsed.output : null;
    } catch {
      return null;
    }
  }
  return {
    record(stop) {
      const earlier = last();
      if (earlier && earlier.at <= stop.at) return;
      file.write(JSON.stringify(stop));
    },
    last,
    clear: () => file.write('null'),
  };
}
