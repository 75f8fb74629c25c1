/** The debtor lookup's requests: search, a debtor, what is remembered, Advance, and CSV exports. */
import type { LookupRequests } from '../../../shared/ipc/contract.ts';
import { localDayKey } from '../../../shared/moments.ts';
import type { AppCore } from '../../app-core.ts';
import { checkTransactionRange, summarise, TRANSACTION_CSV_COLUMNS, transactionsCsv } from '../../lookup/advance.ts';
import { DEBTOR_CSV_COLUMNS } from '../../lookup/lookup-reader.ts';
import { ACCESS_CSV_COLUMNS, accessCsv } from '../../lookup/access-export.ts';
import { csvStyleFor } from '../../util/csv.ts';
import { safeFileName } from '../../util/file-name.ts';
import { InvalidRequestError } from '../dispatch.ts';
import { ApiError } from '../../api/api-error.ts';
import type { DebtorsClient } from '../../api/debtors-client.ts';
import { missingService } from '../../environments/service-signature.ts';
import type { ShellPort } from '../shell-port.ts';

/** "Since" for Advance clients: a calendar day means its start; anything else must be an instant. */
function sinceDate(since: string): Date {
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(since) ? `${since}T00:00:00Z` : since);
  if (Number.isNaN(date.getTime())) throw new InvalidRequestError(`"${since}" is not a date; write it like 2026-03-31.`);
  return date;
}

/**
 * An Advance view's request: a "not found" where nothing of the debtors service answers at all is
 * a wrong base URL, said in the same words as health and the lookup — not "found nothing".
 */
async function advance<T>(core: AppCore, call: (debtors: DebtorsClient) => Promise<T>): Promise<T> {
  const clients = core.clients();
  try {
    return await call(clients.debtors);
  } catch (error) {
    if (!(error instanceof ApiError) || error.kind !== 'not-found') throw error;
    const missing = await missingService(clients.http.debtors, 'debtors', core.activeEnvironment().employeeId);
    throw missing ? new ApiError({ ...error.facts, wrongBaseUrl: true }, core.translator().t) : error;
  }
}

export function lookupHandlers(core: AppCore, shell: ShellPort): LookupRequests {
  return {
    lookupOpen: () => core.lookup.ensureLoaded(),
    lookupRefresh: (full) => core.lookup.refresh(full),
    lookupSearch: (text, sort) => core.lookup.search(text, sort),
    lookupRows: (resultId, offset, limit) => core.lookup.rows(resultId, offset, limit),
    lookupDetail: (debtorKey) => core.lookup.open(debtorKey),
    lookupPurpose: async (debtorKey, purpose) => core.lookup.purpose(debtorKey, purpose),
    lookupRemembered: () => core.lookup.remembered(),
    lookupViewed: (debtorKey) => core.lookup.viewed(debtorKey),
    lookupPin: (debtorKey, pinned) => core.lookup.pin(debtorKey, pinned),
    lookupWatchRules: (debtorKey, rules, scope) => core.lookup.watchRules(debtorKey, rules, scope),
    lookupCompare: (debtorKeys) => core.lookup.compare(debtorKeys),
    advanceClients: (since) =>
      advance(core, (debtors) => debtors.advanceClients(since ? { startingDateTime: sinceDate(since) } : {})),
    async advanceTransactions(range) {
      const { t, locale } = core.translator();
      const errors = checkTransactionRange(range, t, locale.formats);
      if (Object.keys(errors).length > 0) return { ok: false, errors };
      return { ok: true, view: summarise(await advance(core, (debtors) => debtors.advanceTransactions(range))) };
    },
    advanceTransactionDetails: (transKey) => advance(core, (debtors) => debtors.advanceTransactionDetails(transKey.trim())),
    async exportCsv(request) {
      const day = localDayKey(core.now());
      // Headers in the user's words, cells as their spreadsheet reads them (see util/csv.ts).
      const { t, locale } = core.translator();
      const style = csvStyleFor(locale.formats);
      if (request.kind === 'lookup') {
        const header = DEBTOR_CSV_COLUMNS.map((column) => t(`csv.${column}`));
        const csv = await core.lookup.csv(request.resultId, header, style);
        return { savedTo: await shell.saveFile(`${t('file.stem', { what: 'debtors' })}-${day}.csv`, csv, t('csv.fileKind')) };
      }
      if (request.kind === 'access') {
        const { entries, names } = await core.lookup.accessRecord(request.debtorKey);
        const header = ACCESS_CSV_COLUMNS.map((column) => t(`csv.${column}`));
        const csv = accessCsv({ entries, names, header, viaWord: (via) => t('csv.openedVia', { via }), style });
        const debtor = request.debtorKey === undefined ? '' : `-${request.debtorKey}`;
        const name = safeFileName(`${t('file.stem', { what: 'access' })}${debtor}-${day}.csv`);
        return { savedTo: await shell.saveFile(name, csv, t('csv.fileKind')) };
      }
      const errors = checkTransactionRange(request, t, locale.formats);
      if (Object.keys(errors).length > 0) throw new InvalidRequestError(Object.values(errors).join(' '));
      const view = summarise(await core.clients().debtors.advanceTransactions(request));
      const header = TRANSACTION_CSV_COLUMNS.map((column) => t(`csv.${column}`));
      const csv = transactionsCsv(view, header, style);
      // The client key comes from a window: it goes into the name only as a harmless segment.
      const client = request.clientKey === undefined ? '' : `-${request.clientKey}`;
      const name = safeFileName(`${t('file.stem', { what: 'transactions' })}${client}-${day}.csv`);
      return { savedTo: await shell.saveFile(name, csv, t('csv.fileKind')) };
    },
  };
}
