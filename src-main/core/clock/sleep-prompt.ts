/**
 * Back after sleep or a locked screen while clocked in: a long absence asks whether the working
 * time ended when the computer went to sleep (or the screen was locked), until the employee answers.
 */
import type { ClockStatus } from './clock-state.ts';
import type { ClockNotification, ClockWords } from './clock-words.ts';
import type { ClockAction } from './clock-actions.ts';

export interface SleepPrompt {
  from: number;
  to: number;
  how: 'slept' | 'locked';
}

interface SleepPromptOptions {
  now: () => number;
  status: () => ClockStatus;
  promptAfterMinutes: () => number;
  words: ClockWords;
  notify: (notification: ClockNotification) => void;
  /** A clock-out at the moment the absence began, asked for in the panel. */
  clockOutAt: (at: number) => Promise<ClockAction>;
}

export function createSleepPrompt(options: SleepPromptOptions) {
  let prompt: SleepPrompt | null = null;
  return {
    current: () => prompt,
    clear: () => void (prompt = null),
    /** Back after an absence that began at `from`: asks when it was long and began after the clock-in. */
    resumed(from: number, how: 'slept' | 'locked'): void {
      const away = options.now() - from;
      const current = options.status();
      if (current.state === 'in' && current.since < from && away >= options.promptAfterMinutes() * 60_000) {
        prompt = { from, to: options.now(), how };
        options.notify(options.words.awayNotice(away, from, how));
      }
    },
    /** The panel's answer; a refused clock-out keeps the question open beside the reason. */
    async answer(answer: 'clock-out-at-sleep' | 'stay-clocked-in'): Promise<ClockAction | null> {
      const asked = prompt;
      prompt = null;
      const action = asked && answer === 'clock-out-at-sleep' ? await options.clockOutAt(asked.from) : null;
      if (action?.kind === 'ignored') prompt = asked;
      return action;
    },
  };
}
