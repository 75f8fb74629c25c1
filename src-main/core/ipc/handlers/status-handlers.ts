/** The health status window's requests: the systems' health, checked now, muted for a while, an outage acknowledged, its history exported. */
import type { StatusRequests } from '../../../shared/ipc/contract.ts';
import type { AppCore } from '../../app-core.ts';
import { localDayKey } from '../../../shared/moments.ts';
import type { ShellPort } from '../shell-port.ts';

export function statusHandlers(core: AppCore, shell: ShellPort): StatusRequests {
  return {
    checkHealthNow: () => core.checkHealthNow(),
    getHealthStatus: async () => core.health.status(),
    muteNotifications: async (minutes) => {
      core.health.pauseNotifications(minutes === null ? null : core.now() + minutes * 60_000);
      return core.health.status();
    },
    acknowledgeOutage: async (note, system) => {
      core.health.acknowledge(note, system === null ? undefined : [system]);
      return core.health.status();
    },
    remindAgain: async (system) => {
      core.health.remindAgain(system);
      return core.health.status();
    },
    exportOutages: async () => ({
      savedTo: await shell.saveFile(
        `${core.translator().t('file.stem', { what: 'outages' })}-${localDayKey(core.now())}.csv`,
        core.health.outagesCsv(),
        core.translator().t('csv.fileKind'),
      ),
    }),
  };
}
