/**
 * Where the core reads the time and sets its timers: injectable, so schedules are tested on a fake
 * one. ("Clock" in this code base is the clock service — clocking in and out — not this.)
 */
export interface TimeSource {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemTime: TimeSource = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => {
    const handle = setTimeout(callback, ms);
    handle.unref?.();
    return handle;
  },
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};
