/**
 * Errors nothing caught: logged (redacted) and shown to the user once per distinct problem —
 * never a silent death, never a storm of dialogs. The app keeps running in the tray.
 */
import type { EventEmitter } from 'node:events';
import { redact } from '../security/redact.ts';
import type { Logger } from './logger.ts';

/**
 * `showOnce` is given the problem's redacted message, to put in the user's words.
 * `knownSecrets`: what must never reach the dialog either (the log redacts on its own).
 */
export function catchUncaught(
  processLike: Pick<EventEmitter, 'on'>,
  log: Logger,
  showOnce: (detail: string) => void,
  knownSecrets: () => Iterable<string> = () => [],
): void {
  const shown = new Set<string>();
  const handle = (kind: string) => (error: unknown) => {
    // The console went away (a closed terminal): logging that would write to it again, for ever.
    if (isBrokenPipe(error)) return;
    const message = redact(error instanceof Error ? error.message : String(error), knownSecrets());
    log.error(`${kind}:`, error);
    if (shown.has(message)) return;
    shown.add(message);
    showOnce(message);
  };
  processLike.on('uncaughtException', handle('Uncaught exception'));
  processLike.on('unhandledRejection', handle('Unhandled rejection'));
}

const isBrokenPipe = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'EPIPE';
