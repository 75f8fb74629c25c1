/**
 * Updates as IT sets them (settings `updates.*`, usually by policy): checks the company's feed a
 * while after start and then every few hours; in "install" mode downloads what it finds, and as
 * the app quits installs it unless punches wait or IT's no-install window is on. A failed check is
 * retried quietly later, sooner at first, never more often than every 15 minutes; a download that
 * fails verification is not retried until the next regular check. With mode "off" or no server
 * set, no request is made at all.
 */
import { localMinutesOfDay } from '../../shared/moments.ts';
import { systemTime, type TimeSource } from '../util/time-source.ts';
import { feedOf, installDecision, type InstallDecision, type NoFeed, type UpdatePreferences } from './update-plan.ts';
import { maskUrlCredentials } from '../../shared/it-url.ts';
import { updateFailureOf, type UpdateFailure, type Updater } from './updater.ts';

export type UpdateState =
  /** `unverifiable`: IT set a feed, but this build has nothing to check an update against. */
  | { phase: 'off'; unverifiable?: true }
  | { phase: 'idle' }
  | { phase: 'checking' }
  | { phase: 'available'; version: string }
  | { phase: 'downloading'; version: string }
  | { phase: 'ready'; version: string }
  | { phase: 'failed'; failure: UpdateFailure; version: string | null };

export interface UpdateService {
  start(): void;
  stop(): void;
  state(): UpdateState;
  onChange(listener: () => void): void;
  /** Called on every settings change: a new feed, channel or mode is checked soon. */
  settingsChanged(): void;
  /** One check (and download) now, whatever the schedule. */
  checkNow(): Promise<void>;
  /** Just before the app quits: whether a downloaded update installs now, or why not (null: none ready). */
  beforeQuit(): InstallDecision | null;
}

export interface UpdateServiceOptions {
  updater: Updater;
  preferences: () => UpdatePreferences;
  waitingPunches: () => number;
  /** This build pins a publisher or key to check updates against on this platform (update-trust.ts). */
  verifiable: boolean;
  time?: TimeSource;
  localMinutes?: (ms: number) => number;
  log: { info(message: string): void; warn(message: string): void };
}

/** The first check waits a little after start (or a new feed), so it never competes with 8:00's clock-in. */
export const FIRST_CHECK_MS = 2 * 60_000;
export const RETRY_BASE_MS = 15 * 60_000;

// Over 80 lines on purpose: one schedule and one state, with short named steps (the longest, run, 30 lines).
export function createUpdateService(options: UpdateServiceOptions): UpdateService {
  const { updater, log } = options;
  const time = options.time ?? systemTime;
  const localMinutes = options.localMinutes ?? localMinutesOfDay;
  let current: UpdateState = { phase: 'off' };
  let timer: unknown = null;
  let failures = 0;
  let running: Promise<void> | null = null;
  let feedKey = '';
  const listeners: Array<() => void> = [];

  const set = (next: UpdateState) => {
    current = next;
    listeners.forEach((listener) => listener());
  };
  const interval = () => options.preferences().checkEveryHours * 3_600_000;
  const cancel = () => {
    if (timer !== null) time.clearTimeout(timer);
    timer = null;
  };
  const schedule = (ms: number) => {
    cancel();
    timer = time.setTimeout(() => void checkNow(), ms);
  };
  const retryDelay = (failure: UpdateFailure) =>
    failure === 'unverified' ? interval() : Math.min(RETRY_BASE_MS * 2 ** Math.min(failures - 1, 10), interval());

  async function run(): Promise<void> {
    timer = null;
    const preferences = options.preferences();
    const feed = feedOf(preferences, options.verifiable);
    if ('none' in feed) return set(offState(feed.none));
    let version: string | null = null;
    try {
      updater.configure(feed);
      if (current.phase !== 'ready') set({ phase: 'checking' });
      version = await updater.check();
      if (version === null) {
        if (current.phase !== 'ready') set({ phase: 'idle' });
        log.info('Updates: no newer version for this workstation.');
      } else if (preferences.mode === 'notify') set({ phase: 'available', version });
      else if (!(current.phase === 'ready' && current.version === version)) await download(version);
      failures = 0;
      schedule(interval());
    } catch (error) {
      const failure = updateFailureOf(error);
      failures++;
      const retry = retryDelay(failure);
      log.warn(
        `Updates: ${version === null ? 'checking' : `getting version ${version}`} failed (${failure}): ${String(error)}; next try in ${Math.round(retry / 60_000)} min.`,
      );
      // A version downloaded before stays ready when a later check fails.
      if (!(current.phase === 'ready' && version === null)) set({ phase: 'failed', failure, version });
      schedule(retry);
    }
  }

  /** Off, and why where IT would want to know (said once per change of settings). */
  function offState(why: NoFeed): UpdateState {
    const server = maskUrlCredentials(options.preferences().serverUrl);
    if (why === 'badServer') log.warn(`Updates: the update server "${server}" is not an https address; no checks.`);
    if (why === 'unverifiable')
      log.warn(
        `Updates: this build pins no publisher or key to check updates against on this platform, so nothing is asked of "${server}" (docs/releasing.md).`,
      );
    return why === 'unverifiable' ? { phase: 'off', unverifiable: true } : { phase: 'off' };
  }

  async function download(version: string): Promise<void> {
    set({ phase: 'downloading', version });
    await updater.download();
    log.info(`Updates: version ${version} downloaded and verified; it installs when the app quits.`);
    set({ phase: 'ready', version });
  }

  function checkNow(): Promise<void> {
    running ??= run().finally(() => (running = null));
    return running;
  }

  function settingsChanged(): void {
    const preferences = options.preferences();
    const feed = feedOf(preferences, options.verifiable);
    const key = JSON.stringify([feed, preferences.mode, preferences.checkEveryHours]);
    if (key === feedKey) return;
    feedKey = key;
    failures = 0;
    if ('none' in feed) {
      cancel();
      if (current.phase !== 'ready') set(offState(feed.none));
      return;
    }
    if (current.phase === 'off') set({ phase: 'idle' });
    schedule(FIRST_CHECK_MS);
  }

  /** Always tells the updater, so nothing it downloaded installs unless the core says so now. */
  function beforeQuit(): InstallDecision | null {
    const preferences = options.preferences();
    const decision =
      current.phase === 'ready' && preferences.mode === 'install'
        ? installDecision(preferences, options.waitingPunches(), localMinutes(time.now()))
        : null;
    updater.installOnQuit(decision === 'install');
    if (decision && current.phase === 'ready')
      log.info(`Updates: version ${current.version} ${decision === 'install' ? 'installs now' : `waits (${decision})`}.`);
    return decision;
  }

  return {
    start: settingsChanged,
    stop() {
      cancel();
      feedKey = '';
    },
    state: () => current,
    onChange: (listener) => void listeners.push(listener),
    settingsChanged,
    checkNow,
    beforeQuit,
  };
}
