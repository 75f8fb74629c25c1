/**
 * Back after the computer stopped while clocked in — it slept, its screen was locked, it was shut
 * down or logged off (told at the next start) — for longer than the prompt's limit: what happens is
 * IT's setting `clock.whenComputerStops`. "ask": the panel asks whether the working time ended when
 * the computer stopped, with what it saw, until the employee answers; "clock-out": it clocks out at
 * that moment and says so in a notification; "nothing": nothing.
 */
import type { Preferences } from '../../shared/settings-schema.ts';
import type { ClockStatus } from './clock-state.ts';
import type { ClockNotification, ClockWords } from './clock-words.ts';
import type { ClockAction } from './clock-actions.ts';
import type { StopHow } from './computer-stops.ts';

export interface SleepPrompt {
  from: number;
  to: number;
  how: StopHow;
  /** The last keyboard or mouse input before the stop, when the system said. */
  lastInputAt: number | null;
}

interface SleepPromptOptions {
  now: () => number;
  status: () => ClockStatus;
  promptAfterMinutes: () => number;
  whenComputerStops: () => Preferences['clock']['whenComputerStops'];
  words: ClockWords;
  notify: (notification: ClockNotification) => void;
  /** A clock-out at the moment the absence began, asked for in the panel. */
  clockOutAt: (at: number) => Promise<ClockAction>;
  /** The same, done by itself: `note` says why in the notification that tells its outcome. */
  clockOutBecause: (at: number, note: string) => Promise<ClockAction>;
}

export function createSleepPrompt(options: SleepPromptOptions) {
  let prompt: SleepPrompt | null = null;
  return {
    current: () => prompt,
    clear: () => void (prompt = null),
    /** Back after an absence that began at `from`: acts when it was long and began after the clock-in. */
    resumed(from: number, how: StopHow, lastInputAt: number | null = null): void {
      const away = options.now() - from;
      const current = options.status();
      if (current.state !== 'in' || current.since >= from || away < options.promptAfterMinutes() * 60_000) return;
      const what = options.whenComputerStops();
      if (what === 'clock-out') void options.clockOutBecause(from, options.words.stoppedNote(from, how));
      if (what !== 'ask') return;
      prompt = { from, to: options.now(), how, lastInputAt };
      options.notify(options.words.awayNotice(away, from, how));
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
