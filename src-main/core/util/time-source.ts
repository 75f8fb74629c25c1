/**
 * Where the core reads the time and sets its timers: injectable, so schedules are tested on a fake
 * one. ("Clock" in this code base is the clock service — clocking in and out — not this.)
 */
export interface TimeSource {
  now(): number;
  /**
   * Milliseconds on a clock that only moves forward, whatever happens to the date and time of the
   * computer (performance.now()): what waits are measured on. Absent: `now` serves.
   */
  monotonic?(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemTime: TimeSource = {
  now: () => Date.now(),
  monotonic: () => performance.now(),
  setTimeout: (callback, ms) => {
    const handle = setTimeout(callback, ms);
    handle.unref?.();
    return handle;
  },
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};
