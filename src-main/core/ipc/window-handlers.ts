/** The handlers behind `window.api`: each request of the IPC contract, answered by the core. */
import type { InvokeApi } from '../../shared/ipc/contract.ts';
import type { AppCore } from '../app-core.ts';

export function createWindowHandlers(core: AppCore): InvokeApi {
  return {
    getAppInfo: async () => core.info(),
    checkHealthNow: () => core.checkHealthNow(),
  };
}
