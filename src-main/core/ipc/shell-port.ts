import type { SettingsSection, SettingsView } from '../../shared/ipc/contract.ts';

/** What only the shell can do for a window. */
export interface ShellPort {
  openWindow(window: 'status' | 'hours' | 'settings' | 'lookup', section?: SettingsSection): void;
  /**
   * Asks the user where to save (a save dialog) and writes the file; the path, or null if cancelled.
   * `kind`: the dialog's name for the file type, in the user's words.
   */
  saveFile(suggestedName: string, content: string | Uint8Array, kind: string): Promise<string | null>;
  /** A window's own page as its print styles show it, as a PDF (Electron's printToPDF). */
  pagePdf(window: 'hours'): Promise<Uint8Array>;
  /** A window's own page to the system's print dialog. */
  printPage(window: 'hours'): void;
  hidePanel(): void;
  /** Why the global shortcut could not be registered, if it could not. */
  shortcutProblems(): SettingsView['shortcutProblems'];
  /**
   * Asks the person at the keyboard in a dialog of the operating system's, which no window can
   * answer: true only when they chose `confirm`.
   */
  confirm(question: { message: string; detail: string; confirm: string; cancel: string }): Promise<boolean>;
  /**
   * Windows: where the tray icon is — `shown` (the user or IT promoted it to the taskbar corner) or
   * `overflow` (Windows' default for a new icon, under ^). Elsewhere, or not known: `not-windows`.
   */
  trayIconPlace?(): 'shown' | 'overflow' | 'not-windows';
}
