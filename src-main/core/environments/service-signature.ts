/**
 * Whether anything at a base URL looks like the service: when the connection test's first request
 * is answered 404 or with a web page, a few of the service's routes are asked too. If every one
 * answers so, the address is wrong, and that is said once — what was tried and what to check —
 * instead of a "not found" per operation.
 */
import type { OperationName, ServiceName } from '../../shared/domain/api-problem.ts';
import { ApiError } from '../api/api-error.ts';
import type { HttpClient } from '../api/http-client.ts';
import { lastEventPath } from '../api/timeclock-client.ts';

/** What answered in place of the service: 404s, or web pages (a portal, a login page, a catch-all). */
export type Absence = 'notFound' | 'webPage';

/** A failure that says the route is not there (rather than that the service failed). */
export function absenceOf(error: unknown): Absence | null {
  if (!(error instanceof ApiError)) return null;
  if (error.kind === 'not-found') return 'notFound';
  // A sign-in page is the company's sign-in in front of the service, not a sign that the service is elsewhere.
  if (error.notReached) return null;
  if (error.kind === 'bad-response' && /\(text\/html\b|“\s*<(!doctype|html)/i.test(error.facts.reason ?? '')) return 'webPage';
  return null;
}

const ROUTES: Record<ServiceName, (employeeId: string) => Array<[string, OperationName]>> = {
  timeclock: (employeeId) => [
    ['health-check', 'sourceHealth'],
    ['health', 'targetHealth'],
    [lastEventPath(employeeId || 'E1'), 'lastEvent'],
  ],
  debtors: () => [
    ['Debtors', 'debtors'],
    ['Debtors/Nicknames', 'nicknames'],
    ['Advance/Clients', 'advanceClients'],
  ],
};

/** The route an operation of the connection test asks (for the address a moved service gives). */
export function routeOf(operation: OperationName, employeeId: string): string {
  const route = [...ROUTES.timeclock(employeeId), ...ROUTES.debtors(employeeId)].find(([, named]) => named === operation);
  return route?.[0] ?? '';
}

/** The routes tried, when every one answered 404 or a web page; null when any looks like the service. */
export async function missingService(
  http: HttpClient,
  service: ServiceName,
  employeeId: string,
): Promise<{ tried: string[]; absence: Absence } | null> {
  const routes = ROUTES[service](employeeId);
  // In turn, and no further than the first route that is there: a gateway may limit bursts.
  const answers: Absence[] = [];
  for (const [path, operation] of routes) {
    const absence = await http.request({ method: 'GET', path, operation, retry: false }).then(
      () => null,
      (error: unknown) => absenceOf(error),
    );
    if (absence === null) return null;
    answers.push(absence);
  }
  const base = http.options.baseUrl.replace(/\/+$/, '');
  return {
    tried: routes.map(([path]) => `${base}/${path}`),
    absence: answers.includes('webPage') ? 'webPage' : 'notFound',
  };
}
