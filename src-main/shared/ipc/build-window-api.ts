/**
 * Builds `window.api` from the contract's names and a transport. The preload uses it with
 * Electron's IPC; the browser tests inject the very same function (via its source text) with a
 * bridge to the test process, so a window cannot tell the two apart.
 *
 * It must stay self-contained: no imports, no outside references, plain syntax.
 */
export function buildWindowApi(
  invokeNames: readonly string[],
  eventNames: readonly string[],
  invoke: (name: string, args: unknown[]) => Promise<unknown>,
  subscribe: (name: string, listener: (payload: unknown) => void) => () => void,
): Record<string, unknown> {
  const api: Record<string, unknown> = {};
  for (const name of invokeNames) {
    api[name] = async (...args: unknown[]) => {
      const envelope = (await invoke(name, args)) as { ok: boolean; value?: unknown; error?: { kind: string; message: string } };
      if (envelope.ok) return envelope.value;
      const error = new Error(envelope.error?.message ?? 'The request failed.');
      (error as Error & { kind?: string }).kind = envelope.error?.kind;
      throw error;
    };
  }
  for (const name of eventNames) {
    api[`on${name[0]!.toUpperCase()}${name.slice(1)}`] = (listener: (payload: unknown) => void) => subscribe(name, listener);
  }
  return Object.freeze(api);
}
