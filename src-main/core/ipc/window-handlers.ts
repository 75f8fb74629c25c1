/**
 * The handlers behind `window.api`: each request of the IPC contract, answered by the core.
 * Secrets go in (setEnvironmentSecret, testConnection) but never come out: environments are
 * returned as views carrying only the secret's status.
 */
import { safeFileName } from '../util/file-name.ts';
import type { EnvironmentView, InvokeApi, SettingsSection, SettingsView } from '../../shared/ipc/contract.ts';
import { localDayKey } from '../../shared/moments.ts';
import type { AppCore } from '../app-core.ts';
import { secretBinding } from '../security/secret-binding.ts';
import { checkProxyUser, PROXY_VAULT_ID, proxySignInBinding, ProxyUserRejectedError } from '../security/proxy-sign-in.ts';
import { testConnection } from '../environments/connection-test.ts';
import { describeCaCertificate } from '../settings/ca-certificate.ts';
import type { EnvironmentEntry } from '../environments/environment-registry.ts';
import { validateEnvironment } from '../settings/validate-environment.ts';
import { checkTransactionRange, summarise, TRANSACTION_CSV_COLUMNS, transactionsCsv } from '../lookup/advance.ts';
import { DEBTOR_CSV_COLUMNS } from '../lookup/lookup-engine.ts';
import { csvStyleFor } from '../util/csv.ts';
import { PunchActionError, type ClockAction } from '../clock/clock-actions.ts';
import { InvalidRequestError } from './dispatch.ts';
import { splitUpdateSource, updateSourceQuestion } from '../updates/update-source.ts';

/** "Since" for Advance clients: a calendar day means its start; anything else must be an instant. */
function sinceDate(since: string): Date {
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(since) ? `${since}T00:00:00Z` : since);
  if (Number.isNaN(date.getTime())) throw new InvalidRequestError(`"${since}" is not a date; write it like 2026-03-31.`);
  return date;
}

/** What only the shell can do for a window. */
export interface ShellPort {
  openWindow(window: 'status' | 'settings' | 'lookup', section?: SettingsSection): void;
  /**
   * Asks the user where to save (a save dialog) and writes the file; the path, or null if cancelled.
   * `kind`: the dialog's name for the file type, in the user's words.
   */
  saveFile(suggestedName: string, content: string, kind: string): Promise<string | null>;
  hidePanel(): void;
  /** Why the global shortcut could not be registered, if it could not. */
  shortcutProblems(): SettingsView['shortcutProblems'];
  /**
   * Asks the person at the keyboard in a dialog of the operating system's, which no window can
   * answer: true only when they chose `confirm`.
   */
  confirm(question: { message: string; detail: string; confirm: string; cancel: string }): Promise<boolean>;
}

/** A refused punch reaches the window as an error in the core's words, shown where the employee clicked. */
function refusedOrDone(action: ClockAction | null): void {
  if (action?.kind === 'ignored') throw new PunchActionError(action.reason);
}

