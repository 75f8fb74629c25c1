/** `window.api`, typed by the IPC contract (types only: the renderer imports no main-process code). */
import type { WindowApi } from '../../src-main/shared/ipc/contract.ts';

declare global {
  interface Window {
    api: WindowApi;
  }
}

export const api: WindowApi = window.api;

/** The sentence to show for a failed request. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : 'Something went wrong.';
}
