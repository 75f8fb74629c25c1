/**
 * What a whole-app test does as a person would — read and click the tray, read the notifications,
 * answer the next dialogs — over either driver's `call` (the stand-in's control channel, or the
 * real-Electron harness).
 */
import type { DescribedItem } from './menu-description.cjs';

export interface TrayState {
  image: string;
  tooltip: string;
  title: string;
  menu: DescribedItem[];
}

export function personOperations(call: <T = unknown>(op: string, ...args: unknown[]) => Promise<T>) {
  return {
    tray: () => call<TrayState | null>('tray'),
    clickTray: (...labels: string[]) => call('tray-click', ...labels),
    notifications: () => call<Array<{ title: string; body: string; actions?: unknown[] }>>('notifications'),
    scriptDialogs: (...answers: unknown[]) => call('dialog-script', ...answers),
  };
}
