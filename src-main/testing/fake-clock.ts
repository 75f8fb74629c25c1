/** A clock tests move by hand: timers fire in order as time is advanced, never on their own. */
import type { TimeSource } from '../core/util/time-source.ts';

export interface FakeClock extends TimeSource {
  /** Moves time forward without firing anything (a machine asleep). */
  jump(ms: number): void;
  /** The earliest pending timer, or null. */
  nextTimerAt(): number | null;
  /** Sets time to the earliest timer and fires it. */
  fireNext(): boolean;
}

export function createFakeClock(start = Date.parse('2026-11-23T08:00:00Z')): FakeClock {
  let now = start;
  let nextId = 1;
  const timers = new Map<number, { at: number; callback: () => void }>();
  return {
    now: () => now,
    setTimeout(callback, ms) {
      const id = nextId++;
      timers.set(id, { at: now + Math.max(0, ms), callback });
      return id;
    },
    clearTimeout: (handle) => void timers.delete(handle as number),
    jump(ms) {
      now += ms;
    },
    nextTimerAt: () => (timers.size === 0 ? null : Math.min(...[...timers.values()].map((timer) => timer.at))),
    fireNext() {
      const next = [...timers.entries()].sort(([, a], [, b]) => a.at - b.at)[0];
      if (!next) return false;
      const [id, timer] = next;
      timers.delete(id);
      now = Math.max(now, timer.at);
      timer.callback();
      return true;
    },
  };
}

/** Fires every timer due up to `end` in order, letting each one's async work settle before the next. */
export async function runClockUntil(clock: FakeClock, end: number, settle: () => Promise<void>): Promise<void> {
  for (;;) {
    const next = clock.nextTimerAt();
    if (next === null || next > end) break;
    clock.fireNext();
    await settle();
  }
  clock.jump(Math.max(0, end - clock.now()));
}
