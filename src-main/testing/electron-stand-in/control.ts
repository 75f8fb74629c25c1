/**
 * The stand-in's line to the test that launched it (Node's IPC channel of a forked process): the
 * test sends commands ("click this tray item"), the stand-in answers each and reports what the app
 * did (a notification shown, a dialog opened). Without a channel (run by hand) commands simply
 * never come.
 */
export type Command = { id: number; op: string; args: unknown[] };
export type Reply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: string };
export type Report = { report: string; detail: unknown };

type Operation = (...args: never[]) => unknown;
const operations = new Map<string, Operation>();

/** Makes `op` callable by the test. */
export function answer(op: string, run: Operation): void {
  operations.set(op, run);
}

/** Tells the test something happened. */
export function report(name: string, detail: unknown = null): void {
  if (process.send && process.connected) process.send({ report: name, detail } satisfies Report);
}

let listening = false;
let hungUp = false;
export function listen(): void {
  if (listening || !process.send) return;
  listening = true;
  // The test (or `npm run try`) went away without quitting the app: no orphan left running.
  process.on('disconnect', () => hungUp || process.exit(0));
  process.on('message', (message: Command) => {
    void (async () => {
      const run = operations.get(message.op);
      try {
        if (!run) throw new Error(`The stand-in has no operation "${message.op}".`);
        const value = await (run as (...args: unknown[]) => unknown)(...message.args);
        process.send?.({ id: message.id, ok: true, value: value ?? null } satisfies Reply);
      } catch (error) {
        process.send?.({
          id: message.id,
          ok: false,
          error: error instanceof Error ? error.message : String(error),
        } satisfies Reply);
      }
    })();
  });
}

/** Lets the process end: the channel to the test would keep it alive. */
export function hangUp(): void {
  hungUp = true;
  if (process.connected) process.disconnect();
}
