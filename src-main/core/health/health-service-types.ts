/** What the health watch is built from, and what it offers the tray, the windows and the assemblies. */
import type { SystemNames } from '../../shared/domain/environments.ts';
import type { HealthBadge } from '../../shared/domain/health.ts';
import type { HealthSystem } from '../../shared/api/types.ts';
import type { Translate } from '../../shared/i18n/translator.ts';
import type { HealthLine, HealthStatusView } from '../../shared/ipc/contract.ts';
import type { TimeFormatter } from '../../shared/moments.ts';
import type { Preferences } from '../../shared/settings-schema.ts';
import type { TimeSource } from '../util/time-source.ts';
import type { TextFile } from '../util/text-file.ts';
import type { HealthSnapshot } from './health-monitor.ts';
import type { Probe } from './health-types.ts';
import type { HealthNotification } from './notice-writer.ts';
import type { RequestFailure } from './refusals.ts';
import type { StatusPageWatch } from './status-page-watch.ts';

export interface HealthServiceOptions {
  time: TimeSource;
  preferences: () => Preferences;
  environment: () => { id: string; name: string; systemNames?: SystemNames };
  probe: (system: HealthSystem, signal: AbortSignal) => Promise<Probe>;
  /** The active environment's punch that waits here, unsent (its label): said in an outage's notification. */
  waitingPunch?: () => string | null;
  isOnline?: () => boolean;
  /** Whether anything of the environment answers at all (see the monitor). */
  reachable?: (signal: AbortSignal) => Promise<boolean>;
  random?: () => number;
  formatTime?: TimeFormatter;
  /** The words of the user's language, as they are at each use (English when not given). */
  t?: Translate;
  /** Minutes since local midnight (quiet hours); the machine's time zone by default. */
  localMinutes?: (ms: number) => number;
  /** Where the app logs (a history that could not be read whole is said there). */
  log?: { warn(line: string): void };
  /** Where an environment's history is kept between runs. */
  historyFile?: (environmentId: string) => TextFile;
  /** The account on this computer, named beside an acknowledgement ("I know"). */
  userName?: () => string;
  /** The formatting locale of the user's language (the computer's when not given). */
  formats?: () => string;
  /** The status page IT runs, read apart from the checks (none when IT named none). */
  statusPage?: StatusPageWatch;
}

export interface HealthService {
  start(): void;
  stop(): void;
  checkNow(): Promise<HealthLine[]>;
  /** Sleep, unlock, network back: what we knew is stale. */
  reset(): void;
  environmentChanged(): void;
  credentialsChanged(): void;
  pauseNotifications(until: number | null): void;
  notificationsPausedUntil(): number | null;
  snapshot(): HealthSnapshot;
  lines(): HealthLine[];
  badge(): HealthBadge;
  summary(): string;
  status(): HealthStatusView;
  /** "I know — don't remind me until it's back" for the outages going on (of `systems`, or all); false when none. */
  acknowledge(note: string, systems?: readonly HealthSystem[]): boolean;
  /** Takes an "I know" back: the outage going on is reminded of again. */
  remindAgain(system: HealthSystem): void;
  /** One of the app's own requests to a system ended (null: answered): evidence beside its health check. */
  requestSettled(system: HealthSystem, failure: RequestFailure): void;
  /** The checks of the last 24 hours, with where their time went, as CSV. */
  checksCsv(): string;
  /** The outages of the last 30 days as CSV. */
  outagesCsv(): string;
  /** Anything shown changed (a check, a state, a pause). */
  onUpdate(listener: () => void): () => void;
  onNotification(listener: (notification: HealthNotification) => void): () => void;
  /** Settles in-flight checks and saves the history (on quit, and in tests). */
  flush(): Promise<void>;
}
