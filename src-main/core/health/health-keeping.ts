/**
 * The active environment's health history as the watch keeps it: read at start and at a switch
 * (what cannot be used is dropped and logged), fed by every check, change and notification, and
 * saved every 5 minutes, at a switch and on quit.
 */
import { createHealthHistory, type HealthHistory } from './health-history.ts';
import type { HealthServiceOptions } from './health-service-types.ts';
import type { Watch } from './health-watch.ts';

export function createHistoryKeeping(options: HealthServiceOptions) {
  const { time } = options;
  let environmentId = options.environment().id;
  const load = () =>
    createHealthHistory(options.historyFile?.(environmentId).read() ?? null, (count) =>
      options.log?.warn(
        `Health history of environment ${environmentId}: ${count} saved entries could not be used and were dropped.`,
      ),
    );
  let history: HealthHistory = load();
  let lastSavedAt = time.now();
  const save = () => {
    lastSavedAt = time.now();
    options.historyFile?.(environmentId).write(history.serialize(time.now()));
  };
  return {
    history: () => history,
    save,
    sinceSaveMs: () => time.now() - lastSavedAt,
    /** Saves this environment's history and reads the one now active. */
    switchEnvironment() {
      save();
      environmentId = options.environment().id;
      history = load();
    },
  };
}

export type HistoryKeeping = ReturnType<typeof createHistoryKeeping>;

/** Writes what the watch sees into the history: each check, each confirmed change, each outage told. */
export function recordWatch({ monitor, policy }: Watch, keeping: HistoryKeeping, now: () => number): void {
  monitor.onCheck((system, event) => {
    const history = keeping.history();
    if (event.kind === 'ok') history.recordCheck(system, now(), event.latencyMs, event.phases);
    else if (event.kind === 'fail') history.recordCheck(system, now(), null);
    const state = monitor.snapshot()[system];
    if (state.state !== 'unknown' && state.state !== 'offline') history.outages.checked(system, now(), state.state === 'down');
    if (state.state === 'down') history.outages.heard(system, state.message);
  });
  monitor.onChange((system, change) => {
    const history = keeping.history();
    history.recordChange({ at: change.at, system, from: change.from, to: change.to, message: change.message });
    if (change.to === 'down') history.outages.began(system, change.outageStartedAt ?? change.at, change.message);
    else if (change.to === 'up' || change.to === 'degraded') history.outages.ended(system, change.at);
  });
  policy.onNotify(({ kind, systems, at }) => {
    if (kind === 'refusing' || kind === 'published') return; // no outage of ours: nothing to note beside one
    for (const system of systems) keeping.history().outages.told(system, kind, at);
  });
}
