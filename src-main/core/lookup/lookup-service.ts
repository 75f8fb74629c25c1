/**
 * The lookup as the app runs it: one backend per active environment, started on first use, synced
 * automatically while the lookup window is open, and thrown away (memory and all) after a switch
 * of environment or when the window has been closed for a while.
 */
import {
  proxyList,
  proxyOrigin,
  type KnownProxy,
  type ProxyAnswer,
  type ProxyCredentials,
  type ProxySignInSource,
} from '../api/network.ts';
import type { CsvStyle } from '../util/csv.ts';
import { scoreReasonsOf } from '../../shared/domain/score-reasons.ts';
import type { DebtorDetail, LookupPage, WatchRules, LookupSort, LookupStatus } from '../../shared/ipc/contract.ts';
import type { Environment } from '../../shared/domain/environments.ts';
import type { Preferences } from '../../shared/settings-schema.ts';
import type { TimeSource } from '../util/time-source.ts';
import type { LookupBackend, LookupWorkerConfig } from './lookup-backend.ts';
import { createLookupMemory, type LookupMemory, type Told } from './lookup-memory.ts';
import { createRememberedStore, type RememberedStore } from './remembered-store.ts';
import type { LookupCacheConfig } from './lookup-cache.ts';
import type { LookupAccess } from './lookup-access.ts';
import { openingMethods } from './lookup-opening.ts';

export interface LookupServiceOptions {
  time: TimeSource;
  activeEnvironment: () => Environment;
  secretFor: (environmentId: string) => string | null;
  preferences: () => Preferences;
  start: (config: LookupWorkerConfig, onStatus: (status: LookupStatus) => void) => LookupBackend;
  /** The network as the main process knows it: the proxy for a URL (resolved, waited for), and whether to trust the system's store. */
  network?: { proxyFor(url: string): Promise<KnownProxy>; systemCa: boolean; proxySignIn?: ProxySignInSource };
  onStatus: (status: LookupStatus) => void;
  /** Where an environment's lists are kept on disk between runs (lookup-cache.ts); null or absent: not kept. */
  cacheFor?: (environment: Environment) => LookupCacheConfig | null;
  /** An environment deleted: its lists on disk go. */
  removeCache?: (environmentId: string) => void;
  /** Where what the lookup remembers is kept (remembered-store.ts); in memory for the session if not given. */
  rememberedStore?: RememberedStore;
  /** Pinned debtors a sync changed so that one of their rules fired. */
  onPinnedChanged?: (told: Told[]) => void;
  /** Who opened which debtor and why (lookup-access.ts); nothing is recorded without it. */
  access?: LookupAccess;
}

/**
 * With its lists kept on disk, the lookup gives its memory back this soon after its window closes:
 * the next open reads them from disk (about a second at 100,000 debtors) and asks for the changes
 * only. Without, it keeps them for `lookup.idleClearMinutes`, since the next open would load them whole.
 */
export const RELEASE_WHEN_KEPT_ON_DISK_MS = 30_000;

/** The passwords kept for the debtors service's proxies, each for its own proxy: the worker asks nobody later. */
function signInsFor(proxy: KnownProxy, source: ProxySignInSource | undefined): Record<string, ProxyCredentials> {
  const proxies = typeof proxy === 'string' || Array.isArray(proxy) ? proxyList(proxy as ProxyAnswer) : [];
  const found: Record<string, ProxyCredentials> = {};
  for (const entry of proxies) {
    const origin = entry === null ? null : proxyOrigin(entry);
    const credentials = origin === null ? null : (source?.credentialsFor(origin) ?? null);
    if (origin !== null && credentials) found[origin] = credentials;
  }
  return found;
}

/** What the lookup remembers, as the window asks for it. */
const memoryMethods = (memory: LookupMemory) => ({
  remembered: () => memory.view(),
  viewed: (debtorKey: string) => memory.viewed(debtorKey),
  pin: (debtorKey: string, on: boolean) => memory.pin(debtorKey, on),
  watchRules: (debtorKey: string, rules: WatchRules, scope: 'debtor' | 'all') => memory.setRules(debtorKey, rules, scope),
});

