/** The debtor lookup's requests: search, a debtor, what is remembered, Advance, and CSV exports. */
import type { LookupRequests } from '../../../shared/ipc/contract.ts';
import { localDayKey } from '../../../shared/moments.ts';
import type { AppCore } from '../../app-core.ts';
import { checkTransactionRange, summarise } from '../../lookup/advance.ts';
import { exportFileOf } from './lookup-exports.ts';
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
      // Headers in the user's words, cells as their spreadsheet reads them (see util/csv.ts).
      const { t, locale } = core.translator();
      const file = await exportFileOf(core, request, { t, formats: locale.formats }, csvStyleFor(locale.formats));
      const of = file.of === undefined ? '' : `-${file.of}`;
      const name = safeFileName(`${t('file.stem', { what: file.what })}${of}-${localDayKey(core.now())}.csv`);
      return { savedTo: await shell.saveFile(name, file.csv, t('csv.fileKind')) };
    },
    lookupBook: (clientKey) => core.lookup.book(clientKey.trim()),
  };
}
