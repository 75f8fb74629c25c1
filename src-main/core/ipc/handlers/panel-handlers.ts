/** The tray panel's requests: the clock, its punches, and the panel hidden. */
import type { PanelRequests } from '../../../shared/ipc/contract.ts';
import type { AppCore } from '../../app-core.ts';
import { PunchActionError, type ClockAction } from '../../clock/clock-actions.ts';
import type { ShellPort } from '../shell-port.ts';
import { safeFileName } from '../../util/file-name.ts';

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
    async clockInDuringRest() {
      refusedOrDone(await core.clock.clockInDuringRest('window'));
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
    async clockOutAt(at, reason) {
      refusedOrDone(await core.clock.clockOutAt(Date.parse(at), reason));
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
    getMonthRecord: async (period) => core.clock.monthRecord(period),
    async saveMonthRecordPdf(period) {
      const record = core.clock.monthRecord(period);
      const t = core.translator().t;
      const name = `${t('file.stem', { what: 'record' })}-${record.month}.pdf`;
      return { savedTo: await shell.saveFile(safeFileName(name), await shell.pagePdf('hours'), t('record.pdfKind')) };
    },
    printMonthRecord: async () => shell.printPage('hours'),
    async exportHours(period, format) {
      const file = core.clock.hoursFile({ period, format });
      return { savedTo: await shell.saveFile(file.name, file.content, file.kind) };
    },
  };
}
