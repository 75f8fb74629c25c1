/**
 * The IPC contract: the one typed description of what a window may ask of the main process and
 * what it is told. Main and preload import it; the renderer imports its types only.
 * Arguments are validated against these schemas in the main process before any handler runs;
 * the handlers then apply the core's own rules (with field-level messages).
 * Types the contract carries are the core's, imported as types only.
 */
import * as v from 'valibot';
import type { HealthSystem } from '../api/types.ts';
import { apiProfileSchema, authSchemeSchema, type ApiProfileInput, type AuthScheme } from '../api/api-profile.ts';
import type { Preferences } from '../settings-schema.ts';
import type { AdvanceClient, AdvanceTransactionDetail } from '../api/types.ts';
import type {
  CaCertificateView,
  ConnectionReport,
  Environment,
  EnvironmentOrigin,
  FieldErrors,
  ProfileSuggestion,
  SecretStatus,
} from '../domain/environments.ts';
import type { HealthBadge, SystemState } from '../domain/health.ts';
import type { LookupCacheProblem, LookupProblem, Tolerant, TransactionsView } from '../domain/lookup.ts';
import type { AppLocale } from '../i18n/locales.ts';
import type { Catalogue } from '../i18n/translator.ts';

/** What a window needs to speak the user's language: the locale and the catalogue of its messages. */
export interface WindowMessages {
  locale: AppLocale;
  messages: Catalogue;
}

export type {
  ApiProfileInput,
  AuthScheme,
  CaCertificateView,
  ConnectionReport,
  EnvironmentOrigin,
  FieldErrors,
  Preferences,
  ProfileSuggestion,
  SecretStatus,
};

export interface EnvironmentSummary {
  id: string;
  name: string;
  isMock: boolean;
  /** IT's API portal, where access is requested: linked where credentials are missing or refused. */
  accessPortalUrl?: string;
}

export interface AppInfo {
  productName: string;
  version: string;
  environment: EnvironmentSummary;
}

export type { HealthBadge, SystemState };

/** One system's health as the tray and windows show it. */
export interface HealthLine {
  system: HealthSystem;
  /** "Time recording" / "Payroll link", or the environment's own names. */
  label: string;
  state: SystemState;
  /** The colour it shows in: up (green), suspect (amber), down (red), unknown (grey). */
  tone: HealthBadge;
  /** The whole line, e.g. "Time recording — up · 142 ms · checked 12 s ago". */
  text: string;
  /** The state alone, short, for narrow places: "up · 142 ms", "down since 10:42". */
  short: string;
  /** ISO instant the state began. */
  since: string;
  latencyMs: number | null;
  /** The last problem in words (never contains a secret). */
  message: string | null;
  checkedAt: string | null;
  nextCheckAt: string | null;
}

export interface HealthStatsView {
  p50: number | null;
  p95: number | null;
  uptime: number | null;
  checks: number;
  /** How much of the window was watched: uptime is over this ("94 % over the last 3 min"). */
  watchedMs: number;
  /** The p95 latency in words against the slow threshold: fast (under half of it), fine, slow; null with no answer. */
  speed: 'fast' | 'fine' | 'slow' | null;
}

export interface SystemStatusView extends HealthLine {
  hour: HealthStatsView;
  day: HealthStatsView;
  /** How far back the chart reaches: what was watched, from 15 minutes to 24 hours. */
  chartSpanMs: number;
  /** Slowest latency per bucket (96 over `chartSpanMs`), oldest first (null: no successful check). */
  series: Array<number | null>;
  /** Per the same buckets: whether any check failed. */
  failures: boolean[];
  /** The last checks, oldest first, for the heartbeat bar (latencyMs null: it failed). */
  beats: Array<{ at: string; latencyMs: number | null }>;
}

export interface HealthStatusView {
  environmentName: string;
  /** Both systems in one line, as the tray's tooltip says it. */
  summary: string;
  /** ISO instant notifications resume, when paused. */
  notificationsPausedUntil: string | null;
  /** ISO instant the maintenance window IT set ends, while in one (no alarms meanwhile). */
  maintenanceUntil: string | null;
  systems: SystemStatusView[];
  log: Array<{
    at: string;
    system: HealthSystem;
    label: string;
    from: SystemState;
    to: SystemState;
    fromLabel: string;
    toLabel: string;
    message: string | null;
  }>;
}

/** What the user may do with a punch whose sending stopped. */
export type PunchAction = 'retry' | 'mark-sent' | 'discard';

