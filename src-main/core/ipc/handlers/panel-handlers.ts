/** The tray panel's requests: the clock, its punches, and the panel hidden. */
import type { PanelRequests } from '../../../shared/ipc/contract.ts';
import type { AppCore } from '../../app-core.ts';
import { PunchActionError, type ClockAction } from '../../clock/clock-actions.ts';
import type { ShellPort } from '../shell-port.ts';

/** A refused punch reaches the window as an error in the core's words, shown where the employee clicked. */
function refusedOrDone(action: ClockAction | null): void {
  if (action?.kind === 'ignored') throw new PunchActionError(action.reason);
}

export function panelHandlers(core: AppCore, shell: ShellPort): PanelRequests {
  return {
    getClock: async () => core.clock.view(),
    async toggleClock() {
      refusedOrDone(await core.clock.toggle('window'));
      return core.clock.view();
    },
    async takeBreak() {
      refusedOrDone(await core.clock.takeBreak('window'));
      return core.clock.view();
    },
    undoPunch: async () => {
      core.clock.undo('window');
      return core.clock.view();
    },
    discardPunch: async (punchId) => {
      core.clock.discard(punchId);
      return core.clock.view();
    },
    async retryPunch(punchId) {
      await core.clock.retry(punchId);
      return core.clock.view();
    },
    async markPunchSent(punchId) {
      await core.clock.markSent(punchId);
      return core.clock.view();
    },
    async clockOutAt(at) {
      refusedOrDone(await core.clock.clockOutAt(Date.parse(at)));
      return core.clock.view();
    },
    async answerSleepPrompt(answer) {
      refusedOrDone(await core.clock.answerSleepPrompt(answer));
      return core.clock.view();
    },
    hidePanel: async () => shell.hidePanel(),
    async addAbsence(day, kind, portion) {
      const errors = core.clock.addAbsence(day, kind, portion);
      return errors ? { ok: false, errors } : { ok: true, clock: core.clock.view() };
    },
    async addCorrection(day, hours, reason) {
      const errors = core.clock.addCorrection(day, hours, reason);
      return errors ? { ok: false, errors } : { ok: true, clock: core.clock.view() };
    },
    async removeDayNote(id) {
      core.clock.removeDayNote(id);
      return core.clock.view();
    },
    async exportHours(period, format) {
      const file = core.clock.hoursFile({ period, format });
      return { savedTo: await shell.saveFile(file.name, file.content, file.kind) };
    },
  };
}
