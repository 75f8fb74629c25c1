/** A list the lookup could not load whole, in words: the lookup window's banner says these. */
import type { LookupProblem } from '../domain/lookup.ts';
import { describeApiError } from './api-problem-words.ts';
import type { Translate } from './translator.ts';

export function describeLookupProblem(problem: LookupProblem, t: Translate, locale?: string): string {
  const list = t('lookup.resource', { resource: problem.resource });
  const count = (value: number) => new Intl.NumberFormat(locale).format(value);
  switch (problem.kind) {
    case 'failed':
      return describeApiError(problem.error, t);
    case 'retrying':
      return `${describeApiError(problem.error, t)} ${t('lookup.problem.retrying', { attempt: problem.attempt, of: problem.of })}`;
    case 'unexpected':
      return t('lookup.problem.unexpected', { detail: problem.detail });
    case 'incomplete':
      return t('lookup.problem.incomplete', { list, detail: problem.detail });
    case 'stale':
      return t('lookup.problem.stale', { list });
    case 'missing-field':
      return t('lookup.problem.missingField', {
        list,
        missing: count(problem.missing),
        total: count(problem.total),
        field: problem.field,
        seen: problem.seen || t('lookup.problem.noFields'),
      });
  }
}