/** A punch still on its way to the timeclock service, or stopped on the way. */
export interface PunchView {
  id: string;
  kind: 'clock-in' | 'clock-out';
  at: string;
  /** "Clock-in at 08:02 pending sync" / "Clock-out at 17:01 refused" / "… outcome unknown". */
  text: string;
  /** Why it is waiting or stopped, in a sentence. */
  reason: string | null;
  /** pending: sent automatically; stopped: waits for the user (refused, set-up problem, outcome unknown). */
  status: 'pending' | 'stopped';
  actions: PunchAction[];
}

/** "My hours": working time today and this week (weeks start on Monday), from what this computer saw. */
export interface HoursView {
  /** "3 h 12 min". */
  today: string;
  week: string;
  todayMs: number;
  weekMs: number;
  /** Today's breaks ("Take a break" to "Back from break"), when there were any: "30 min". */
  todayBreaks: string | null;
  /** This week's days with shifts, oldest first; each shift "8:02 – 12:00", "13:00 – now", and breaks between. */
  days: Array<{
    day: string;
    total: string;
    breaks: string | null;
    /**
     * Each shift under the day it began: `overMidnight` when it runs into the next day (that day's
     * total counts its part, and lists it as `continued`).
     */
    sessions: Array<{
      text: string;
      pending: boolean;
      counted: boolean;
      isBreak: boolean;
      overMidnight?: boolean;
      continued?: boolean;
    }>;
  }>;
  /** Where the figures come from, and what they leave out. */
  note: string;
  /** A running shift far longer than a working day (a clock-out forgotten): said beside the totals. */
  longShift?: string | null;
  /** Against the working-time rules and targets: "Today 6 h 12 min of 8 h", "This week 2 h over 40 h". */
  targets: string[];
  /** What the rules ask now: a break that is due or missing, the daily maximum near or passed. */
  warnings: string[];
}

export interface ClockView {
  state: 'in' | 'out' | 'unknown';
  /** ISO instant clocked in since. */
  since: string | null;
  /** The core's "now" when this view was made (ISO): a window's running timer counts on from it. */
  viewedAt: string;
  /** "Clocked in since 08:02 · 3 h 12 min", "Clocked out since 17:01", "Clock state unknown". */
  headline: string;
  /** The headline in two parts: "Clocked in" and "since 08:02 · 3 h 12 min". */
  stateLabel: string;
  detail: string;
  /** Clocked out for a break since (ISO): the button says "Back from break". */
  onBreakSince: string | null;
  /** What the button does; null when no punch is safe now (see actionHint). */
  action: 'clock-in' | 'clock-out' | null;
  /** Why there is no action, or what to set up first ("Enter your employee id in Settings…"). */
  actionHint: string | null;
  /** A punch is being sent: the button does nothing twice. */
  busy: boolean;
  employeeId: string;
  /** The employee's name: the timeclock service's, or the display name from Settings; null when neither. */
  employeeName: string | null;
  environmentName: string;
  /** What stops us knowing or acting, in full, for the Details disclosure (status, address, the server's words). */
  problem: string | null;
  /** The same in one short sentence for an employee ("The timeclock can't be reached. …"). */
  problemSummary: string | null;
  /** When the service last told us (ISO), if it is not answering now. */
  asOf: string | null;
  /** This computer's clock disagrees with the service's by minutes or more: punches carry this computer's time. */
  clockWarning: string | null;
  pending: PunchView[];
  /** Punches whose sending stopped: each says why and what the user can do. */
  stopped: PunchView[];
  /** The punch just made, while it may still be taken back ("Undo the clock-in at 08:02"), and until when (ISO). */
  undo: { label: string; until: string } | null;
  /** After a long sleep while clocked in: the question to ask. */
  /** The computer stopped while clocked in: the question, and what the computer saw before it (the last input). */
  sleepPrompt: { from: string; to: string; question: string; evidence: string | null } | null;
  /**
   * Clocked in longer than the long-shift limit (a night shift across midnight is not forgotten): the panel offers
   * "Clock out at…" with a time (ISO instants: the clock-in, the suggestion, now).
   */
  forgotten: { since: string; suggestedAt: string; latest: string } | null;
  /**
   * Clocked in, not forgotten, nothing to undo: "Fix…" offers a clock-out at an earlier time (a
   * clock-in already sent cannot be undone, and the service has no way to delete one).
   */
  earlierClockOut: { since: string; suggestedAt: string; latest: string } | null;
  hours: HoursView;
}

/**
 * Why a row is in the results of a search: the name (these parts of it), a nickname (this one),
 * the key, or a spelling one slip away. `ranges`: [start, end) in the name, to highlight.
 */
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

