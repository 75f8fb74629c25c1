/**
 * The debtor lookup window's state: the search and its answer, the selection and its details, the
 * sync status, and the calls that change them. Late answers never win over newer ones. The
 * component only draws it and handles keys.
 */
import { isPurposeAsked } from '../../src-main/shared/ipc/contract.ts';
import type {
  AppInfo,
  ClientBook,
  DebtorDetail,
  ExportRequest,
  PurposeAsk,
  LookupPage,
  ComparedDebtor,
  LookupRow,
  LookupSort,
  LookupSortKey,
  LookupStatus,
  RememberedView,
  WatchRules,
} from '../../src-main/shared/ipc/contract.ts';
import { formatAgoInMinutes } from '../../src-main/shared/moments.ts';
import { api } from '../lib/api.ts';
import { errorMessage, words } from '../lib/words.svelte.ts';

/** "3 min ago" moves on while the window is open. */
const CLOCK_TICK_MS = 30_000;
/** Debtors compared side by side at most: more would not fit beside the results. */
export const COMPARE_MAX = 4;
/** A debtor shown this long counts as looked at (arrowing past rows does not). */
const VIEW_REST_MS = 1_500;

export class LookupState {
  info = $state<AppInfo | null>(null);
  status = $state<LookupStatus | null>(null);
  text = $state('');
  sort = $state<LookupSort>({ key: 'relevance', descending: false });
  page = $state<LookupPage | null>(null);
  /** What `page` answers: the box may already hold more letters while their search is on its way. */
  pageQuery = $state('');
  selected = $state(-1);
  detail = $state<DebtorDetail | null>(null);
  problem = $state<string | null>(null);
  exported = $state<string | null>(null);
  now = $state(Date.now());
  /** Debtors chosen for the comparison (at most four), in the order chosen. */
  comparing = $state<LookupRow[]>([]);
  /** The comparison open beside the results (fresh rows of those debtors), or null. */
  comparison = $state<ComparedDebtor[] | null>(null);
  /** Why the debtor is opened must be said first (IT's policy): for which debtor, and what to offer. */
  /** `focusTurn` grows each time the question is to take the focus (Enter, not the arrows); 0: never yet. */
  purposeAsked = $state<{ debtorKey: string; name: string; ask: PurposeAsk; changing: boolean; focusTurn: number } | null>(null);
  purposeProblem = $state<string | null>(null);
  /** A client's whole book, shown over the results and details; null: none. */
  book = $state<ClientBook | null>(null);
  /** Pinned and recent debtors, remembered on this computer. */
  remembered = $state<RememberedView | null>(null);
  private searchToken = 0;
  private detailToken = 0;
  private viewTimer: ReturnType<typeof setTimeout> | undefined;

  countText = $derived(
    this.page ? words.t('lookup.count', { count: this.page.total, query: this.pageQuery.trim() || 'none' }) : '',
  );
  syncText = $derived.by(() => {
    const status = this.status;
    if (!status) return '';
    const { t } = words;
    if (status.state === 'loading' && status.progress) return t('lookup.loadingProgress', status.progress);
    return t('lookup.syncLine', {
      count: status.counts.debtors,
      synced: status.syncedAt ? 'yes' : 'no',
      ago: status.syncedAt ? formatAgoInMinutes(this.now - Date.parse(status.syncedAt), t) : '',
    });
  });

  search = async () => {
    const token = ++this.searchToken;
    const query = this.text;
    const sort = query.trim() === '' && this.sort.key === 'relevance' ? ({ key: 'name', descending: false } as const) : this.sort;
    try {
      const next = await api.lookupSearch(query, sort);
      if (token !== this.searchToken) return; // an older keystroke answered late
      this.page = next;
      this.pageQuery = query;
      this.selected = next.total > 0 ? 0 : -1;
    } catch (error) {
      this.problem = errorMessage(error);
    }
  };

  /** Shows a debtor's details, or asks why it is opened where that must be said first (`byKey`: Enter, which focuses the question). */
  open = async (row: Pick<LookupRow, 'debtorKey' | 'name'> | undefined, byKey = false) => {
    if (!row) return;
    const token = ++this.detailToken;
    try {
      const next = await api.lookupDetail(row.debtorKey);
      if (token !== this.detailToken) return; // a slower answer for an earlier row never wins
      clearTimeout(this.viewTimer);
      if (isPurposeAsked(next)) return this.askPurpose(row, next.purposeAsked, byKey);
      this.purposeAsked = null;
      this.detail = next;
      if (next) this.viewTimer = setTimeout(() => void this.viewed(row.debtorKey, token), VIEW_REST_MS);
    } catch (error) {
      this.problem = errorMessage(error);
    }
  };