// Over 80 lines on purpose: the lookup's lifecycle (one backend per environment, its timers) in
// small functions of at most 15 lines.
export function createLookupService(options: LookupServiceOptions) {
  const { time } = options;
  let backend: LookupBackend | null = null;
  /** Whether the running backend keeps its lists on disk (it was started with a cache). */
  let keptOnDisk = false;
  let last: LookupStatus | null = null;
  let openWindows = 0;
  const timers: Record<'refresh' | 'idle', unknown> = { refresh: null, idle: null };
  const cancel = (name: keyof typeof timers) => {
    if (timers[name] !== null) time.clearTimeout(timers[name]);
    timers[name] = null;
  };
  const empty = (): LookupStatus => ({
    state: 'empty',
    environmentName: options.activeEnvironment().name,
    progress: null,
    syncedAt: null,
    counts: { debtors: 0, creditScores: 0, bureauScores: 0, nicknames: 0 },
    indexed: 0,
    problems: [],
  });
  const report = (status: LookupStatus) => {
    last = status;
    options.onStatus(status);
  };

  let starting: Promise<LookupBackend> | null = null;
  /** The backend, started once the proxy of the debtors service is known (the worker cannot ask later). */
  function current(): Promise<LookupBackend> {
    if (backend) return Promise.resolve(backend);
    starting ??= (async () => {
      const environment = options.activeEnvironment();
      const proxy = (await options.network?.proxyFor(environment.debtorsBaseUrl)) ?? null;
      const config = {
        environment,
        secret: options.secretFor(environment.id),
        network: options.preferences().network,
        proxy,
        systemCa: options.network?.systemCa ?? false,
        proxySignIn: signInsFor(proxy, options.network?.proxySignIn),
        cache: options.cacheFor?.(environment) ?? null,
      };
      backend = options.start(config, report);
      keptOnDisk = config.cache !== null;
      starting = null;
      return backend;
    })();
    return starting;
  }

  let stopped = false;
  const memory = createLookupMemory({
    store: options.rememberedStore ?? createRememberedStore(null, null),
    environmentId: () => options.activeEnvironment().id,
    snapshots: async (keys) => (await current()).snapshots(keys),
    reasonsOf: async (key) => {
      const read = scoreReasonsOf((await (await current()).detail(key))?.creditScore?.reasons);
      return read.kind === 'read' ? read.reasons : [];
    },
    now: () => time.now(),
    onPinnedChanged: options.onPinnedChanged,
  });
  /** A debtor's details with what is remembered of it, as read (nothing asked or recorded: see `open`). */
  async function detailOf(debtorKey: string): Promise<DebtorDetail | null> {
    const detail = await (await current()).detail(debtorKey);
    return detail && { ...detail, memory: await memory.of(debtorKey) };
  }
  /** A sync, then what the lookup remembers brought up to date with it. */
  const syncAndRemember = async (started: LookupBackend, mode: 'auto' | 'full') => {
    const status = await started.sync(mode);
    if (status.state === 'ready') await memory.synced().catch(() => {});
    return status;
  };

  function scheduleRefresh(): void {
    cancel('refresh');
    const minutes = options.preferences().lookup.autoRefreshMinutes;
    if (openWindows > 0 && minutes > 0) {
      timers.refresh = time.setTimeout(() => {
        void current()
          .then((started) => syncAndRemember(started, 'auto'))
          .finally(scheduleRefresh);
      }, minutes * 60_000);
    }
  }

  async function clear(): Promise<void> {
    cancel('refresh');
    cancel('idle');
    const stopping = backend ?? (await starting);
    backend = null;
    starting = null;
    await stopping?.stop();
    report(empty());
    if (openWindows > 0) scheduleRefresh();
  }

  return {
    status: (): LookupStatus => last ?? empty(),
    /** Loads the data if there is none yet (the first open of the window). */
    async ensureLoaded(): Promise<LookupStatus> {
      const started = await current();
      const status = await started.status();
      return status.state === 'empty' ? syncAndRemember(started, 'auto') : status;
    },
    refresh: async (full = false) => syncAndRemember(await current(), full ? 'full' : 'auto'),
    search: async (text: string, sort: LookupSort): Promise<LookupPage> => (await current()).search({ text, sort }),
    rows: async (resultId: number, offset: number, limit: number): Promise<LookupPage> =>
      (await current()).rows(resultId, offset, limit),
    detail: detailOf,
    ...openingMethods({
      access: options.access,
      activeEnvironmentId: () => options.activeEnvironment().id,
      backend: current,
      detailOf,
    }),
    /** A client's whole book, its debtors past the concentration limit IT set marked. */
    book: async (clientKey: string) =>
      (await current()).book(clientKey, options.preferences().lookup.concentrationLimitPercent || null),
    ...memoryMethods(memory),
    /** An environment deleted: what was remembered of it, and its lists on disk, go too. */
    forget(environmentId: string): void {
      memory.forget(environmentId);
      options.removeCache?.(environmentId);
    },
    csv: async (resultId: number, header: readonly string[], style: CsvStyle): Promise<string> =>
      (await current()).csv(resultId, header, style),
    windowOpened() {
      if (stopped) return;
      openWindows++;
      cancel('idle');
      scheduleRefresh();
    },
    windowClosed() {
      openWindows = Math.max(0, openWindows - 1);
      if (openWindows > 0 || stopped) return;
      cancel('refresh');
      // Financial data about third parties is not kept around longer than needed, nor memory a terminal server's other sessions need.
      const idleMs = keptOnDisk ? RELEASE_WHEN_KEPT_ON_DISK_MS : options.preferences().lookup.idleClearMinutes * 60_000;
      timers.idle = time.setTimeout(() => void clear(), idleMs);
    },
    /** A switch of environment (or credentials): the old data must not be shown. */
    clear,
    /** Quitting: no timer left, the worker thread ended, and nothing starts again. */
    async stop(): Promise<void> {
      stopped = true;
      openWindows = 0;
      await clear();
    },
  };
}

export type LookupService = ReturnType<typeof createLookupService>;
