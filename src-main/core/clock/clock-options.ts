/** What the clock service is built from: the shell's clock, the outbox, the files, the environment and the settings. */
import type { ServiceClients } from '../api/service-clients.ts';
import type { Environment } from '../../shared/domain/environments.ts';
import type { TimeFormatter } from '../../shared/moments.ts';
import type { Preferences } from '../../shared/settings-schema.ts';
import type { Translate } from '../../shared/i18n/translator.ts';
import type { TimeSource } from '../util/time-source.ts';
import type { TextFile } from '../util/text-file.ts';
import type { Flexitime } from '../flexitime/flexitime.ts';
import type { LocalCalendar } from './clock-reminders.ts';
import type { ComputerStops } from './computer-stops.ts';
import type { HoursJournal } from './hours-journal.ts';
import type { CorrectionTrace } from '../record/correction-trace.ts';
import type { Outbox } from './outbox.ts';

export interface ClockServiceOptions {
  time: TimeSource;
  outbox: Outbox;
  /** Remembers the service's last answer per environment and employee, for starts without network. */
  cache?: TextFile;
  /** The shifts this computer saw, for "My hours" (the service keeps no history we can read). */
  journal?: HoursJournal;
  /** The trace of the employee's corrections (in memory when not given). */
  trace?: CorrectionTrace;
  /** The working calendar: targets, holidays, absences and the flexitime balance (none noted, no holidays, when not given). */
  flexitime?: Flexitime;
  /** When this computer last stopped (shut down, logged off, slept, locked), kept for the next start. */
  computerStops?: ComputerStops;
  activeEnvironment: () => Environment;
  clientsFor: (environmentId: string) => ServiceClients | null;
  /** Whether an environment still exists (punches of deleted ones stay visible until discarded). */
  environmentExists?: (environmentId: string) => boolean;
  preferences: () => Preferences;
  formatTime?: TimeFormatter;
  /** The words of the user's language, as they are at each use (English when not given). */
  t?: Translate;
  /** The formatting locale of the user's language (the computer's when not given). */
  formats?: () => string;
  calendar?: LocalCalendar;
  random?: () => number;
}
