/**
 * The composition root of the plain-Node core: settings, secrets, environments, and the API
 * clients of the active environment, rebuilt whenever any of those change. The Electron shell
 * wraps it; tests use it directly. Never imports electron.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppInfo, HealthLine, PushedEvents, WindowMessages } from '../shared/ipc/contract.ts';
import { createServiceClients, type ServiceClients } from './api/service-clients.ts';
import { isMockEnvironment, MOCK_CLIENT_SECRET } from './environments/environment.ts';
import type { Environment, SecretStatus } from '../shared/domain/environments.ts';
import { createEnvironmentRegistry, type EnvironmentRegistry, type MockUrls } from './environments/environment-registry.ts';
import { createHealthService, type HealthService } from './health/health-service.ts';
import { environmentAnswers, probeSystem } from './health/probe.ts';
import { isDirect, tcpConnects, witnessAnswers } from './health/network-evidence.ts';
import { systemLabel } from '../shared/i18n/health-words.ts';
import type { TimeFormatter } from '../shared/moments.ts';
import type { SecretVault } from './security/vault.ts';
import { secretBinding } from './security/secret-binding.ts';
import type { SettingsService } from './settings/settings-service.ts';
import { systemTime, type TimeSource } from './util/time-source.ts';
import { createEmitter, type Emitter } from './util/emitter.ts';
import { memoryFile, moveFolderAside, PRIVATE_FILE, textFile } from './util/text-file.ts';
import { durableFile } from './util/durable-file.ts';
import { createComputerStops } from './clock/computer-stops.ts';
import { createClockService, type ClockService } from './clock/clock-service.ts';
import { createOutbox, type Outbox } from './clock/outbox.ts';
import { outboxProblemText } from './clock/clock-words.ts';
import { missingService } from './environments/service-signature.ts';
import { sendWaitingPunchesOnRecovery } from './clock/recovery-send.ts';
import { createHoursJournal } from './clock/hours-journal.ts';
import type { Worker } from 'node:worker_threads';
import { inProcessBackend, lookupEngineFor, workerBackend, type LookupWorkerConfig } from './lookup/lookup-backend.ts';
import { environmentFetch, resolveForWorker, type NetworkRoute } from './api/network.ts';
import { createProxySignIn, type ProxySignIn } from './security/proxy-sign-in.ts';
import { fitNotification } from './util/shorten.ts';
import type { Encryptor } from './security/vault.ts';
import { createRememberedStore } from './lookup/remembered-store.ts';
import { cacheBinding, newCacheKey, removeLookupCache, type LookupCacheConfig } from './lookup/lookup-cache.ts';
import { environmentFileName } from './util/file-name.ts';
import { sweepWithdrawnData } from './environments/withdrawn-data.ts';
import { createLookupService, type LookupService } from './lookup/lookup-service.ts';
import { catalogueOf, translatorFor } from '../shared/i18n/catalogues.ts';
import { chooseLocale } from '../shared/i18n/locales.ts';
import type { Translate, Translator } from '../shared/i18n/translator.ts';
import { formatMoment } from '../shared/moments.ts';
import { createUpdateService, type UpdateService, type UpdateServiceOptions } from './updates/update-service.ts';
import { noUpdater, type Updater } from './updates/updater.ts';
import { createUpdateSourceStore, type UpdateSourceStore } from './updates/update-source.ts';

export interface AppCoreOptions {
  productName: string;
  version: string;
  settings: SettingsService;
  vault: SecretVault;
  /** Where the embedded mock listens (a function where it starts and stops with the Mock environment). */
  mockUrls: MockUrls | (() => MockUrls);
  time?: TimeSource;
  /** Folder for files the core keeps between runs (health history); none in memory-only tests. */
  dataDir?: string;
  isOnline?: () => boolean;
  random?: () => number;
  formatTime?: TimeFormatter;
  /** The operating system's preferred languages, most wanted first (Electron's app.getPreferredSystemLanguages()). */
  systemLanguages?: () => readonly string[];
  /** This computer's time zone (the connection test's first guess for a server's zoneless times); the system's by default. */
  localZone?: string;
  /**
   * The corporate network: the proxy the system names for a URL (the shell asks Chromium), and
   * whether to trust the OS certificate store. Without it requests go direct with Node's CA list.
   */
  network?: { route: NetworkRoute; systemCa: boolean };
  /** The operating system's encryption (safeStorage), for what the lookup remembers of debtors; without it that is kept for the session only. */
  encryptor?: Encryptor;
  /** Starts the lookup's worker thread; without it the lookup runs in this thread (tests, tools). */
  startLookupWorker?: (config: LookupWorkerConfig) => Worker;
  /** The app's log, for what is worth telling IT but not the employee (a damaged history dropped). */
  log?: { info(line: string): void; warn(line: string): void };
  /** The shell's updater (electron-updater) and where updates are logged; none: updates never find anything. */
  updates?: { updater: Updater; log: UpdateServiceOptions['log']; verifiable: boolean };
}

