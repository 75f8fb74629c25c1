/**
 * A clock for simulating thousands of workstations at once: timers are kept per simulated second
 * (a fleet's load is counted per second anyway), and the run fires each second's timers, then lets
 * their promises settle before the next second.
 */
import type { TimeSource } from '../../core/util/time-source.ts';

export interface FleetClock extends TimeSource {
  /** Runs every second from now up to `endMs`; `onSecond` is called before each second's timers. */
  runUntil(endMs: number, onSecond?: (second: number) => void): Promise<void>;
}

export function createFleetClock(startMs: number): FleetClock {
  let now = startMs;
  const buckets = new Map<number, Set<{ run: () => void }>>();
  const handles = new Map<{ run: () => void }, number>();
  const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
  return {
    now: () => now,
    setTimeout(callback, ms) {
      const second = Math.max(Math.floor((now + Math.max(0, ms)) / 1000), Math.floor(now / 1000) + 1);
      const handle = { run: callback };
      let bucket = buckets.get(second);
      if (!bucket) buckets.set(second, (bucket = new Set()));
      bucket.add(handle);
      handles.set(handle, second);
      return handle;
    },
    clearTimeout(handle) {
      const key = handle as { run: () => void };
      const second = handles.get(key);
      if (second === undefined) return;
      buckets.get(second)?.delete(key);
      handles.delete(key);
    },
    async runUntil(endMs, onSecond) {
      for (let second = Math.floor(now / 1000); second * 1000 < endMs; second++) {
        now = second * 1000;
        onSecond?.(second);
        const due = buckets.get(second);
        buckets.delete(second);
        for (const handle of due ?? []) {
          handles.delete(handle);
          handle.run();
        }
        // Two turns: a probe's answer, then what the monitor does with it (it may arm a timer).
        await settle();
        await settle();
      }
      now = endMs;
    },
  };
}
