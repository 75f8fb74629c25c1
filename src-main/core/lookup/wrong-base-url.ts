/**
 * A lookup whose every list was "not found" is not a service missing its records: nothing of the
 * service is at that address, so the base URL is wrong — said so on each list, not as five
 * separate 404s.
 */
import type { LookupProblem } from '../../shared/domain/lookup.ts';

export function withWrongBaseUrl(problems: LookupProblem[], attempted: number): LookupProblem[] {
  const notFound = problems.filter((problem) => problem.kind === 'failed' && problem.error.kind === 'not-found');
  if (attempted < 2 || notFound.length !== attempted || problems.length !== attempted) return problems;
  return problems.map((problem) =>
    problem.kind === 'failed' ? { ...problem, error: { ...problem.error, wrongBaseUrl: true as const } } : problem,
  );
}
