/**
 * The composition root of the plain-Node core, read as a table of contents: each assembly
 * (core/assembly/) builds one part — secrets, network and sign-in, data files, the clock, the
 * lookup, the health watch, switching environments, updates — from what the earlier ones give it;
 * this file only orders them and hands the whole to the shell. Never imports electron.
 */
import type { AppInfo, HealthLine, PushedEvents, WindowMessages } from '../shared/ipc/contract.ts';
import type { ServiceClients } from './api/service-clients.ts';
import type { Environment, SecretStatus } from '../shared/domain/environments.ts';
import { createEnvironmentRegistry, type EnvironmentRegistry } from './environments/environment-registry.ts';
import type { HealthService } from './health/health-service-types.ts';
import type { TimeFormatter } from '../shared/moments.ts';
import { formatMoment } from '../shared/moments.ts';
import type { SecretVault } from './security/vault.ts';
import type { SettingsService } from './settings/settings-service.ts';
import { systemTime } from './util/time-source.ts';
import { createEmitter, type Emitter } from './util/emitter.ts';
import type { ClockService } from './clock/clock-service.ts';
import type { Outbox } from './clock/outbox.ts';
import type { ProxySignIn } from './security/proxy-sign-in.ts';
import type { LookupService } from './lookup/lookup-service.ts';
import type { Translator } from '../shared/i18n/translator.ts';
import type { UpdateService } from './updates/update-service.ts';
import type { UpdateSourceStore } from './updates/update-source.ts';
import type { AppCoreOptions } from './assembly/app-core-options.ts';
import { createLanguage } from './assembly/language.ts';
import { createSecrets } from './assembly/secrets.ts';
import { createNetworkAssembly } from './assembly/network.ts';
import { createDataFiles } from './assembly/data-files.ts';
import { createClockAssembly } from './assembly/clock.ts';
import { createLookupAssembly, type LookupAssembly } from './assembly/lookup.ts';
import { createHealthAssembly } from './assembly/health.ts';
import { createEnvironmentSwitching } from './assembly/switching.ts';
import { createUpdatesAssembly } from './assembly/updates.ts';

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
  /** Who opened which debtor: what is kept, each entry as it is written, and what IT's collector took. */
  readonly accessRecord: LookupAssembly['accessRecord'];
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
  requestOptionsFor(environment: Environment): { fetch?: typeof fetch; moreSecrets?: () => string[] };
  /** This computer's time zone. */
  localZone(): string;
}

// Over 80 lines on purpose: a table of contents — the assemblies in order, then the core's surface,
// one line each; everything that decides something lives in core/assembly/.
export function createAppCore(options: AppCoreOptions): AppCore {
  const { settings, vault } = options;
  const time = options.time ?? systemTime;
  const events = createEmitter<PushedEvents>();
  const language = createLanguage(settings, options.systemLanguages);
  /** Moments in the user's formats, dated against the core's own time. */
  const formatTime: TimeFormatter =
    options.formatTime ?? ((ms) => formatMoment(ms, time.now(), language.translator().locale.formats, language.translator().t));

  const environments = createEnvironmentRegistry(settings, options.mockUrls, language.t);
  const secrets = createSecrets(vault, settings, environments, options.policySecrets);
  const network = createNetworkAssembly({ options, settings, vault, time, language, environments, secretFor: secrets.secretFor });
  const files = createDataFiles(options.dataDir, time, language.t);
  const basics = { time, files, language, formatTime, settings, environments, events };
  const { outbox, clock } = createClockAssembly(basics, {
    clientsFor: network.clientsFor,
    random: options.random,
    log: options.log,
  });
  const { lookup, onLookupNotice, accessRecord } = createLookupAssembly(basics, {
    options,
    vault,
    secretFor: secrets.secretFor,
    route: network.route,
    proxySignIn: network.proxySignIn,
  });
  const health = createHealthAssembly(basics, { options, network, outbox, clock });
  const switching = createEnvironmentSwitching({
    options,
    environments,
    language,
    secretFor: secrets.secretFor,
    proxySignIn: network.proxySignIn,
    outbox,
    health,
    clock,
    lookup,
    events,
  });
  const { updateSource, updates } = createUpdatesAssembly(options, { vault, settings, outbox, time });

  // A new language: every window is sent its catalogue, and what the core worded is worded again.
  language.onChange(() => {
    events.emit('languageChanged', language.messages());
    events.emit('environmentsChanged', switching.info()); // the Mock's name is in the user's language
    events.emit('clockChanged', clock.view());
    events.emit('healthChanged', health.lines());
  });

  return {
    events,
    settings,
    vault,
    environments,
    health,
    clock,
    outbox,
    lookup,
    onLookupNotice,
    accessRecord,
    updates,
    updateSource,
    proxySignIn: network.proxySignIn,
    networkFetch: network.networkFetch,
    proxyAsking: network.proxyAsking,
    problems: files.problems,
    now: () => time.now(),
    translator: language.translator,
    messages: language.messages,
    info: switching.info,
    activeEnvironment: () => environments.active().environment,
    secretFor: secrets.secretFor,
    secretStatus: secrets.secretStatus,
    secretBinding: secrets.bindingOf,
    clients: network.clients,
    environmentsChanged: switching.environmentsChanged,
    checkHealthNow: (): Promise<HealthLine[]> => health.checkNow(),
    requestOptionsFor: network.fetchFor,
    localZone: () => options.localZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
    deleteWarning: switching.deleteWarning,
    switchEnvironment: switching.switchEnvironment,
  };
}
