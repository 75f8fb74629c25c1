/** The health status window's requests: the systems' health, checked now or muted for a while. */
import type { StatusRequests } from '../../../shared/ipc/contract.ts';
import type { AppCore } from '../../app-core.ts';

export function statusHandlers(core: AppCore): StatusRequests {
  return {
    checkHealthNow: () => core.checkHealthNow(),
    getHealthStatus: async () => core.health.status(),
    muteNotifications: async (minutes) => {
      core.health.pauseNotifications(minutes === null ? null : core.now() + minutes * 60_000);
      return core.health.status();
    },
  };
}