// Over 80 lines on purpose: one line per request of the IPC contract, in the contract's order, so
// that a reader finds each handler by its name.
export function createWindowHandlers(core: AppCore, shell: ShellPort): InvokeApi {
  const view = (entry: EnvironmentEntry): EnvironmentView => {
    const { environment, origin } = entry;
    return {
      ...environment,
      origin,
      isMock: origin === 'builtin',
      active: core.environments.active().environment.id === environment.id,
      secret: core.secretStatus(environment.id),
      editable: origin === 'user' ? 'all' : 'employee-id',
    };
  };
  const list = () => core.environments.list().map(view);
  const settingsView = (): SettingsView => ({
    preferences: core.settings.preferences(),
    locked: [...core.settings.admin.locked],
    canManageEnvironments: core.environments.canManageOwn(),
    problems: [...core.settings.admin.problems, ...core.settings.problems],
    adminFile: core.settings.admin.source,
    shortcutProblems: shell.shortcutProblems(),
  });
  const proxySignInNow = () => core.proxySignIn.view(core.settings.isLocked('network.proxyUser'));
  const changed = <T>(value: T): T => {
    core.environmentsChanged();
    return value;
  };

  return {
    getAppInfo: async () => core.info(),
    getMessages: async () => core.messages(),
    checkHealthNow: () => core.checkHealthNow(),
    getHealthStatus: async () => core.health.status(),
    muteNotifications: async (minutes) => {
      core.health.pauseNotifications(minutes === null ? null : core.now() + minutes * 60_000);
      return core.health.status();
    },
    getClock: async () => core.clock.view(),
    async toggleClock() {
      refusedOrDone(await core.clock.toggle('window'));
      return core.clock.view();
    },
    async takeBreak() {
      refusedOrDone(await core.clock.takeBreak('window'));
      return core.clock.view();
    },
    undoPunch: async () => {
      core.clock.undo('window');
      return core.clock.view();
    },
    discardPunch: async (punchId) => {
      core.clock.discard(punchId);
      return core.clock.view();
    },
    async retryPunch(punchId) {
      await core.clock.retry(punchId);
      return core.clock.view();
    },
    async markPunchSent(punchId) {
      await core.clock.markSent(punchId);
      return core.clock.view();
    },
    async clockOutAt(at) {
      refusedOrDone(await core.clock.clockOutAt(Date.parse(at)));
      return core.clock.view();
    },
    async answerSleepPrompt(answer) {
      refusedOrDone(await core.clock.answerSleepPrompt(answer));
      return core.clock.view();
    },
    openWindow: async (window, section) => shell.openWindow(window, section),
    hidePanel: async () => shell.hidePanel(),
    listEnvironments: async () => list(),
    async saveEnvironment(draft) {
      const boundBefore = draft.id ? core.secretBinding(draft.id) : null;
      const result = core.environments.save(draft);
      if (!result.ok) return result;
      // The saved secret was for the old addresses, sign-in and CA: it is not carried to new ones.
      if (boundBefore && boundBefore !== core.secretBinding(result.value.id)) core.vault.clear(result.value.id);
      return changed({ ok: true, environment: view(core.environments.get(result.value.id)!) });
    },
    deleteEnvironment: async (id, confirmed = false) => {
      const warning = core.deleteWarning(id);
      if (warning && !confirmed) return { ok: false, warning };
      core.environments.remove(id);
      core.vault.clear(id);
      core.lookup.forget(id); // pinned and recent debtors, and their history, go with it
      return changed({ ok: true as const, environments: list() });
    },
    setActiveEnvironment: async (id, confirmed = false) => {
      const switched = core.switchEnvironment(id, confirmed);
      return switched.ok ? { ok: true as const, info: core.info() } : switched;
    },
    validateEnvironment: async (draft) => core.environments.validate(draft),
    setEnvironmentSecret: async (id, secret) => {
      const { t } = core.translator();
      if (!core.environments.get(id)) throw new InvalidRequestError(t('invalid.environment.unknown', { id }));
      core.vault.set(id, secret, core.secretBinding(id)!, t);
      return changed(core.secretStatus(id));
    },
    describeCaCertificate: async (pem) => describeCaCertificate(pem, core.now()),
    clearEnvironmentSecret: async (id) => {
      core.vault.clear(id);
      return changed(core.secretStatus(id));
    },
    proxySignIn: async () => {
      await core.proxyAsking(); // with a proxy on the route, one check learns whether it asks for a sign-in
      return proxySignInNow();
    },
    async setProxySignIn(user, password) {
      const { t } = core.translator();
      // A user name IT set stays as IT set it; the password is the user's own.
      const name = core.settings.isLocked('network.proxyUser') ? core.settings.preferences().network.proxyUser : user.trim();
      checkProxyUser(name, t);
      // Only for the proxy that asked: it alone is ever sent this password.
      const proxy = await core.proxyAsking();
      if (proxy === null) throw new ProxyUserRejectedError(t('invalid.proxy.noProxy'));
      core.vault.set(PROXY_VAULT_ID, password, proxySignInBinding(name, proxy), t);
      if (!core.settings.isLocked('network.proxyUser')) core.settings.updatePreferences({ network: { proxyUser: name } }, t);
      return changed(proxySignInNow());
    },
    async clearProxySignIn() {
      core.vault.clear(PROXY_VAULT_ID);
      if (!core.settings.isLocked('network.proxyUser')) core.settings.updatePreferences({ network: { proxyUser: '' } });
      return changed(proxySignInNow());
    },
    async testConnection({ environmentId, draft, secret }) {
      const saved = environmentId ? core.environments.get(environmentId)?.environment : undefined;
      const candidate = draft ?? saved;
      const { t } = core.translator();
      if (!candidate) return { ok: false, errors: { environmentId: t('invalid.environment.choose') } };
      const checked = validateEnvironment(candidate, [], t);
      if (!checked.ok) return checked;
      const stored = candidate.id ? core.environments.get(candidate.id)?.environment : undefined;
      // A stored secret goes only where it was saved for: a changed address, sign-in or CA needs it typed again.
      if (secret === undefined && stored && core.secretBinding(stored.id) !== secretBinding({ ...checked.value, id: stored.id }))
        return {
          ok: false,
          errors: {
            secret: t('connection.retypeSecret'),
          },
        };
      const useSecret = secret ?? (stored ? core.secretFor(stored.id) : null);
      const tested = { ...checked.value, id: candidate.id ?? 'draft' };
      const report = await testConnection(tested, useSecret, core.settings.preferences().network, Date.now, {
        ...core.requestOptionsFor(tested),
        t,
        localZone: core.localZone(),
      });
      return { ok: true, report };
    },
    getSettings: async () => settingsView(),
    validateSettings: async (patch) => core.settings.validatePreferences(patch, core.translator().t),
    dismissWelcome: async () => core.settings.setWelcomed(),
    lookupOpen: () => core.lookup.ensureLoaded(),
    lookupRefresh: (full) => core.lookup.refresh(full),
    lookupSearch: (text, sort) => core.lookup.search(text, sort),
    lookupRows: (resultId, offset, limit) => core.lookup.rows(resultId, offset, limit),
    lookupDetail: (debtorKey) => core.lookup.detail(debtorKey),
    lookupRemembered: () => core.lookup.remembered(),
    lookupViewed: (debtorKey) => core.lookup.viewed(debtorKey),
    lookupPin: (debtorKey, pinned) => core.lookup.pin(debtorKey, pinned),
    lookupCompare: (debtorKeys) => core.lookup.compare(debtorKeys),
    advanceClients: (since) => core.clients().debtors.advanceClients(since ? { startingDateTime: sinceDate(since) } : {}),
    async advanceTransactions(range) {
      const { t, locale } = core.translator();
      const errors = checkTransactionRange(range, t, locale.formats);
      if (Object.keys(errors).length > 0) return { ok: false, errors };
      return { ok: true, view: summarise(await core.clients().debtors.advanceTransactions(range)) };
    },
    advanceTransactionDetails: (transKey) => core.clients().debtors.advanceTransactionDetails(transKey.trim()),
    async exportCsv(request) {
      const day = localDayKey(core.now());
      // Headers in the user's words, cells as their spreadsheet reads them (see util/csv.ts).
      const { t, locale } = core.translator();
      const style = csvStyleFor(locale.formats);
      if (request.kind === 'lookup') {
        const header = DEBTOR_CSV_COLUMNS.map((column) => t(`csv.${column}`));
        const csv = await core.lookup.csv(request.resultId, header, style);
        return { savedTo: await shell.saveFile(`debtors-${day}.csv`, csv, t('csv.fileKind')) };
      }
      const errors = checkTransactionRange(request, t, locale.formats);
      if (Object.keys(errors).length > 0) throw new InvalidRequestError(Object.values(errors).join(' '));
      const view = summarise(await core.clients().debtors.advanceTransactions(request));
      const header = TRANSACTION_CSV_COLUMNS.map((column) => t(`csv.${column}`));
      const csv = transactionsCsv(view, header, style);
      // The client key comes from a window: it goes into the name only as a harmless segment.
      const name = safeFileName(`transactions-${request.clientKey ?? 'all'}-${day}.csv`);
      return { savedTo: await shell.saveFile(name, csv, t('csv.fileKind')) };
    },
    async updateSettings(patch) {
      const { t } = core.translator();
      // Where updates come from changes only when the person confirms it in a dialog no window can answer.
      const { source, rest } = splitUpdateSource(patch);
      if (source) {
        const errors = core.settings.validatePreferences(patch, t);
        if (Object.keys(errors).length > 0) return { ok: false, errors };
        if (!(await shell.confirm(updateSourceQuestion(source, t))))
          return { ok: false, errors: { [`updates.${Object.keys(source)[0]}`]: t('updateSource.notConfirmed') } };
        core.updateSource.confirm(source);
      }
      const result = core.settings.updatePreferences(rest, t);
      return result.ok ? { ok: true, settings: settingsView() } : result;
    },
  };
}
