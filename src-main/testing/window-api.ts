/** The window API as a window calls it: through the real dispatcher, every answer that crosses back recorded. */
import { dispatchInvoke } from '../core/ipc/dispatch.ts';
import { createWindowHandlers } from '../core/ipc/window-handlers.ts';
import type { AppCore } from '../core/app-core.ts';
import type { InvokeApi, InvokeName } from '../shared/ipc/contract.ts';
import { recordingShell } from './test-shell.ts';

export function windowApi(core: AppCore, shell = recordingShell()) {
  const handlers = createWindowHandlers(core, shell);
  /** Every envelope sent back to the renderer, as JSON (to look for what must never cross). */
  const responses: string[] = [];
  const call = async <K extends InvokeName>(name: K, ...args: Parameters<InvokeApi[K]>) => {
    const envelope = await dispatchInvoke(handlers, name, args);
    responses.push(JSON.stringify(envelope));
    if (!envelope.ok) throw new Error(envelope.error.message);
    return envelope.value as Awaited<ReturnType<InvokeApi[K]>>;
  };
  return { call, responses, shell };
}