  private askPurpose(row: Pick<LookupRow, 'debtorKey' | 'name'>, ask: PurposeAsk, focus: boolean, changing = false) {
    this.detail = null;
    const same = this.purposeAsked?.debtorKey === row.debtorKey;
    if (!same) this.purposeProblem = null;
    const focusTurn = focus ? (same ? (this.purposeAsked?.focusTurn ?? 0) : 0) + 1 : 0;
    this.purposeAsked = { debtorKey: row.debtorKey, name: row.name, ask, changing, focusTurn };
  }

  /** The analyst said why: the debtor is shown (or the policy's refusal said). */
  givePurpose = async (purpose: string) => {
    const asked = this.purposeAsked;
    if (!asked) return;
    const ok = await api.lookupPurpose(asked.debtorKey, purpose).catch((error: unknown) => {
      this.purposeProblem = errorMessage(error);
      return null;
    });
    if (ok === null) return;
    if (!ok) return void (this.purposeProblem = words.t('lookup.purpose.refused', { kind: asked.ask.kind }));
    this.purposeProblem = null;
    this.purposeAsked = null;
    await this.open(asked);
  };

  /** Another purpose from now on (the one in use is offered first). */
  changePurpose = () => {
    const purpose = this.detail?.purpose;
    const key = this.detail?.debtor.debtorKey;
    if (!purpose || typeof key !== 'string') return;
    this.askPurpose({ debtorKey: key, name: String(this.detail?.debtor.name ?? key) }, purpose.ask, true, true);
  };

  /** Changing the purpose given up: the debtor again, as it was. */
  keepPurpose = async () => {
    const asked = this.purposeAsked;
    this.purposeAsked = null;
    if (asked) await this.open(asked);
  };

  /** Still on this debtor: it is remembered as looked at (its "changed" mark goes). */
  private async viewed(debtorKey: string, token: number) {
    if (token === this.detailToken) this.remembered = await api.lookupViewed(debtorKey);
  }

  /** Pins or unpins the debtor shown. */
  pin = async (on: boolean) => {
    const detail = this.detail;
    const key = detail?.debtor.debtorKey;
    if (!detail?.memory || typeof key !== 'string') return;
    this.remembered = await api.lookupPin(key, on);
    if (this.detail === detail) this.detail = { ...detail, memory: { ...detail.memory, pinned: on } };
  };

  /** What the shown (pinned) debtor's notice fires on: for it alone, or for all pinned debtors. */
  setRules = async (rules: WatchRules, scope: 'debtor' | 'all') => {
    const detail = this.detail;
    const key = detail?.debtor.debtorKey;
    if (!detail?.memory || typeof key !== 'string') return;
    const kept = await api.lookupWatchRules(key, rules, scope);
    if (this.detail === detail) this.detail = { ...detail, memory: { ...detail.memory, ...kept } };
  };

  /** Adds the selected row to the comparison, or takes it out (Ctrl+Enter, or the details' button). */
  toggleCompare = async () => {
    const page = this.page;
    const selected = this.selected;
    if (!page || selected < 0) return;
    const row = selected < page.rows.length ? page.rows[selected] : (await api.lookupRows(page.resultId, selected, 1)).rows[0];
    if (!row) return;
    const chosen = this.comparing.some((other) => other.debtorKey === row.debtorKey);
    if (!chosen && this.comparing.length >= COMPARE_MAX) {
      this.problem = words.t('lookup.compare.full', { max: COMPARE_MAX });
      return;
    }
    this.problem = null;
    this.comparing = chosen ? this.comparing.filter((other) => other.debtorKey !== row.debtorKey) : [...this.comparing, row];
  };

  uncompare = (debtorKey: string) => {
    this.comparing = this.comparing.filter((row) => row.debtorKey !== debtorKey);
    if (this.comparison) void this.openComparison();
  };

  /** Two to four debtors side by side, their figures as they are now. */
  openComparison = async () => {
    if (this.comparing.length < 2) return void (this.comparison = null);
    try {
      this.comparison = await api.lookupCompare(this.comparing.map((row) => row.debtorKey));
    } catch (error) {
      this.problem = errorMessage(error);
    }
  };

