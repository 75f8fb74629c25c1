/** A settings value's problem in words: the user's under a field in Settings, English in the log. */
import type { AcceleratorProblem } from '../accelerator.ts';
import type { ValueProblem } from '../domain/value-problem.ts';
import { english } from './catalogues.ts';
import type { Translate } from './translator.ts';

export function describeValueProblem(problem: ValueProblem, t: Translate): string {
  switch (problem.kind) {
    case 'notObject':
    case 'unknownSetting':
    case 'unknownSection':
    case 'locked':
    case 'confirmNeeded':
      return t(`invalid.value.${problem.kind}`);
    case 'unknownTooLarge':
      return t('invalid.value.unknownTooLarge', { limit: problem.limit, amount: problem.amount });
    case 'min':
    case 'max':
      // As digits are typed in the field (no grouping), like the value given beside it.
      return t(`invalid.value.${problem.kind}`, { limit: String(problem.limit), got: problem.got });
    case 'integer':
    case 'format':
    case 'clockTime':
    case 'holidayRegion':
    case 'monthDay':
    case 'calendarDay':
    case 'percent':
      return t(`invalid.value.${problem.kind}`, { got: problem.got });
    case 'oneOf':
      return t('invalid.value.oneOf', { options: problem.options, got: problem.got });
    case 'type':
      return t('invalid.value.type', { expected: problem.expected, got: problem.got });
    case 'shortcut':
      return describeShortcutProblem(problem.problem, t);
    case 'url':
      return t(`invalid.value.url.${problem.problem}`, { got: problem.got });
  }
}

function describeShortcutProblem(problem: AcceleratorProblem, t: Translate): string {
  switch (problem.kind) {
    case 'unknownModifier':
      return t('invalid.shortcut.unknownModifier', { modifier: problem.modifier });
    case 'unknownKey':
      return t('invalid.shortcut.unknownKey', { key: problem.key });
    case 'reserved':
      return t('invalid.shortcut.reserved', { shortcut: problem.shortcut });
    default:
      return t(`invalid.shortcut.${problem.kind}`);
  }
}

/**
 * The problem as a line of the log or of the admin file's report, in English:
 * "monitoring.pollIntervalSeconds: must be at least 10 (got 5); ignored."
 */
export function valueProblemLine(path: string, problem: ValueProblem): string {
  const sentence = describeValueProblem(problem, english.t).replace(/\.$/, '');
  const outcome =
    problem.kind === 'unknownTooLarge'
      ? 'set aside'
      : problem.kind === 'confirmNeeded'
        ? 'the value in the file is ignored'
        : 'ignored';
  return `${path}: ${sentence.charAt(0).toLowerCase()}${sentence.slice(1)}; ${outcome}.`;
}
