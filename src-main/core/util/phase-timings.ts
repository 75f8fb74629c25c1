/**
 * Where a long job's time goes (the lookup's full load): network, parse, read, join, index. Off
 * unless a listener is set — the benchmark sets one; the app never does, so it costs a null check.
 * One listener per thread (the lookup runs in its own worker).
 */
export type Phase = 'network' | 'parse' | 'read' | 'join' | 'index';

let listener: ((phase: Phase, ms: number) => void) | null = null;

export function listenToPhases(next: ((phase: Phase, ms: number) => void) | null): void {
  listener = next;
}

export function reportPhase(phase: Phase, ms: number): void {
  listener?.(phase, ms);
}

export function timePhase<T>(phase: Phase, work: () => T): T {
  if (!listener) return work();
  const started = performance.now();
  try {
    return work();
  } finally {
    listener?.(phase, performance.now() - started);
  }
}
