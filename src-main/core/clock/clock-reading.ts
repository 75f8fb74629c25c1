/**
 * What the app knows of the service's clock state for the shown environment and employee: the
 * service's last answer (cached per environment and employee, for starts without network), the
 * problem that keeps it from being known, and a version that makes an answer stale when it was read
 * before a punch was made or settled here.
 */
import type { ClockedTimeEvent } from '../../shared/api/types.ts';
import type { Environment } from '../../shared/domain/environments.ts';
import { ApiError } from '../api/api-error.ts';
import type { ServiceClients } from '../api/service-clients.ts';
import type { TimeSource } from '../util/time-source.ts';
import type { ClockCache } from './clock-cache.ts';
import type { ServerClock } from './clock-state.ts';
import type { ClockWords } from './clock-words.ts';
import type { HoursJournal } from './hours-journal.ts';
import { describeReadFailure } from './read-failure.ts';

export interface ClockReadingOptions {
  time: TimeSource;
  active: () => Environment;
  clientsFor: (environmentId: string) => ServiceClients | null;
  cache: ClockCache;
  journal: HoursJournal;
  changed: () => void;
  words: ClockWords;
}

export interface ClockReadingState {
  server: ServerClock;
  problem: string | null;
  /** The problem is only that the service is out of reach (not an answer we could not use). */
  problemIsOutage: boolean;
  /** Bumped by every local change of the clock; an answer read before the latest change is stale. */
  localVersion: number;
}

export function createClockReading(options: ClockReadingOptions) {
  const { time, active, cache } = options;
  const key = () => `${active().id}:${active().employeeId}`;
  const state: ClockReadingState = {
    server: cache.get(key()) ?? { kind: 'unknown' },
    problem: null,
    problemIsOutage: false,
    localVersion: 0,
  };

  /** The service's word becomes the shown state only if it is about the employee shown. */
  function remember(event: ClockedTimeEvent | null): void {
    const employeeId = active().employeeId;
    if (event?.employeeId && event.employeeId !== employeeId) {
      state.server = { kind: 'unknown' };
      state.problem = options.words.t('refusal.wrongEmployee', { theirs: event.employeeId, ours: employeeId });
      return;
    }
    state.server = { kind: 'known', event, readAt: time.now() };
    cache.set(key(), state.server);
    if (event) options.journal.record(active().id, employeeId, event);
  }

  /** An older answer of the service (a backlog's earlier punch): its shift goes to My hours, not to the state shown. */
  function note(event: ClockedTimeEvent | null): void {
    const employeeId = active().employeeId;
    if (event && (!event.employeeId || event.employeeId === employeeId)) options.journal.record(active().id, employeeId, event);
  }

  /** Asks the service for the employee's last event; a failure says why, and what is then unknown. */
  async function read(): Promise<void> {
    const environment = active();
    const clients = options.clientsFor(environment.id);
    if (!clients || environment.employeeId.trim() === '') return;
    const versionAtStart = state.localVersion;
    try {
      const event = await clients.timeclock.lastClockedTimeEvent(environment.employeeId);
      // A punch made or settled while this read was under way is newer than its answer.
      if (versionAtStart !== state.localVersion || active().id !== environment.id) return;
      state.problem = null;
      state.problemIsOutage = false;
      remember(event);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (versionAtStart !== state.localVersion) return;
      const failure = await describeReadFailure(error, clients, environment, options.words.t);
      state.problem = failure.message;
      state.problemIsOutage = error.transient && !failure.stateUnknown;
      if (failure.stateUnknown) state.server = { kind: 'unknown' };
    }
    options.changed();
  }

  return {
    state,
    /** The environment and employee shown, as one key. */
    key,
    remember,
    note,
    read,
    /** A punch was made or settled here: answers read before now are stale. */
    changedLocally: () => void state.localVersion++,
    /** Another environment or employee: start from what the cache knows of them. */
    reload() {
      state.server = cache.get(key()) ?? { kind: 'unknown' };
      state.problem = null;
      state.localVersion++;
    },
  };
}

export type ClockReading = ReturnType<typeof createClockReading>;
