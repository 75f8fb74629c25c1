/** The clock's named timers (refresh, sync, reminders), which run only while the clock service runs. */
import type { TimeSource } from '../util/time-source.ts';

export type TimerName = 'refresh' | 'sync' | 'reminders';

/** Named timers that run only while the service runs. */
export function createTimers(time: TimeSource) {
  const handles: Record<TimerName, unknown> = { refresh: null, sync: null, reminders: null };
  let running = false;
  const schedule = (name: TimerName, delayMs: number | null, run: () => void) => {
    if (handles[name] !== null) time.clearTimeout(handles[name]);
    handles[name] = running && delayMs !== null ? time.setTimeout(run, Math.max(0, delayMs)) : null;
  };
  return {
    schedule,
    start: () => void (running = true),
    stop() {
      running = false;
      for (const name of Object.keys(handles) as TimerName[]) schedule(name, null, () => {});
    },
  };
}
