/** What every window asks: who the app is, its words, another window opened. */
import type { AppRequests } from '../../../shared/ipc/contract.ts';
import type { AppCore } from '../../app-core.ts';
import type { ShellPort } from '../shell-port.ts';

export function appHandlers(core: AppCore, shell: ShellPort): AppRequests {
  return {
    getAppInfo: async () => core.info(),
    getMessages: async () => core.messages(),
    openWindow: async (window, section) => shell.openWindow(window, section),
    trayPinHint: async () => shell.trayIconPlace?.() === 'overflow' && !core.settings.trayPinHintDismissed(),
    dismissTrayPinHint: async () => core.settings.dismissTrayPinHint(),
  };
}