  /** A pinned or recent debtor chosen: found by its key, which ranks it first and selects it. */
  choose = (debtorKey: string) => {
    this.text = debtorKey;
    void this.search();
  };

  /** No details: none selected, or the results are empty. Answers on their way are dropped. */
  closeDetail() {
    this.detailToken++;
    this.detail = null;
    this.purposeAsked = null;
  }

  /** `byKey`: Enter, not the selection moving (a question asked takes the focus then). */
  openSelected = async (byKey = false) => {
    const page = this.page;
    const selected = this.selected;
    if (!page || selected < 0) return;
    const { rows } = selected < page.rows.length ? page : await api.lookupRows(page.resultId, selected, 1);
    await this.open(selected < page.rows.length ? rows[selected] : rows[0], byKey);
  };

  setSort = (key: LookupSortKey) => {
    this.sort =
      this.sort.key === key
        ? { key, descending: !this.sort.descending }
        : { key, descending: key === 'score' || key === 'bureauScore' || key === 'modifiedAt' };
    void this.search();
  };

  refresh = async (full = false) => {
    this.problem = null;
    try {
      this.status = await api.lookupRefresh(full);
      await this.search();
    } catch (error) {
      this.problem = errorMessage(error);
    }
  };

  exportResults = async () => {
    if (this.page) await this.saveCsv({ kind: 'lookup', resultId: this.page.resultId });
  };

  private async saveCsv(request: ExportRequest) {
    try {
      this.exported = (await api.exportCsv(request)).savedTo;
    } catch (error) {
      this.problem = errorMessage(error);
    }
  }

  /** A client's whole book, over the results; said when no debtor of the client is known. */
  openBook = async (clientKey: string) => {
    try {
      const book = await api.lookupBook(clientKey);
      this.problem = book ? null : words.t('lookup.book.none', { client: clientKey });
      this.book = book;
    } catch (error) {
      this.problem = errorMessage(error);
    }
  };

  exportBook = async () => {
    if (this.book) await this.saveCsv({ kind: 'book', clientKey: this.book.clientKey });
  };

  /** A debtor of the book chosen: back to the results, found by its key. */
  chooseFromBook = (debtorKey: string) => {
    this.book = null;
    this.choose(debtorKey);
  };

  /** Who opened the debtor shown, from the access record on this computer, as CSV. */
  exportAccess = async () => {
    const key = this.detail?.debtor.debtorKey;
    if (typeof key === 'string') await this.saveCsv({ kind: 'access', debtorKey: key });
  };

  /** A new status from the core: search again when a load ends, or once the names are indexed mid-load. */
  private statusChanged(value: LookupStatus) {
    const before = this.status;
    this.status = value;
    // The worker answers from the names while the other lists still load.
    const loadEnded = value.state === 'ready' && before?.state === 'loading';
    const namesIn = value.state === 'loading' && value.indexed !== before?.indexed;
    if (loadEnded || namesIn) void this.search();
    if (loadEnded || (value.state === 'ready' && value.syncedAt !== before?.syncedAt))
      void api.lookupRemembered().then((next) => (this.remembered = next)); // a sync may have changed a pinned debtor
    if (value.state === 'empty') this.page = null;
  }

  /** Opens the lookup (a first load starts) and follows the core's events; returns the way to stop. */
  connect(): () => void {
    void api.getAppInfo().then((value) => (this.info = value));
    api.lookupOpen().then(
      (value) => {
        this.status = value;
        void this.search();
        void api.lookupRemembered().then((next) => (this.remembered = next));
      },
      (error: unknown) => (this.problem = errorMessage(error)),
    );
    const ticker = setInterval(() => (this.now = Date.now()), CLOCK_TICK_MS);
    const stops = [
      api.onLookupChanged((value) => this.statusChanged(value)),
      api.onEnvironmentsChanged((value) => {
        const switched = value.environment.id !== this.info?.environment.id;
        this.info = value;
        if (!switched) return; // a rename (the Mock's, in a new language) keeps the data and the details
        this.detail = null;
        void api.lookupOpen().then((next) => ((this.status = next), void this.search()));
        void api.lookupRemembered().then((next) => (this.remembered = next));
      }),
    ];
    return () => {
      clearInterval(ticker);
      clearTimeout(this.viewTimer);
      stops.forEach((stop) => stop());
    };
  }
}
