/**
 * What is wrong with one value of the settings, as facts: the core finds them (sparse-clean.ts),
 * Settings shows them in the user's words and the log in English (value-problem-words.ts).
 * `got` is a short JSON preview of the value that was refused.
 */
import type { AcceleratorProblem } from '../accelerator.ts';
import type { ItUrlProblem } from '../it-url.ts';

export type ValueProblem =
  | { kind: 'notObject' }
  | { kind: 'unknownSetting' }
  | { kind: 'unknownSection' }
  | { kind: 'unknownTooLarge'; limit: 'depth' | 'size'; amount: number }
  | { kind: 'locked' }
  /** Where updates come from: only in Settings, confirmed by the person at the keyboard (or by IT). */
  | { kind: 'confirmNeeded' }
  | { kind: 'min'; limit: number; got: string }
  | { kind: 'max'; limit: number; got: string }
  | { kind: 'integer'; got: string }
  | { kind: 'oneOf'; options: string; got: string }
  | { kind: 'type'; expected: string; got: string }
  | { kind: 'format'; got: string }
  /** A value of the wrong shape whose right shape is said with an example ("Use HH:MM"). */
  | { kind: 'clockTime' | 'holidayRegion' | 'monthDay' | 'calendarDay' | 'percent'; got: string }
  | { kind: 'shortcut'; problem: AcceleratorProblem }
  | { kind: 'url'; problem: ItUrlProblem; got: string };

/** Told each problem where it was found ("monitoring.pollIntervalSeconds"). */
export type ProblemSink = (path: string, problem: ValueProblem) => void;
