/** The health status window's requests: the systems' health, checked now, muted for a while, an outage acknowledged, its history exported. */
import type { StatusRequests } from '../../../shared/ipc/contract.ts';
import type { AppCore } from '../../app-core.ts';
import { localDayKey } from '../../../shared/moments.ts';
import type { ShellPort } from '../shell-port.ts';

export function statusHandlers(core: AppCore, shell: ShellPort): StatusRequests {
  /** A CSV saved where the user says, named for what it holds and today. */
  const save = (what: 'outages' | 'checks', csv: string) =>
    shell.saveFile(
      `${core.translator().t('file.stem', { what })}-${localDayKey(core.now())}.csv`,
      csv,
      core.translator().t('csv.fileKind'),
    );
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
    exportOutages: async () => ({ savedTo: await save('outages', core.health.outagesCsv()) }),
    exportChecks: async () => ({ savedTo: await save('checks', core.health.checksCsv()) }),
  };
}
