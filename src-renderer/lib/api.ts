/** `window.api`, typed by the IPC contract (types only: the renderer imports no main-process code). */
import type { WindowApi } from '../../src-main/shared/ipc/contract.ts';

declare global {
  interface Window {
    api: WindowApi;
  }
}

export const api: WindowApi = window.api;
