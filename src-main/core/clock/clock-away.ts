/**
 * The computer away while clocked in: the stops kept for the next start (computer-absence.ts) and
 * the question asked on return (sleep-prompt.ts), answered with a punch.
 */
import type { ClockContext } from './clock-context.ts';
import type { ClockServiceOptions } from './clock-options.ts';
import type { Punching } from './clock-punching.ts';
import { createComputerAbsence } from './computer-absence.ts';
import { createComputerStops } from './computer-stops.ts';
import { createSleepPrompt } from './sleep-prompt.ts';
import { memoryFile } from '../util/text-file.ts';

export function createClockAway(options: ClockServiceOptions, context: ClockContext, punching: Punching) {
  const { status, punch } = punching;
  const clock = () => options.preferences().clock;
  const sleep = createSleepPrompt({
    now: context.serviceNow,
    status,
    promptAfterMinutes: () => clock().sleepPromptMinutes,
    whenComputerStops: () => clock().whenComputerStops,
    words: context.words,
    notify: context.notify,
    clockOutAt: (at) => punch('clock-out', at, 'window'),
    clockOutBecause: (at, note) => punch('clock-out', at, 'notification', note),
  });
  const absence = createComputerAbsence({
    computerStops: options.computerStops ?? createComputerStops(memoryFile()),
    status,
    active: context.active,
    correctionMs: context.correctionMs,
    serviceNow: context.serviceNow,
    resumed: sleep.resumed,
    refresh: () => void punching.refresh(),
    changed: context.changed,
    keeping: () => ({ stops: clock().whenComputerStops !== 'nothing', lastInput: clock().lastInputEvidence }),
  });
  return { sleep, absence };
}

export type ClockAway = ReturnType<typeof createClockAway>;