export interface AppCore {
  readonly events: Emitter<PushedEvents>;
  readonly settings: SettingsService;
  readonly vault: SecretVault;
  readonly environments: EnvironmentRegistry;
  readonly health: HealthService;
  readonly clock: ClockService;
  readonly outbox: Outbox;
  readonly lookup: LookupService;
  /** A notification for the desktop: pinned debtors whose scores or status a sync found changed. */
  onLookupNotice(listener: (notice: { title: string; body: string }) => void): () => void;
  readonly updates: UpdateService;
  /**
   * Requests to IT's own addresses (the metrics collector) on the same route as every other: the
   * system's proxy and certificates; Node's fetch where the app knows no network.
   */
  networkFetch(): typeof fetch;
  /** The proxy's sign-in: the password kept for the proxy that asked, sent to it only after it asked. */
  readonly proxySignIn: ProxySignIn;
  /**
   * The proxy that asked for a sign-in this session; if none has yet, the service is asked once to
   * find out (a password is kept only for a proxy that asked). Null: none asks.
   */
  proxyAsking(): Promise<string | null>;
  /** Where updates come from as the person confirmed it in Settings (sealed in the vault). */
  readonly updateSource: UpdateSourceStore;
  /** Problems found while starting (a damaged outbox), as sentences. */
  readonly problems: readonly string[];
  /** The core's time (its injected clock): what "now" and "today" mean everywhere it is shown. */
  now(): number;
  /** The user's language now: the setting, else the system's (see shared/i18n/locales.ts). */
  translator(): Translator;
  /** What a window needs to speak the user's language: the locale and its catalogue. */
  messages(): WindowMessages;
  info(): AppInfo;
  activeEnvironment(): Environment;
  /** The secret to use for an environment: the Mock's demo secret, or the vault's. */
  secretFor(environmentId: string): string | null;
  secretStatus(environmentId: string): SecretStatus;
  /** What a secret for this saved environment is given for (core/security/secret-binding.ts); null if there is none. */
  secretBinding(environmentId: string): string | null;
  /** The API clients of the active environment. */
  clients(): ServiceClients;
  /**
   * Makes `targetId` the active environment — unless punches of the current one still wait to be
   * sent and the switch is not `confirmed`: then nothing changes and the warning says why to ask.
   * The one way to switch, for the tray menu and the windows alike.
   */
  switchEnvironment(targetId: string, confirmed: boolean): { ok: true } | { ok: false; warning: string };
  /** Why deleting an environment deserves a second thought (punches of it not yet sent), if it does. */
  deleteWarning(environmentId: string): string | null;
  /** Tell everyone that the active environment, its credentials or the list changed. */
  environmentsChanged(): void;
  checkHealthNow(): Promise<HealthLine[]>;
  /** How requests to an environment travel (proxy, trusted CAs): for clients built outside the core (the connection test). */
  requestOptionsFor(environment: Environment): { fetch?: typeof fetch };
  /** This computer's time zone. */
  localZone(): string;
}

/** The vault's key for the lookup cache's key (no environment id looks like it). */
const LOOKUP_CACHE_VAULT_ID = '@lookup-cache';
const LOOKUP_CACHE_BINDING = 'lookup-cache';

const builtinSecretStatus: SecretStatus = {
  set: true,
  storage: 'builtin',
  note: 'builtin',
};

