/**
 * The debtor lookup's requests and what it shows: results, a debtor, what is remembered, Advance, export.
 */
import * as v from 'valibot';
import type { AdvanceClient, AdvanceTransactionDetail } from '../api/types.ts';
import type { FieldErrors } from '../domain/environments.ts';
import type { LookupCacheProblem, LookupProblem, Tolerant, TransactionsView } from '../domain/lookup.ts';
import { count, debtorKey, text } from './request-args.ts';

export interface RowMatch {
  via: 'name' | 'nickname' | 'key' | 'near';
  nickname?: string;
  ranges: Array<[number, number]>;
}

/** One debtor in the lookup's results. */
export interface LookupRow {
  debtorKey: string;
  name: string;
  city: string | null;
  state: string | null;
  street: string | null;
  postalCode: string | null;
  /** Another debtor has the same name: the row shows its street and postal code to tell them apart. */
  namesake: boolean;
  /** The debtor's status as the service writes it (active, inactive, hold…). */
  status: string | null;
  creditLimit: number | null;
  /** Why it matched what was typed; null with nothing typed. */
  match: RowMatch | null;
  score: number | null;
  grade: string | null;
  bureauScore: number | null;
  riskClass: number | null;
  modifiedAt: string | null;
}

/** A debtor in the comparison: its row and the record as the service sent it (every field, to find what differs). */
export interface ComparedDebtor extends LookupRow {
  fields: Record<string, unknown>;
}

export type LookupSortKey = 'relevance' | 'name' | 'debtorKey' | 'score' | 'bureauScore' | 'modifiedAt';
export interface LookupSort {
  key: LookupSortKey;
  descending: boolean;
}

export interface LookupPage {
  /** Ask for more rows of this result with lookupRows. */
  resultId: number;
  total: number;
  /** Nothing found: what was typed with unknown words spelled as the data spells them ("did you mean"). */
  suggestion?: string | null;
  offset: number;
  rows: LookupRow[];
}

export interface LookupStatus {
  state: 'empty' | 'loading' | 'ready';
  /** The lists kept on disk could not be used, and why (they are loaded afresh); null otherwise. */
  cacheProblem?: LookupCacheProblem | null;
  environmentName: string;
  /** During a load: resources done out of all. */
  progress: { done: number; total: number } | null;
  syncedAt: string | null;
  counts: { debtors: number; creditScores: number; bureauScores: number; nicknames: number };
  /** Debtors the search answers from: during a first load it is set once the names are in. */
  indexed: number;
  /** Lists that failed or came in partial in the last sync (and, during a load, those being tried again). */
  problems: LookupProblem[];
}

/** Why what the lookup remembers is not as kept: only for this session (no secure storage), or unreadable (started afresh). */
export type RememberedNotice = 'session' | 'unreadable';

export interface RememberedDebtor {
  debtorKey: string;
  name: string;
  /** Its scores or status changed since the analyst last looked. */
  changed: boolean;
}

/** The debtors looked at lately (newest first) and the pinned ones, on this computer. */
export interface RememberedView {
  recent: RememberedDebtor[];
  pinned: RememberedDebtor[];
  notice: RememberedNotice | null;
}

/** What a pinned debtor's notice fires on (core/lookup/watch-rules.ts); null: that rule is off. */
export interface WatchRules {
  anyChange: boolean;
  /** A drop of at least this many points of either score. */
  scoreDrop: number | null;
  bandCrossed: boolean;
  statusChange: boolean;
  /** The credit limit used beyond this share, per cent. */
  limitUse: number | null;
}

/** What the lookup remembers of one debtor: pinned, what changed since last looked at, its figures over time. */
export interface DebtorMemory {
  pinned: boolean;
  /** What its notice fires on, and whether those are its own rules or those for all pinned debtors. */
  rules: WatchRules;
  ownRules: boolean;
  /** ISO instant of the last look; null the first time. */
  seenAt: string | null;
  changes: Array<{
    field: 'score' | 'grade' | 'bureauScore' | 'riskClass' | 'status' | 'limitUse';
    was: string | number | null;
    is: string | number | null;
  }>;
  history: Array<{ at: string; score: number | null; bureauScore: number | null }>;
}

