/** A ShellPort that records what windows asked the shell to do. */
import type { ShellPort } from '../core/ipc/shell-port.ts';

/** `answers`: how the person answers the dialogs of confirm, in turn (no answer left: they decline). */
export function recordingShell(answers: boolean[] = []): ShellPort & {
  calls: string[];
  saved: Array<{ name: string; content: string; kind: string }>;
  asked: Array<{ message: string; detail: string }>;
} {
  const calls: string[] = [];
  const asked: Array<{ message: string; detail: string }> = [];
  return {
    calls,
    asked,
    async confirm(question) {
      asked.push({ message: question.message, detail: question.detail });
      calls.push(`confirm ${question.message}`);
      return answers.shift() ?? false;
    },
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