// Over 80 lines on purpose: it wires the core's services together, one short step each (the
// longest, environmentsChanged, 18 lines); there is nothing to take out that would not be wiring.
export function createAppCore(options: AppCoreOptions): AppCore {
  const { settings, vault } = options;
  const time = options.time ?? systemTime;
  const events = createEmitter<PushedEvents>();
  const language = createLanguage(settings, options.systemLanguages);
  /** Moments in the user's formats, dated against the core's own time. */
  const formatTime: TimeFormatter =
    options.formatTime ?? ((ms) => formatMoment(ms, time.now(), language.translator().locale.formats, language.translator().t));
  // Weak storage forbidden (by the user or IT): weakly stored secrets leave the disk, now and on every change.
  vault.weakStorageChanged();
  settings.onChange(() => vault.weakStorageChanged());
  const environments = createEnvironmentRegistry(settings, options.mockUrls, language.t);
  /** What a secret for this environment must have been given for; null for an environment that is gone. */
  const bindingOf = (id: string) => {
    const environment = environments.get(id)?.environment;
    return environment ? secretBinding(environment) : null;
  };
  // Secrets an older version stored, bound to nothing yet: bound to the environments as they are
  // now, at this version's first start only; later an unbound secret is no one's.
  for (const { environment } of environments.list()) vault.adopt(environment.id, secretBinding(environment));
  vault.closeAdoption();
  const secretFor = (id: string) => {
    if (id === 'mock') return MOCK_CLIENT_SECRET;
    const binding = bindingOf(id);
    return binding && vault.get(id, binding);
  };

  /** Memoised clients per environment, rebuilt whenever the environment, its settings or its secret change. */
  function memoised(
    build: (environment: Environment, secret: string | null) => ServiceClients,
  ): (environmentId: string) => ServiceClients | null {
    const cache = new Map<string, { key: string; secret: string | null; clients: ServiceClients }>();
    return (environmentId) => {
      const environment = environments.get(environmentId)?.environment;
      if (!environment) return null;
      const secret = secretFor(environment.id);
      const key = JSON.stringify([environment, settings.preferences().network, settings.preferences().monitoring.timeoutSeconds]);
      const cached = cache.get(environmentId);
      if (cached?.key === key && cached.secret === secret) return cached.clients;
      const clients = build(environment, secret);
      cache.set(environmentId, { key, secret, clients });
      return clients;
    };
  }
  const route: NetworkRoute | null = options.network?.route ?? null;
  /** The proxy's user name and password (Basic), read at each request: Settings may change them. */
  const proxySignIn = createProxySignIn(vault, () => settings.preferences().network.proxyUser);
  const fetchFor = (environment: Environment) => {
    const fetch = environmentFetch(environment, route, options.network?.systemCa ?? false, proxySignIn.source);
    return fetch ? { fetch } : {};
  };
  const clientsFor = memoised((environment, secret) =>
    createServiceClients(environment, secret, settings.preferences().network, {
      now: () => time.now(),
      t: language.t,
      ...fetchFor(environment),
    }),
  );
  const clients = () => clientsFor(environments.active().environment.id)!;
  /** Health checks have their own timeout, and no retries: the health watch re-checks by its own rules. */
  const healthClientsFor = memoised((environment, secret) =>
    createServiceClients(environment, secret, settings.preferences().network, {
      now: () => time.now(),
      t: language.t,
      ...fetchFor(environment),
      timeoutMs: settings.preferences().monitoring.timeoutSeconds * 1000,
      retry: { retries: 0, baseDelayMs: 0, maxDelayMs: 0, maxRetryAfterMs: 0 },
    }),
  );
  const problems: string[] = [];
  /** A data file's path, with a folder standing in its way moved aside (said once). */
  const dataPath = (name: string) => {
    const path = join(options.dataDir!, name);
    const aside = moveFolderAside(path, time.now());
    if (aside) problems.push(language.t('problem.folderSetAside', { path, aside }));
    return path;
  };
  const dataFile = (name: string) => (options.dataDir ? durableFile(dataPath(name)) : memoryFile());
  /** Keeps a damaged file's exact bytes beside it, for recovery by hand. */
  const setAside = (name: string, bytes: Buffer) => {
    if (options.dataDir) writeFileSync(join(options.dataDir, name), bytes, { mode: PRIVATE_FILE });
  };
  const outbox = createOutbox(
    dataFile('outbox.json'),
    (bytes) => setAside(`outbox.damaged-${time.now()}.json`, bytes),
    (problem) => problems.push(outboxProblemText(problem, language.t)),
  );
  const clockService = createClockService({
    time,
    outbox,
    // A cache, not a record: atomic is enough, no fsync.
    cache: options.dataDir ? textFile(dataPath('clock-cache.json')) : memoryFile(),
    journal: createHoursJournal(options.dataDir ? textFile(dataPath('hours.json')) : memoryFile(), () => time.now()),
    // Written as the computer shuts down: durable, since the power may go a moment later.
    computerStops: createComputerStops(dataFile('computer-stops.json')),
    activeEnvironment: () => environments.active().environment,
    clientsFor,
    environmentExists: (id) => environments.get(id) !== undefined,
    preferences: () => settings.preferences(),
    formatTime,
    t: language.t,
    formats: () => language.translator().locale.formats,
    random: options.random,
  });
  clockService.onChange(() => events.emit('clockChanged', clockService.view()));
  /** Where an environment's lists are kept on disk, with the vault's key; null without a data folder, strong encryption or the setting. */
  function lookupCacheFor(environment: Environment): LookupCacheConfig | null {
    if (!options.dataDir || !settings.preferences().lookup.keepOnDisk) return null;
    let key = vault.get(LOOKUP_CACHE_VAULT_ID, LOOKUP_CACHE_BINDING);
    if (key === null) {
      key = newCacheKey();
      // Kept only where the operating system encrypts it: a key in the clear would make the file's encryption a formality.
      if (vault.set(LOOKUP_CACHE_VAULT_ID, key, LOOKUP_CACHE_BINDING).storage !== 'encrypted') {
        vault.clear(LOOKUP_CACHE_VAULT_ID);
        return null;
      }
    }
    return { path: lookupCachePath(environment.id), key, binding: cacheBinding(environment) };
  }
  const lookupCachePath = (environmentId: string) => dataPath(environmentFileName('lookup-cache', environmentId, 'bin'));
  // Turned off (by the user or IT): the lists kept on disk go at once, and the lookup starts again
  // without a cache (a worker started with one would write it again after its next sync).
  let keptOnDisk = settings.preferences().lookup.keepOnDisk;
  settings.onChange(() => {
    const keep = settings.preferences().lookup.keepOnDisk;
    if (keep === keptOnDisk) return;
    keptOnDisk = keep;
    if (keep || !options.dataDir) return;
    void lookup.clear().finally(sweepWithdrawn);
  });
  /**
   * What belongs to no environment now (one IT withdrew), and with keepOnDisk off every list, leaves
   * the disk and the vault: at start, and when keepOnDisk is turned off. Not at every change of IT's
   * policy, which a failed read could empty for a moment.
   */
  function sweepWithdrawn(): void {
    sweepWithdrawnData({
      dataDir: options.dataDir,
      knownIds: environments.list().map(({ environment }) => environment.id),
      keepLists: settings.preferences().lookup.keepOnDisk,
      vault,
      vaultIds: settings.vaultIds,
    });
  }
  sweepWithdrawn();

  /** Told on the desktop: pinned debtors that changed (the shell opens the lookup on a click). */
  const lookupNotices = createEmitter<{ notice: { title: string; body: string } }>();
  const lookup = createLookupService({
    time,
    activeEnvironment: () => environments.active().environment,
    secretFor,
    preferences: () => settings.preferences(),
    onStatus: (status) => events.emit('lookupChanged', status),
    rememberedStore: createRememberedStore(options.dataDir ? dataFile : null, options.encryptor ?? null),
    cacheFor: (environment) => lookupCacheFor(environment),
    removeCache: (environmentId) => options.dataDir && removeLookupCache(lookupCachePath(environmentId)),
    onPinnedChanged: (debtors) => {
      if (!settings.preferences().lookup.notifyPinnedChanges) return;
      const names = debtors.map((debtor) => debtor.name);
      const { t } = language;
      lookupNotices.emit(
        'notice',
        fitNotification({
          title: t('lookup.pinnedChanged.title', { count: names.length }),
          body: t('lookup.pinnedChanged.body', { count: names.length, names: names.slice(0, 3).join(', ') }),
        }),
      );
    },
    network: {
      // Resolved before the worker starts: a URL whose proxy is not known yet never goes direct.
      proxyFor: (url) => resolveForWorker(route, url),
      proxySignIn: proxySignIn.source,
      systemCa: options.network?.systemCa ?? false,
    },
    start: (config, onStatus) =>
      options.startLookupWorker
        ? workerBackend(options.startLookupWorker(config), onStatus, language.t)
        : inProcessBackend(lookupEngineFor(config, onStatus)),
  });

  const info = (): AppInfo => {
    const environment = environments.active().environment;
    return {
      productName: options.productName,
      version: options.version,
      environment: {
        id: environment.id,
        name: environment.name,
        isMock: isMockEnvironment(environment),
        ...(environment.accessPortalUrl ? { accessPortalUrl: environment.accessPortalUrl } : {}),
      },
    };
  };

  /** Evidence that our network works when a check got no answer (core/health/network-evidence.ts). */
  async function networkWorks(signal: AbortSignal): Promise<boolean> {
    const environment = environments.active().environment;
    if (await environmentAnswers(healthClientsFor(environment.id)!, signal)) return true;
    const witness = settings.preferences().monitoring.witnessUrl;
    if (witness && (await witnessAnswers(witness, fetchFor(environment).fetch ?? fetch, signal))) return true;
    const url = environment.timeclockBaseUrl;
    // A route that cannot be resolved is not direct: no TCP connection of the app's own then.
    const direct = route ? await route.proxyFor(url).then(isDirect, () => false) : true;
    return direct && tcpConnects(url, signal);
  }

  const health = createHealthService({
    time,
    log: options.log,
    waitingPunch: () => {
      const active = environments.active().environment.id;
      // Only a punch that tried and could not be sent waits here: one in its undo time has not tried yet.
      const punch = outbox
        .all()
        .find((candidate) => candidate.environmentId === active && !candidate.stopped && candidate.lastError !== null);
      return punch
        ? language.t('clock.punchLabel', {
            kind: punch.kind === 'clock-in' ? 'in' : 'out',
            time: formatTime(Date.parse(punch.at)),
          })
        : null;
    },
    preferences: () => settings.preferences(),
    environment: () => environments.active().environment,
    probe: (system, signal) => {
      const environment = environments.active().environment;
      const words = { t: language.t, label: systemLabel(system, language.t, environment.systemNames) };
      const clients = healthClientsFor(environment.id)!;
      // A health check "not found": is anything of the service at that address at all?
      const serviceMissing = async () =>
        (await missingService(clients.http.timeclock, 'timeclock', environment.employeeId)) !== null;
      return probeSystem(clients.timeclock, system, signal, { ...words, serviceMissing });
    },
    reachable: (signal) => networkWorks(signal),
    isOnline: options.isOnline,
    random: options.random,
    formatTime,
    t: language.t,
    historyFile: options.dataDir ? (id) => textFile(dataPath(`health-${id}.json`)) : undefined,
  });
  health.onUpdate(() => events.emit('healthChanged', health.lines()));
  health.onUpdate(sendWaitingPunchesOnRecovery(health, clockService, outbox));

  /**
   * What the watch, the clock and the lookup depend on, apart: the environment itself, where and how
   * the app signs in (URLs, auth, API settings, secret), and who clocks. A new name changes nothing;
   * a new employee id changes the clock alone (the lookup's data is the same for everyone).
   */
  const activeKey = () => {
    const { id, name: _shownOnly, employeeId, ...signIn } = environments.active().environment;
    // The proxy's sign-in too: saved after a 407, the health watch and the lookup try again with it.
    return { id, employeeId, signIn: JSON.stringify([signIn, secretFor(id), proxySignIn.fingerprint()]) };
  };
  let lastActive = activeKey();

  /** Whoever changed the active environment, its credentials or the list tells everyone through this. */
  function environmentsChanged(): void {
    const current = activeKey();
    if (current.id !== lastActive.id) {
      health.environmentChanged();
      clockService.environmentChanged();
      void lookup.clear();
    } else {
      if (current.signIn !== lastActive.signIn) {
        health.credentialsChanged();
        clockService.credentialsChanged();
        void lookup.clear();
      }
      // Another employee's state is another state: the clock starts from what it knows of theirs.
      if (current.employeeId !== lastActive.employeeId) clockService.environmentChanged();
    }
    lastActive = current;
    events.emit('environmentsChanged', info());
  }

  const updateSource = createUpdateSourceStore(vault, settings);
  updateSource.restore();
  const updates = createUpdateService({
    updater: options.updates?.updater ?? noUpdater,
    verifiable: options.updates?.verifiable ?? false,
    preferences: () => settings.preferences().updates,
    waitingPunches: () => outbox.all().length,
    time,
    log: options.updates?.log ?? { info() {}, warn() {} },
  });
  settings.onChange(() => updates.settingsChanged());

  // A new language: every window is sent its catalogue, and what the core worded is worded again.
  language.onChange(() => {
    events.emit('languageChanged', language.messages());
    events.emit('environmentsChanged', info()); // the Mock's name is in the user's language
    events.emit('clockChanged', clockService.view());
    events.emit('healthChanged', health.lines());
  });

  return {
    events,
    settings,
    vault,
    environments,
    health,
    clock: clockService,
    outbox,
    lookup,
    onLookupNotice: (listener) => lookupNotices.on('notice', listener),
    updates,
    updateSource,
    proxySignIn,
    networkFetch: () => environmentFetch({}, route, options.network?.systemCa ?? false, proxySignIn.source) ?? fetch,
    async proxyAsking() {
      if (proxySignIn.asking() === null && route)
        await clients()
          .timeclock.health('source')
          .catch(() => {});
      return proxySignIn.asking();
    },
    problems,
    now: () => time.now(),
    translator: language.translator,
    messages: language.messages,
    info,
    activeEnvironment: () => environments.active().environment,
    secretFor,
    secretStatus: (id) => (id === 'mock' ? builtinSecretStatus : vault.status(id, bindingOf(id) ?? '')),
    secretBinding: bindingOf,
    clients,
    environmentsChanged,
    checkHealthNow: (): Promise<HealthLine[]> => health.checkNow(),
    requestOptionsFor: fetchFor,
    localZone: () => options.localZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
    deleteWarning(environmentId) {
      const environment = environments.get(environmentId)?.environment;
      const unsent = outbox.all().filter((punch) => punch.environmentId === environmentId).length;
      if (!environment || unsent === 0) return null;
      return language.t('environment.deleteWarning', { count: unsent, name: environment.name });
    },
    switchEnvironment(targetId, confirmed) {
      const warning = switchWarning(targetId);
      if (warning && !confirmed) return { ok: false, warning };
      environments.setActive(targetId);
      environmentsChanged();
      return { ok: true };
    },
  };

  /** Why switching to another environment deserves a second thought (punches still waiting), if it does. */
  function switchWarning(targetId: string): string | null {
    const current = environments.active().environment;
    const target = environments.get(targetId)?.environment;
    const waiting = outbox.all().filter((punch) => punch.environmentId === current.id && !punch.stopped).length;
    if (!target || target.id === current.id || waiting === 0) return null;
    return language.t('environment.switchWarning', { count: waiting, current: current.name, target: target.name });
  }
}

/** The user's language, from the setting and the system's languages; tells when it changes. */
function createLanguage(settings: SettingsService, systemLanguages: () => readonly string[] = () => []) {
  const localeNow = () => chooseLocale(settings.preferences().general.language, systemLanguages());
  let current: Translator = translatorFor(localeNow());
  const listeners = new Set<() => void>();
  settings.onChange(() => {
    const locale = localeNow();
    if (locale.messages === current.locale.messages && locale.formats === current.locale.formats) return;
    current = translatorFor(locale);
    for (const listener of listeners) listener();
  });
  /** Words in the user's language as it is at each call: what the services keep and use. */
  const t: Translate = (key, ...args) => current.t(key, ...args);
  return {
    t,
    translator: () => current,
    messages: (): WindowMessages => ({ locale: current.locale, messages: catalogueOf(current.locale.messages) }),
    onChange: (listener: () => void) => void listeners.add(listener),
  };
}
