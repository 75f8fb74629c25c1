/**
 * What a screen reader hears from the panel: a change of clock state, a new problem, a system
 * changing state — each said once; refreshes that change nothing say nothing.
 */
import type { ClockView, HealthLine } from '../../src-main/shared/ipc/contract.ts';

export interface Heard {
  clock: string;
  problem: string | null;
  health: Record<string, string>;
}

export const heardOf = (clock: ClockView, lines: HealthLine[]): Heard => ({
  clock: clock.stateLabel,
  problem: clock.problemSummary,
  health: Object.fromEntries(lines.map((line) => [line.system, line.state])),
});

/** What to say now that `now` is heard after `before`; empty when nothing changed. */
export function newsBetween(before: Heard | null, now: Heard, clock: ClockView, lines: HealthLine[]): string {
  if (!before) return '';
  const said: string[] = [];
  if (now.clock !== before.clock) said.push(clock.headline);
  if (now.problem !== before.problem && now.problem) said.push(now.problem);
  const changed = lines.filter((line) => before.health[line.system] && before.health[line.system] !== line.state);
  said.push(...changed.map((line) => line.text));
  return said.join('. ');
}