export interface DebtorDetail {
  /** Remembered on this computer (absent where nothing is remembered, e.g. in the lookup's own engine). */
  memory?: DebtorMemory;
  /** Where IT's policy asks why debtors are opened: the purpose this one was opened for, and the question that changes it. */
  purpose?: { given: string; ask: PurposeAsk };
  debtor: Record<string, unknown>;
  creditScore: Record<string, unknown> | null;
  bureauScore: Record<string, unknown> | null;
  nicknames: string[];
  /** Client delta changes of this debtor, newest first. */
  deltas: Array<Record<string, unknown>>;
  /** Bank details and back-office users of the clients in those changes. */
  banks: Array<Record<string, unknown>>;
  groups: Array<Record<string, unknown>>;
}

/** Why the debtor is opened must be said first (IT's policy): from IT's list, or in the analyst's words. */
export interface PurposeAsk {
  kind: 'list' | 'text';
  /** IT's purposes (for 'list'). */
  purposes: string[];
  /** The purpose given last in this run, offered first; null: none yet. */
  last: string | null;
}

/** A debtor's details, or what must be said before they are shown, or null when the debtor is not known. */
export type DetailAnswer = DebtorDetail | { purposeAsked: PurposeAsk } | null;

/** The details are shown only after the purpose is said. */
export const isPurposeAsked = (answer: DetailAnswer): answer is { purposeAsked: PurposeAsk } =>
  answer !== null && 'purposeAsked' in answer;

/** The details themselves (null for a debtor not known, or one whose purpose is still to be said). */
export const detailOf = (answer: DetailAnswer): DebtorDetail | null => (isPurposeAsked(answer) ? null : answer);

/** A risk band of a client's book: the score bands, and debtors without a score. */
export type BookBand = 'low' | 'moderate' | 'elevated' | 'high' | 'none';

/** One debtor of a client's book (core/lookup/client-book.ts). */
export interface BookLine {
  debtorKey: string;
  name: string;
  status: string | null;
  /** The calculated score's band, the bureau's where there is none. */
  band: BookBand;
  score: number | null;
  grade: string | null;
  bureauScore: number | null;
  creditLimit: number | null;
  /** What the debtor owes now (its open balance); null where the service sends none. */
  exposure: number | null;
  /** Its credit limit in use, whole per cent. */
  limitUse: number | null;
  /** Its share of the book's exposure (0–1). */
  share: number | null;
  /** Its share is past the concentration limit. */
  overConcentration: boolean;
}

export interface ClientBook {
  clientKey: string;
  /** Worst band first, then the largest exposure. */
  debtors: BookLine[];
  exposure: number;
  /** Debtors whose balance the service does not send: in the book, not in the shares. */
  withoutBalance: number;
  /** The book's spread by band, worst first. */
  bands: Array<{ band: BookBand; debtors: number; exposure: number; share: number | null }>;
  /** The share of the book (per cent) one debtor may hold; null: none set. */
  concentrationLimit: number | null;
}

export type TransactionsResult = { ok: true; view: TransactionsView } | { ok: false; errors: FieldErrors };
export type ExportRequest =
  | { kind: 'lookup'; resultId: number }
  | { kind: 'transactions'; clientKey?: string; startDate?: string; endDate?: string }
  /** The access record kept on this computer: of one debtor, or whole. */
  | { kind: 'access'; debtorKey?: string }
  | { kind: 'book'; clientKey: string };

