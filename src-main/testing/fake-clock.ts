/**
 * A clock tests move by hand: timers fire in order as time is advanced, never on their own. As in
 * Node, a timer waits a length of time, not for a date: moving the date back (`jump` with a
 * negative amount: someone set the computer's clock back) changes `now` only, never `monotonic`
 * nor when a timer fires.
 */
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
  let elapsed = 0;
  let nextId = 1;
  /** Timers by the elapsed time at which they fire. */
  const timers = new Map<number, { at: number; callback: () => void }>();
  const advance = (ms: number) => {
    now += ms;
    elapsed += ms;
  };
  return {
    now: () => now,
    monotonic: () => elapsed,
    setTimeout(callback, ms) {
      const id = nextId++;
      timers.set(id, { at: elapsed + Math.max(0, ms), callback });
      return id;
    },
    clearTimeout: (handle) => void timers.delete(handle as number),
    jump(ms) {
      if (ms > 0) advance(ms);
      else now += ms;
    },
    nextTimerAt: () =>
      timers.size === 0 ? null : now + Math.max(0, Math.min(...[...timers.values()].map((timer) => timer.at)) - elapsed),
    fireNext() {
      const next = [...timers.entries()].sort(([, a], [, b]) => a.at - b.at)[0];
      if (!next) return false;
      const [id, timer] = next;
      timers.delete(id);
      advance(Math.max(0, timer.at - elapsed));
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
