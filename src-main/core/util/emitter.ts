/** A minimal typed event emitter: the core's way to tell the shell and windows that state changed. */
export interface Emitter<Events> {
  on<K extends keyof Events>(event: K, listener: (payload: Events[K]) => void): () => void;
  emit<K extends keyof Events>(event: K, payload: Events[K]): void;
}

export function createEmitter<Events>(): Emitter<Events> {
  const listeners = new Map<keyof Events, Set<(payload: never) => void>>();
  return {
    on(event, listener) {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      set.add(listener);
      return () => void set.delete(listener);
    },
    emit(event, payload) {
      for (const listener of listeners.get(event) ?? []) (listener as (value: typeof payload) => void)(payload);
    },
  };
}
