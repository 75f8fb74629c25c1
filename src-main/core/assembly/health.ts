/**
 * The health watch of the active environment: each system probed with the watch's own clients,
 * our network told apart from theirs by evidence, the app's own timeclock requests taken as
 * evidence beside the checks, the punch waiting to be sent named in its words, and waiting punches
 * sent as soon as the service answers again.
 */
import { userInfo } from 'node:os';
import { systemLabel } from '../../shared/i18n/health-words.ts';
import type { ClockService } from '../clock/clock-service.ts';
import type { Outbox } from '../clock/outbox.ts';
import { sendWaitingPunchesOnRecovery } from '../clock/recovery-send.ts';
import { missingService } from '../environments/service-signature.ts';
import { createHealthService } from '../health/health-service.ts';
import { createStatusPageWatch } from '../health/status-page-watch.ts';
import { isDirect, tcpConnects, witnessAnswers } from '../health/network-evidence.ts';
import { environmentAnswers, probeSystem } from '../health/probe.ts';
import type { HealthSystem } from '../../shared/api/types.ts';
import type { AppCoreOptions } from './app-core-options.ts';
import type { NetworkAssembly } from './network.ts';
import type { CoreBasics } from './core-basics.ts';

interface HealthNeeds {
  options: Pick<AppCoreOptions, 'log' | 'isOnline' | 'random'>;
  network: NetworkAssembly;
  outbox: Outbox;
  clock: ClockService;
}

/** This computer's account, named beside an acknowledged outage; empty where the OS will not say. */
function accountName(): string {
  try {
    return userInfo().username;
  } catch {
    return '';
  }
}

export function createHealthAssembly(basics: CoreBasics, needs: HealthNeeds) {
  const { language, settings, environments, files, formatTime, events, time } = basics;
  const { options, network, outbox } = needs;
  const active = () => environments.active().environment;

  /** Evidence that our network works when a check got no answer (core/health/network-evidence.ts). */
  async function networkWorks(signal: AbortSignal): Promise<boolean> {
    const environment = active();
    if (await environmentAnswers(network.healthClientsFor(environment.id)!, signal)) return true;
    const witness = settings.preferences().monitoring.witnessUrl;
    if (witness && (await witnessAnswers(witness, network.fetchFor(environment).fetch ?? fetch, signal))) return true;
    const url = environment.timeclockBaseUrl;
    // A route that cannot be resolved is not direct: no TCP connection of the app's own then.
    const direct = network.route ? await network.route.proxyFor(url).then(isDirect, () => false) : true;
    return direct && tcpConnects(url, signal);
  }

  /** One system's check, in the environment's names for its systems. */
  function probe(system: HealthSystem, signal: AbortSignal) {
    const environment = active();
    const words = { t: language.t, label: systemLabel(system, language.t, environment.systemNames) };
    const clients = network.healthClientsFor(environment.id)!;
    // A health check "not found": is anything of the service at that address at all?
    const serviceMissing = async () =>
      (await missingService(clients.http.timeclock, 'timeclock', environment.employeeId)) !== null;
    return probeSystem(clients.timeclock, system, signal, { ...words, serviceMissing });
  }

  /** The punch of this environment that tried and could not be sent, in words; null if none waits. */
  function waitingPunch(): string | null {
    // Only a punch that tried and could not be sent waits here: one in its undo time has not tried yet.
    const punch = outbox
      .all()
      .find((candidate) => candidate.environmentId === active().id && !candidate.stopped && candidate.lastError !== null);
    return punch
      ? language.t('clock.punchLabel', {
          kind: punch.kind === 'clock-in' ? 'in' : 'out',
          time: formatTime(Date.parse(punch.at)),
        })
      : null;
  }

  // The status page IT runs: read through the same route as every request, apart from the checks.
  const statusPage = createStatusPageWatch({
    time,
    url: () => settings.preferences().monitoring.statusPage.url,
    minutes: () => settings.preferences().monitoring.statusPage.minutes,
    fetch: (input, init) => network.networkFetch()(input, init),
    random: options.random,
  });
  const health = createHealthService({
    statusPage,
    time,
    log: options.log,
    waitingPunch,
    preferences: () => settings.preferences(),
    environment: active,
    probe,
    reachable: (signal) => networkWorks(signal),
    isOnline: options.isOnline,
    random: options.random,
    formatTime: formatTime,
    t: language.t,
    historyFile: files.dataDir ? (id) => files.atomic(`health-${id}.json`) : undefined,
    userName: accountName,
    formats: () => language.translator().locale.formats,
  });
  // The app's own punches and reads go to the time recording system (the source): evidence beside its check.
  network.onTimeclockSettled(({ environmentId, failure }) => {
    if (environmentId === active().id)
      health.requestSettled('source', failure && { kind: failure.kind, message: failure.message });
  });
  health.onUpdate(() => events.emit('healthChanged', health.lines()));
  health.onUpdate(sendWaitingPunchesOnRecovery(health, needs.clock));
  return health;
}
