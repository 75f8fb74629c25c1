/** Typed client for the ten read-only operations of the debtors contract. */
import type {
  AdvanceClient,
  AdvanceTransaction,
  AdvanceTransactionDetail,
  ClientBank,
  ClientDelta,
  ClientGroup,
  CreditBureauScore,
  CreditScore,
  Debtor,
  Nickname,
} from '../../shared/api/types.ts';
import { ApiError } from './api-error.ts';
import type { HttpClient } from './http-client.ts';
import { readList, ShapeError, type RecordSpec, type Tolerant } from './tolerant-read.ts';

export interface SinceFilter {
  /** Only records with modifiedAt at or after this instant. */
  startingDateTime?: Date;
  signal?: AbortSignal;
}

export interface TransactionFilter {
  clientKey?: string;
  /** YYYY-MM-DD, inclusive. */
  startDate?: string;
  endDate?: string;
  signal?: AbortSignal;
}

type List<T> = Promise<Array<Tolerant<T>>>;

export interface DebtorsClient {
  debtors(filter?: SinceFilter): List<Debtor>;
  clientBanks(filter?: SinceFilter): List<ClientBank>;
  clientGroups(filter?: SinceFilter): List<ClientGroup>;
  clientDelta(filter?: SinceFilter): List<ClientDelta>;
  creditScores(filter?: SinceFilter): List<CreditScore>;
  creditBureauScores(filter?: SinceFilter): List<CreditBureauScore>;
  nicknames(options?: { signal?: AbortSignal }): List<Nickname>;
  advanceClients(filter?: SinceFilter): List<AdvanceClient>;
  advanceTransactions(filter?: TransactionFilter): List<AdvanceTransaction>;
  advanceTransactionDetails(transKey?: string, options?: { signal?: AbortSignal }): List<AdvanceTransactionDetail>;
}

const dated = ['modifiedAt'] as const;
const specs = {
  debtors: { key: 'debtorKey', instants: dated, numbers: ['creditLimit'] },
  clientBanks: { key: 'clientKey', instants: dated },
  clientGroups: { key: 'clientKey', instants: dated },
  clientDelta: { key: 'clientKey', instants: dated },
  creditScores: { key: 'debtorKey', instants: ['modifiedAt', 'calculatedAt'], numbers: ['score', 'daysBeyondTerms'] },
  creditBureauScores: { key: 'debtorKey', instants: dated, numbers: ['bureauScore', 'riskClass'] },
  nicknames: { key: 'debtorKey', required: ['nickname'], instants: dated },
  advanceClients: { key: 'clientKey', instants: dated, numbers: ['advanceRate', 'creditLine'] },
  transactions: { key: 'transKey', instants: dated, numbers: ['amount'] },
  transactionDetails: { key: 'transKey', instants: dated, numbers: ['amount', 'lineNo'] },
} satisfies Record<string, RecordSpec>;

export function createDebtorsClient(http: HttpClient): DebtorsClient {
  const { service, environment } = http.options;

  async function list<T>(
    path: string,
    operation: string,
    spec: RecordSpec,
    query: Record<string, string | undefined>,
    signal?: AbortSignal,
  ): List<T> {
    const response = await http.request({ method: 'GET', path, operation, query, signal });
    try {
      return readList<T>(response.body, spec, operation);
    } catch (error) {
      if (!(error instanceof ShapeError)) throw error;
      throw new ApiError({ kind: 'bad-response', service, environment, operation, reason: error.message });
    }
  }
  const since = (filter: SinceFilter = {}) => ({ startingDateTime: filter.startingDateTime?.toISOString() });

  return {
    debtors: (filter) => list('Debtors', 'debtors', specs.debtors, since(filter), filter?.signal),
    clientBanks: (filter) => list('Debtors/ClientBanks', 'client banks', specs.clientBanks, since(filter), filter?.signal),
    clientGroups: (filter) => list('Debtors/ClientGroups', 'client groups', specs.clientGroups, since(filter), filter?.signal),
    clientDelta: (filter) =>
      list('Debtors/ClientDelta', 'client delta changes', specs.clientDelta, since(filter), filter?.signal),
    creditScores: (filter) => list('Debtors/CreditScore', 'credit scores', specs.creditScores, since(filter), filter?.signal),
    creditBureauScores: (filter) =>
      list('Debtors/CreditBureau', 'credit bureau scores', specs.creditBureauScores, since(filter), filter?.signal),
    nicknames: (options) => list('Debtors/Nicknames', 'nicknames', specs.nicknames, {}, options?.signal),
    advanceClients: (filter) => list('Advance/Clients', 'Advance clients', specs.advanceClients, since(filter), filter?.signal),
    advanceTransactions: (filter = {}) =>
      list(
        'Advance/TxHistory',
        'Advance transaction history',
        specs.transactions,
        { clientKey: filter.clientKey, startDate: filter.startDate, endDate: filter.endDate },
        filter.signal,
      ),
    advanceTransactionDetails: (transKey, options) =>
      list(
        'Advance/TxHistoryDetails',
        transKey ? `details of transaction ${transKey}` : 'transaction details',
        specs.transactionDetails,
        { transKey },
        options?.signal,
      ),
  };
}