/** What the lookup remembers of one debtor: pinned, what changed since last looked at, its figures over time. */
export interface DebtorMemory {
  pinned: boolean;
  /** ISO instant of the last look; null the first time. */
  seenAt: string | null;
  changes: Array<{
    field: 'score' | 'grade' | 'bureauScore' | 'riskClass' | 'status';
    was: string | number | null;
    is: string | number | null;
  }>;
  history: Array<{ at: string; score: number | null; bureauScore: number | null }>;
}

export interface DebtorDetail {
  /** Remembered on this computer (absent where nothing is remembered, e.g. in the lookup's own engine). */
  memory?: DebtorMemory;
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

export type { LookupProblem, TransactionsView } from '../domain/lookup.ts';

export type TransactionsResult = { ok: true; view: TransactionsView } | { ok: false; errors: FieldErrors };
export type ExportRequest =
  { kind: 'lookup'; resultId: number } | { kind: 'transactions'; clientKey?: string; startDate?: string; endDate?: string };

/** An environment as a window may see it: everything but the secret, of which only the status. */
export interface EnvironmentView extends Environment {
  origin: EnvironmentOrigin;
  isMock: boolean;
  active: boolean;
  secret: SecretStatus;
  /** What a user may change: everything (their own), or only the employee id (Mock, IT's). */
  editable: 'all' | 'employee-id';
}

/** A new environment (no id yet) or changes to one. */
export type EnvironmentDraftInput = Omit<Environment, 'id'> & { id?: string };

export type SaveEnvironmentResult = { ok: true; environment: EnvironmentView } | { ok: false; errors: FieldErrors };
export type ConnectionTestResult = { ok: true; report: ConnectionReport } | { ok: false; errors: FieldErrors };

export interface SettingsView {
  preferences: Preferences;
  /** Setting paths IT locked ("monitoring.pollIntervalSeconds", "environments", …). */
  locked: string[];
  canManageEnvironments: boolean;
  /** Problems found in the admin file and in the stored settings, as sentences. */
  problems: string[];
  adminFile: string | null;
  /** Why a global shortcut could not be registered (another app has it), by its setting's path. */
  shortcutProblems: Partial<Record<GlobalShortcutPath, string>>;
}

/** Switching away from an environment with punches still waiting asks first. */
export type SwitchResult = { ok: true; info: AppInfo } | { ok: false; warning: string };
/** Deleting an environment whose punches are not all sent asks first (ok: false with the question). */
export type DeleteEnvironmentResult = { ok: true; environments: EnvironmentView[] } | { ok: false; warning: string };

/** Sections of the settings window, to open it at one. */
export type SettingsSection = 'environments' | 'monitoring' | 'clock' | 'lookup' | 'general';
/** The settings that hold a global shortcut: clock in or out, open the debtor lookup. */
export type GlobalShortcutPath = 'clock.globalShortcut' | 'lookup.globalShortcut';

/** The proxy's sign-in as a window sees it: the user name, whether IT set it, the password's status only. */
export interface ProxySignInView {
  user: string;
  userLocked: boolean;
  status: SecretStatus;
  /** The proxy (host:port) the password is for: the one that asked this session, else the one it was kept for. */
  proxy: string | null;
  /** Whether Settings shows the sign-in: a proxy asked for one, a password is kept, or IT set a user name. */
  needed: boolean;
}

export type UpdateSettingsResult = { ok: true; settings: SettingsView } | { ok: false; errors: FieldErrors };

/** Requests: window → main (ipcRenderer.invoke / ipcMain.handle). */
export interface InvokeApi {
  getAppInfo(): Promise<AppInfo>;
  /** The user's language and its catalogue (pushed again as languageChanged when it changes). */
  getMessages(): Promise<WindowMessages>;
  checkHealthNow(): Promise<HealthLine[]>;
  getHealthStatus(): Promise<HealthStatusView>;
  /** Health notifications muted for `minutes` (they resume by themselves), or resumed now (null). */
  muteNotifications(minutes: number | null): Promise<HealthStatusView>;
  getClock(): Promise<ClockView>;
  /** Clock in or out, whichever is next. */
  toggleClock(): Promise<ClockView>;
  discardPunch(punchId: string): Promise<ClockView>;
  /** Takes back the punch just made, if it is still in its undo time. */
  undoPunch(): Promise<ClockView>;
  /** Clocks out for a break. */
  takeBreak(): Promise<ClockView>;
  /** Send a stopped punch again (after a change of settings, or once the service is fixed). */
  retryPunch(punchId: string): Promise<ClockView>;
  /** The user checked the server: a punch whose outcome was unknown is there. */
  markPunchSent(punchId: string): Promise<ClockView>;
  answerSleepPrompt(answer: 'clock-out-at-sleep' | 'stay-clocked-in'): Promise<ClockView>;
  /** Clock out at a past moment (ISO instant), after the clock-in and not in the future. */
  clockOutAt(at: string): Promise<ClockView>;
  openWindow(window: 'status' | 'settings' | 'lookup', section?: SettingsSection): Promise<void>;
  /** The panel hides itself (Esc, or after an action). */
  hidePanel(): Promise<void>;
  listEnvironments(): Promise<EnvironmentView[]>;
  saveEnvironment(draft: EnvironmentDraftInput): Promise<SaveEnvironmentResult>;
  deleteEnvironment(environmentId: string, confirmed?: boolean): Promise<DeleteEnvironmentResult>;
  /** Switches; with punches still waiting in the current environment, only once `confirmed`. */
  setActiveEnvironment(environmentId: string, confirmed?: boolean): Promise<SwitchResult>;
  /** What saving this environment would refuse, without saving (validation as you type). */
  validateEnvironment(draft: EnvironmentDraftInput): Promise<FieldErrors>;
  /** Write-only: the secret goes in, only its status comes back. */
  setEnvironmentSecret(environmentId: string, secret: string): Promise<SecretStatus>;
  /** Whose a pasted or loaded CA certificate (PEM) is and until when it is valid, or why it cannot be used. */
  describeCaCertificate(pem: string): Promise<CaCertificateView>;
  clearEnvironmentSecret(environmentId: string): Promise<SecretStatus>;
  /** The proxy's sign-in: its user name and whether a password is kept (never the password). */
  proxySignIn(): Promise<ProxySignInView>;
  /** Write-only: the password goes in with its user name; refused (UserFacingError) when either is not usable. */
  setProxySignIn(user: string, password: string): Promise<ProxySignInView>;
  clearProxySignIn(): Promise<ProxySignInView>;
  /** Tests a saved environment, or an unsaved draft (with a secret typed but not yet saved). */
  testConnection(request: {
    environmentId?: string;
    draft?: EnvironmentDraftInput;
    secret?: string;
  }): Promise<ConnectionTestResult>;
  getSettings(): Promise<SettingsView>;
  updateSettings(patch: Partial<Record<keyof Preferences, Record<string, unknown>>>): Promise<UpdateSettingsResult>;
  /** What saving these settings would refuse, without saving. */
  validateSettings(patch: Partial<Record<keyof Preferences, Record<string, unknown>>>): Promise<FieldErrors>;
  /** The first-run welcome was read. */
  dismissWelcome(): Promise<void>;
  /** The lookup's state; loads the data the first time. */
  lookupOpen(): Promise<LookupStatus>;
  lookupRefresh(full: boolean): Promise<LookupStatus>;
  lookupSearch(text: string, sort: LookupSort): Promise<LookupPage>;
  lookupRows(resultId: number, offset: number, limit: number): Promise<LookupPage>;
  lookupDetail(debtorKey: string): Promise<DebtorDetail | null>;
  /** What the lookup remembers: recent and pinned debtors. */
  lookupRemembered(): Promise<RememberedView>;
  /** The analyst looked at this debtor (opened it, or rested on it): it becomes recent, what they saw is remembered. */
  lookupViewed(debtorKey: string): Promise<RememberedView>;
  lookupPin(debtorKey: string, pinned: boolean): Promise<RememberedView>;
  /** Two to four debtors side by side, in the order given (those no longer known are left out). */
  lookupCompare(debtorKeys: string[]): Promise<ComparedDebtor[]>;
  advanceClients(since: string | null): Promise<Array<Tolerant<AdvanceClient>>>;
  advanceTransactions(range: { clientKey?: string; startDate?: string; endDate?: string }): Promise<TransactionsResult>;
  advanceTransactionDetails(transKey: string): Promise<Array<Tolerant<AdvanceTransactionDetail>>>;
  /** Asks where to save (the shell's dialog); null when the user cancelled. */
  exportCsv(request: ExportRequest): Promise<{ savedTo: string | null }>;
}

/** Pushed state: main → windows (webContents.send / ipcRenderer.on). */
export interface PushedEvents {
  healthChanged: HealthLine[];
  /** A window should show this system (a notification was clicked). */
  focusSystem: HealthSystem;
  clockChanged: ClockView;
  lookupChanged: LookupStatus;
  /** The active environment or the list of environments changed. */
  environmentsChanged: AppInfo;
  /** The user's language changed: every window speaks it at once. */
  languageChanged: WindowMessages;
}

export type InvokeName = keyof InvokeApi;
export type EventName = keyof PushedEvents;

const text = (max: number) => v.pipe(v.string(), v.maxLength(max));
/** A debtor's key as a window sends it: named in a refusal, never empty. */
const debtorKey = v.pipe(
  v.string(),
  v.maxLength(200),
  v.check((key) => key.trim() !== '', 'must not be empty'),
  v.title('the debtor key'),
);
const count = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(10_000_000));
const environmentId = text(100);
const draftArg = v.strictObject({
  id: v.optional(environmentId),
  name: text(200),
  timeclockBaseUrl: text(2000),
  debtorsBaseUrl: text(2000),
  clientId: text(500),
  auth: authSchemeSchema,
  employeeId: text(200),
  profile: v.optional(apiProfileSchema),
});

