/** A ShellPort that records what windows asked the shell to do. */
import type { ShellPort } from '../core/ipc/shell-port.ts';

export interface Saved {
  name: string;
  /** A text file's content ('' for bytes). */
  content: string;
  bytes: Uint8Array | null;
  kind: string;
}

/**
 * `answers`: how the person answers the dialogs of confirm, in turn (no answer left: they decline).
 * `pageToPdf`: the window's page as a PDF, where a test has one (the browser harness's page.pdf()).
 */
export function recordingShell(answers: boolean[] = []): ShellPort & {
  calls: string[];
  saved: Saved[];
  asked: Array<{ message: string; detail: string }>;
  pageToPdf: (() => Promise<Uint8Array>) | null;
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
    saved: [] as Saved[],
    async saveFile(name, content, kind) {
      this.saved.push(
        typeof content === 'string' ? { name, content, bytes: null, kind } : { name, content: '', bytes: content, kind },
      );
      calls.push(`save ${name}`);
      return `/home/user/Downloads/${name}`;
    },
    pageToPdf: null,
    async pagePdf(window) {
      calls.push(`pdf of ${window}`);
      if (!this.pageToPdf) throw new Error('This test has no page to print.');
      return this.pageToPdf();
    },
    printPage: (window) => void calls.push(`print ${window}`),
  };
}
