/**
 * The clock's state and its punches: what the service last said (read at start, every 5 minutes and
 * after each change), the state with the outbox on top, the sync loop that sends the outbox, and
 * the recorder that writes a click as a punch.
 */
import type { Punch } from './outbox.ts';
import type { ClockContext } from './clock-context.ts';
import type { ClockServiceOptions } from './clock-options.ts';
import { createClockCache } from './clock-cache.ts';
import { createClockReading } from './clock-reading.ts';
import { effectiveStatus, type ClockStatus } from './clock-state.ts';
import { createTimers } from './clock-timers.ts';
import { createPunchRecorder } from './punch-recorder.ts';
import { createPunchSync } from './punch-sync.ts';
import { createSyncLoop } from './sync-loop.ts';

const REFRESH_MS = 5 * 60_000;

/** `afterRead` runs after every read of the service's state (the absence is weighed against it). */
export function createPunching(options: ClockServiceOptions, context: ClockContext, afterRead: () => void) {
  const { outbox } = options;
  const { active, words, changed, notify, now, formatTime } = context;
  const sync = createPunchSync({ ...options, now, monotonic: context.monotonic, formatTime, t: words.t });
  const reading = createClockReading({
    ...options,
    active,
    cache: createClockCache(options.cache),
    journal: context.journal,
    changed,
    words,
  });
  const timers = createTimers(options.time);
  const status = (): ClockStatus => effectiveStatus(reading.state.server, outbox.all(), active().id, active().employeeId);
  /** Punches to show: the active environment's, and those of environments that no longer exist. */
  const shownPunches = (): Punch[] => {
    const exists = options.environmentExists ?? (() => true);
    return outbox.all().filter((punch) => punch.environmentId === active().id || !exists(punch.environmentId));
  };
  const refresh = (): Promise<void> => {
    timers.schedule('refresh', REFRESH_MS, () => void refresh());
    const wasFailing = reading.state.problem !== null;
    return reading.read().then(() => {
      afterRead();
      if (wasFailing && reading.state.problem === null) sendWaitingNow();
    });
  };
  /** The service answers again: punches waiting out a wait go now, not at the end of their backoff. */
  const sendWaitingNow = () => {
    if (outbox.all().some((punch) => !punch.stopped)) void syncLoop.run();
  };
  const syncLoop = createSyncLoop({ sync, reading, active, words, notify, changed, refresh, timers });
  const recorder = createPunchRecorder({
    outbox,
    reading,
    syncLoop,
    active,
    status,
    shownPunches,
    formatTime,
    words,
    changed,
    notify,
    now,
    correctionMs: context.correctionMs,
    learnServiceTime: () => reading.read(),
    undoMs: () => options.preferences().clock.undoSeconds * 1000,
    traced: context.traced,
  });
  return { reading, timers, status, shownPunches, refresh, sendWaitingNow, syncLoop, recorder, punch: recorder.punch };
}

export type Punching = ReturnType<typeof createPunching>;