export const invokeArgs = {
  getAppInfo: v.strictTuple([]),
  getMessages: v.strictTuple([]),
  checkHealthNow: v.strictTuple([]),
  getHealthStatus: v.strictTuple([]),
  muteNotifications: v.strictTuple([v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(24 * 60)))]),
  getClock: v.strictTuple([]),
  toggleClock: v.strictTuple([]),
  discardPunch: v.strictTuple([text(100)]),
  undoPunch: v.strictTuple([]),
  takeBreak: v.strictTuple([]),
  retryPunch: v.strictTuple([text(100)]),
  markPunchSent: v.strictTuple([text(100)]),
  answerSleepPrompt: v.strictTuple([v.picklist(['clock-out-at-sleep', 'stay-clocked-in'])]),
  clockOutAt: v.strictTuple([v.pipe(v.string(), v.maxLength(40))]),
  openWindow: v.strictTuple([
    v.picklist(['status', 'settings', 'lookup']),
    v.optional(v.picklist(['environments', 'monitoring', 'clock', 'lookup', 'general'])),
  ]),
  hidePanel: v.strictTuple([]),
  listEnvironments: v.strictTuple([]),
  saveEnvironment: v.strictTuple([draftArg]),
  deleteEnvironment: v.strictTuple([environmentId, v.optional(v.boolean())]),
  setActiveEnvironment: v.strictTuple([environmentId, v.optional(v.boolean())]),
  validateEnvironment: v.strictTuple([draftArg]),
  setEnvironmentSecret: v.strictTuple([environmentId, text(4096)]),
  describeCaCertificate: v.strictTuple([v.pipe(v.string(), v.maxLength(50_000))]),
  clearEnvironmentSecret: v.strictTuple([environmentId]),
  proxySignIn: v.strictTuple([]),
  setProxySignIn: v.strictTuple([text(200), text(1024)]),
  clearProxySignIn: v.strictTuple([]),
  testConnection: v.strictTuple([
    v.strictObject({ environmentId: v.optional(environmentId), draft: v.optional(draftArg), secret: v.optional(text(4096)) }),
  ]),
  getSettings: v.strictTuple([]),
  updateSettings: v.strictTuple([v.record(text(50), v.record(text(100), v.unknown()))]),
  validateSettings: v.strictTuple([v.record(text(50), v.record(text(100), v.unknown()))]),
  dismissWelcome: v.strictTuple([]),
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
  lookupRemembered: v.strictTuple([]),
  lookupViewed: v.strictTuple([debtorKey]),
  lookupPin: v.strictTuple([debtorKey, v.pipe(v.boolean(), v.title('pinned'))]),
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
    ]),
  ]),
} satisfies { [K in InvokeName]: v.GenericSchema<unknown, Parameters<InvokeApi[K]>> };

export const invokeNames = Object.keys(invokeArgs) as InvokeName[];
/** Every pushed event, once: a new event left out of this list does not compile. */
const events = {
  healthChanged: true,
  focusSystem: true,
  clockChanged: true,
  lookupChanged: true,
  environmentsChanged: true,
  languageChanged: true,
} satisfies Record<EventName, true>;
export const eventNames = Object.keys(events) as EventName[];

/** The IPC channel of an invoke or event name. */
export const channelOf = (name: InvokeName | EventName) => `timeclock:${name}`;

export type EventApi = {
  [K in EventName as `on${Capitalize<K>}`]: (listener: (payload: PushedEvents[K]) => void) => () => void;
};

/** What a window sees as `window.api`. */
export type WindowApi = InvokeApi & EventApi;

/** How an invoke comes back over IPC: errors travel as data so their message survives intact. */
export type Envelope<T> = { ok: true; value: T } | { ok: false; error: { kind: string; message: string } };
