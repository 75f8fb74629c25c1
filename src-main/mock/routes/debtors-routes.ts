/** The ten read-only operations of the debtors contract (docs/api/debtors.openapi.yaml). */
import { isCalendarDay, parseInstant } from '../../shared/moments.ts';
import type { DebtorsDataset } from '../data/generate-debtors.ts';
import type { Dated } from '../data/modified-order.ts';
import type { FaultState } from '../faults.ts';
import { guarded, type RequestContext } from '../http/pipeline.ts';
import { sendCachedJsonArray, sendError, sendJsonArray } from '../http/respond.ts';
import type { Routes } from './timeclock-routes.ts';

export interface DebtorsRouteDeps {
  dataset: () => DebtorsDataset;
  /** Changes whenever the data set changes: cached bodies of unfiltered lists are then stale. */
  version: () => number;
  /** The records of a list changed since an ISO instant, from the mock's index on `modifiedAt`. */
  changedSince: <T extends Dated>(list: readonly T[], since: string) => T[];
  faults: () => FaultState;
  random: () => number;
}

export function debtorsRoutes(deps: DebtorsRouteDeps): Routes {
  const guard = { service: 'debtors' as const, faults: () => deps.faults().services.debtors, random: deps.random };

  /** A list filtered by `startingDateTime` (modifiedAt >= it), the rule of most routes. */
  const bodies = new Map<string, { version: number; body: Buffer }>();
  const sinceList = (pick: (set: DebtorsDataset) => readonly Dated[]) =>
    guarded(guard, async (context) => {
      const since = readInstantParam(context, 'startingDateTime');
      if (since === undefined) return;
      const items = pick(deps.dataset());
      if (since === null) return sendCachedJsonArray(context.res, bodies, context.req.url ?? '', deps.version(), items);
      await sendJsonArray(context.res, deps.changedSince(items, since));
    });

  return [
    { method: 'GET', path: '/Debtors', handler: sinceList((set) => set.debtors) },
    { method: 'GET', path: '/Debtors/ClientBanks', handler: sinceList((set) => set.clientBanks) },
    { method: 'GET', path: '/Debtors/ClientGroups', handler: sinceList((set) => set.clientGroups) },
    { method: 'GET', path: '/Debtors/ClientDelta', handler: sinceList((set) => set.clientDeltas) },
    { method: 'GET', path: '/Debtors/CreditScore', handler: sinceList((set) => set.creditScores) },
    { method: 'GET', path: '/Debtors/CreditBureau', handler: sinceList((set) => set.bureauScores) },
    { method: 'GET', path: '/Advance/Clients', handler: sinceList((set) => set.advanceClients) },
    {
      method: 'GET',
      path: '/Debtors/Nicknames',
      handler: guarded(guard, ({ req, res }) =>
        sendCachedJsonArray(res, bodies, req.url ?? '', deps.version(), deps.dataset().nicknames, req.headers['if-none-match']),
      ),
    },
    {
      method: 'GET',
      path: '/Advance/TxHistory',
      handler: guarded(guard, async (context) => {
        const startDate = readDayParam(context, 'startDate');
        const endDate = startDate === undefined ? undefined : readDayParam(context, 'endDate');
        if (startDate === undefined || endDate === undefined) return;
        if (startDate !== null && endDate !== null && startDate > endDate) {
          return sendError(context.res, 400, 'bad_request', `startDate (${startDate}) is after endDate (${endDate}).`, {
            field: 'startDate',
          });
        }
        const clientKey = context.query.get('clientKey');
        const matches = deps
          .dataset()
          .transactions.filter(
            (tx) =>
              (clientKey === null || tx.clientKey === clientKey) &&
              (startDate === null || tx.transDate >= startDate) &&
              (endDate === null || tx.transDate <= endDate),
          );
        await sendJsonArray(context.res, matches);
      }),
    },
    {
      method: 'GET',
      path: '/Advance/TxHistoryDetails',
      handler: guarded(guard, async ({ res, query }) => {
        const transKey = query.get('transKey');
        const lines = deps.dataset().transactionDetails;
        await sendJsonArray(res, transKey === null ? lines : lines.filter((line) => line.transKey === transKey));
      }),
    },
  ];
}

/** The canonical ISO string of an instant parameter; null when absent; undefined after a 400. */
function readInstantParam({ res, query }: RequestContext, name: string): string | null | undefined {
  const raw = query.get(name);
  if (raw === null || raw === '') return null;
  const ms = parseInstant(raw);
  if (ms !== null) return new Date(ms).toISOString();
  sendError(
    res,
    400,
    'bad_request',
    `${name} must be an ISO 8601 date-time with a time zone, e.g. 2026-03-02T08:00:00Z; got "${raw}".`,
    { field: name },
  );
  return undefined;
}

function readDayParam({ res, query }: RequestContext, name: string): string | null | undefined {
  const raw = query.get(name);
  if (raw === null || raw === '') return null;
  if (isCalendarDay(raw)) return raw;
  sendError(res, 400, 'bad_request', `${name} must be a calendar date written YYYY-MM-DD; got "${raw}".`, { field: name });
  return undefined;
}
