/** What every assembly after the first few is built with: the core's time, files, words, settings, environments and events. */
import type { PushedEvents } from '../../shared/ipc/contract.ts';
import type { TimeFormatter } from '../../shared/moments.ts';
import type { EnvironmentRegistry } from '../environments/environment-registry.ts';
import type { SettingsService } from '../settings/settings-service.ts';
import type { Emitter } from '../util/emitter.ts';
import type { TimeSource } from '../util/time-source.ts';
import type { DataFiles } from './data-files.ts';
import type { Language } from './language.ts';

export interface CoreBasics {
  time: TimeSource;
  files: DataFiles;
  language: Language;
  /** Moments in the user's formats, dated against the core's own time. */
  formatTime: TimeFormatter;
  settings: SettingsService;
  environments: EnvironmentRegistry;
  events: Emitter<PushedEvents>;
}
