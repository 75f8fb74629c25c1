/** What the app gives Electron's Notification, as the stand-in and the shell tests' fake read it. */
export interface NotificationOptions {
  title: string;
  body: string;
  silent?: boolean;
  actions?: Array<{ type: string; text?: string }>;
  /** Windows: the toast as XML (core/windows/windows-identity.ts). */
  toastXml?: string;
}
