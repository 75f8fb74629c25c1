/**
 * The clock: the outbox every punch is saved to before it is sent (durable: nothing is lost), and
 * the clock service over it, with its cache, hours journal and the computer's stops.
 */
import type { PushedEvents } from '../../shared/ipc/contract.ts';
import type { TimeFormatter } from '../../shared/moments.ts';
import type { ServiceClients } from '../api/service-clients.ts';
import { createClockService } from '../clock/clock-service.ts';
import { outboxProblemText } from '../clock/clock-words.ts';
import { createComputerStops } from '../clock/computer-stops.ts';
import { createHoursJournal } from '../clock/hours-journal.ts';
import { createOutbox } from '../clock/outbox.ts';
import type { EnvironmentRegistry } from '../environments/environment-registry.ts';
import type { SettingsService } from '../settings/settings-service.ts';
import type { Emitter } from '../util/emitter.ts';
import type { TimeSource } from '../util/time-source.ts';
import type { DataFiles } from './data-files.ts';
import type { Language } from './language.ts';

interface ClockNeeds {
  time: TimeSource;
  files: DataFiles;
  language: Language;
  formatTime: TimeFormatter;
  settings: SettingsService;
  environments: EnvironmentRegistry;
  clientsFor: (environmentId: string) => ServiceClients | null;
  events: Emitter<PushedEvents>;
  random?: () => number;
}

export function createClockAssembly({
  time,
  files,
  language,
  formatTime,
  settings,
  environments,
  clientsFor,
  events,
  random,
}: ClockNeeds) {
  const outbox = createOutbox(
    files.durable('outbox.json'),
    (bytes) => files.setAside(`outbox.damaged-${time.now()}.json`, bytes),
    (problem) => files.problems.push(outboxProblemText(problem, language.t)),
  );
  const clock = createClockService({
    time,
    outbox,
    // A cache, not a record: atomic is enough, no fsync.
    cache: files.atomic('clock-cache.json'),
    journal: createHoursJournal(files.atomic('hours.json'), () => time.now()),
    // Written as the computer shuts down: durable, since the power may go a moment later.
    computerStops: createComputerStops(files.durable('computer-stops.json')),
    activeEnvironment: () => environments.active().environment,
    clientsFor,
    environmentExists: (id) => environments.get(id) !== undefined,
    preferences: () => settings.preferences(),
    formatTime,
    t: language.t,
    formats: () => language.translator().locale.formats,
    random,
  });
  clock.onChange(() => events.emit('clockChanged', clock.view()));
  return { outbox, clock };
}
