/**
 * Sends the outbox one run at a time, tells the employee about punches that were waiting and are now
 * settled, learns the service's state from what settled, and plans the next run.
 */
import type { Environment } from '../../shared/domain/environments.ts';
import type { ClockReading } from './clock-reading.ts';
import type { ClockNotification, ClockWords } from './clock-words.ts';
import type { PunchSync } from './punch-sync.ts';
import type { PunchOutcome } from './punch-outcomes.ts';

interface SyncLoopOptions {
  sync: PunchSync;
  reading: ClockReading;
  active: () => Environment;
  words: ClockWords;
  notify: (notification: ClockNotification) => void;
  changed: () => void;
  refresh: () => Promise<void>;
  timers: { schedule(name: 'sync', delayMs: number | null, run: () => void): void };
}

export function createSyncLoop(options: SyncLoopOptions) {
  const { sync, reading, active } = options;
  let syncing: Promise<PunchOutcome[]> | null = null;

  /** The last settled punch of the shown environment and employee says what the server now has. */
  function learnFrom(outcomes: PunchOutcome[]): void {
    const environment = active();
    const settled = outcomes.filter(
      (outcome) =>
        (outcome.kind === 'synced' || outcome.kind === 'reconciled') &&
        outcome.punch.environmentId === environment.id &&
        outcome.punch.employeeId === environment.employeeId,
    );
    if (settled.length === 0) return;
    reading.changedLocally();
    // Every answer tells My hours of its shift (a shift ended elsewhere, told by a 409); the last is the state.
    for (const outcome of settled.slice(0, -1)) if ('event' in outcome) reading.note(outcome.event);
    const last = settled.at(-1)!;
    if ('event' in last && last.event) reading.remember(last.event);
    else {
      reading.state.server = { kind: 'unknown' };
      void options.refresh();
    }
  }

  /** Sends the outbox; `ownPunchId` is the punch just made, whose outcome its caller tells. */
  async function run(ownPunchId: string | null = null, force = true): Promise<PunchOutcome[]> {
    while (syncing) await syncing.catch(() => []);
    syncing = sync.run({ force, freshPunchId: ownPunchId });
    try {
      const outcomes = await syncing;
      for (const outcome of outcomes) {
        if (outcome.punch.id === ownPunchId) continue;
        // A punch told with Undo when it was made, at its first try now that its undo time is up:
        // sent, there is nothing new to say; not sent, it is said now, as for a punch sent at once.
        const firstTryAfterUndo = outcome.punch.undoUntil !== null && outcome.punch.attempts <= 1;
        if (outcome.kind === 'waiting') {
          if (firstTryAfterUndo) options.notify(options.words.outcomeNotice(outcome, active().name));
          continue;
        }
        if (outcome.kind === 'synced' && firstTryAfterUndo) continue;
        options.notify(
          outcome.kind === 'synced'
            ? options.words.sentLaterNotice(outcome.punch)
            : options.words.outcomeNotice(outcome, active().name),
        );
      }
      learnFrom(outcomes);
      return outcomes;
    } finally {
      syncing = null;
      options.timers.schedule('sync', sync.nextDueIn(), () => void run(null, false));
      options.changed();
    }
  }

  return {
    run,
    /** Resolves once no run is under way. */
    async flush() {
      while (syncing) await syncing.catch(() => []);
    },
  };
}

export type SyncLoop = ReturnType<typeof createSyncLoop>;