export interface LookupRequests {
  /** The lookup's state; loads the data the first time. */
  lookupOpen(): Promise<LookupStatus>;
  lookupRefresh(full: boolean): Promise<LookupStatus>;
  lookupSearch(text: string, sort: LookupSort): Promise<LookupPage>;
  lookupRows(resultId: number, offset: number, limit: number): Promise<LookupPage>;
  lookupDetail(debtorKey: string): Promise<DetailAnswer>;
  /** Why this debtor is opened (see PurposeAsk); false when the policy does not take it. */
  lookupPurpose(debtorKey: string, purpose: string): Promise<boolean>;
  /** What the lookup remembers: recent and pinned debtors. */
  lookupRemembered(): Promise<RememberedView>;
  /** The analyst looked at this debtor (opened it, or rested on it): it becomes recent, what they saw is remembered. */
  lookupViewed(debtorKey: string): Promise<RememberedView>;
  lookupPin(debtorKey: string, pinned: boolean): Promise<RememberedView>;
  /** What a pinned debtor's notice fires on: for this debtor alone, or for all pinned debtors (this one's own rules then go). */
  lookupWatchRules(
    debtorKey: string,
    rules: WatchRules,
    scope: 'debtor' | 'all',
  ): Promise<{ rules: WatchRules; ownRules: boolean }>;
  /** A client's whole book: its debtors, bands, exposure and concentration; null where no debtor of it is known. */
  lookupBook(clientKey: string): Promise<ClientBook | null>;
  /** Two to four debtors side by side, in the order given (those no longer known are left out). */
  lookupCompare(debtorKeys: string[]): Promise<ComparedDebtor[]>;
  advanceClients(since: string | null): Promise<Array<Tolerant<AdvanceClient>>>;
  advanceTransactions(range: { clientKey?: string; startDate?: string; endDate?: string }): Promise<TransactionsResult>;
  advanceTransactionDetails(transKey: string): Promise<Array<Tolerant<AdvanceTransactionDetail>>>;
  /** Asks where to save (the shell's dialog); null when the user cancelled. */
  exportCsv(request: ExportRequest): Promise<{ savedTo: string | null }>;
}

export const lookupArgs = {
  lookupOpen: v.strictTuple([]),
  lookupRefresh: v.strictTuple([v.boolean()]),
  lookupSearch: v.strictTuple([
    text(200),
    v.strictObject({
      key: v.picklist(['relevance', 'name', 'debtorKey', 'score', 'bureauScore', 'modifiedAt']),
      descending: v.boolean(),
    }),
  ]),
  lookupRows: v.strictTuple([count, count, count]),
  lookupDetail: v.strictTuple([debtorKey]),
  lookupPurpose: v.strictTuple([debtorKey, v.pipe(text(200), v.title('the purpose'))]),
  lookupRemembered: v.strictTuple([]),
  lookupViewed: v.strictTuple([debtorKey]),
  lookupPin: v.strictTuple([debtorKey, v.pipe(v.boolean(), v.title('pinned'))]),
  lookupWatchRules: v.strictTuple([
    debtorKey,
    v.pipe(
      v.strictObject({
        anyChange: v.boolean(),
        scoreDrop: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100))),
        bandCrossed: v.boolean(),
        statusChange: v.boolean(),
        limitUse: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(200))),
      }),
      v.title('the watch rules'),
    ),
    v.picklist(['debtor', 'all']),
  ]),
  lookupBook: v.strictTuple([v.pipe(text(100), v.minLength(1), v.title('the client key'))]),
  lookupCompare: v.strictTuple([v.pipe(v.array(debtorKey), v.minLength(2), v.maxLength(4), v.title('the debtor keys'))]),
  advanceClients: v.strictTuple([v.nullable(text(40))]),
  advanceTransactions: v.strictTuple([
    v.strictObject({ clientKey: v.optional(text(100)), startDate: v.optional(text(40)), endDate: v.optional(text(40)) }),
  ]),
  advanceTransactionDetails: v.strictTuple([v.pipe(text(100), v.minLength(1))]),
  exportCsv: v.strictTuple([
    v.variant('kind', [
      v.strictObject({ kind: v.literal('lookup'), resultId: count }),
      v.strictObject({
        kind: v.literal('transactions'),
        clientKey: v.optional(text(100)),
        startDate: v.optional(text(40)),
        endDate: v.optional(text(40)),
      }),
      v.strictObject({ kind: v.literal('access'), debtorKey: v.optional(debtorKey) }),
      v.strictObject({ kind: v.literal('book'), clientKey: v.pipe(text(100), v.minLength(1)) }),
    ]),
  ]),
} satisfies { [K in keyof LookupRequests]: v.GenericSchema<unknown, Parameters<LookupRequests[K]>> };
