/** A ShellPort that records what windows asked the shell to do. */
import type { ShellPort } from '../core/ipc/window-handlers.ts';

export function recordingShell(): ShellPort & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    openWindow: (window, section) => void calls.push(`open ${window}${section ? ` at ${section}` : ''}`),
    hidePanel: () => void calls.push('hide panel'),
    shortcutProblem: () => null,
  };
}
