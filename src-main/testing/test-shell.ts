/** A ShellPort that records what windows asked the shell to do. */
import type { ShellPort } from '../core/ipc/window-handlers.ts';

export function recordingShell(): ShellPort & { calls: string[]; saved: Array<{ name: string; content: string; kind: string }> } {
  const calls: string[] = [];
  return {
    calls,
    openWindow: (window, section) => void calls.push(`open ${window}${section ? ` at ${section}` : ''}`),
    hidePanel: () => void calls.push('hide panel'),
    shortcutProblems: () => ({}),
    saved: [] as Array<{ name: string; content: string; kind: string }>,
    async saveFile(name, content, kind) {
      this.saved.push({ name, content, kind });
      calls.push(`save ${name}`);
      return `/home/user/Downloads/${name}`;
    },
  };
}
