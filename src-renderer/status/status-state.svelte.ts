/**
 * The health status window's state: the core's view of both systems, the environment, and "Check
 * now" under way. The component draws it and moves the focus.
 */
import type { AppInfo, HealthStatusView } from '../../src-main/shared/ipc/contract.ts';
import type { HealthSystem } from '../../src-main/shared/api/types.ts';
import { api } from '../lib/api.ts';
import { errorMessage, words } from '../lib/words.svelte.ts';

export class StatusState {
  status = $state<HealthStatusView | null>(null);
  info = $state<AppInfo | null>(null);
  checking = $state(false);
  problem = $state<string | null>(null);
  /** The last change of a system's colour, for a screen reader ("Payroll link: down since 10:42"). */
  announcement = $state('');

  refresh = async () => {
    try {
      const before = this.status;
      this.status = await api.getHealthStatus();
      const changed = this.status.systems.filter(
        (system) => before && before.systems.find((was) => was.system === system.system)?.tone !== system.tone,
      );
      if (changed.length > 0)
        this.announcement = changed
          .map((system) => words.t('status.changedTo', { system: system.label, state: system.short }))
          .join(' ');
    } catch (error) {
      this.problem = errorMessage(error);
    }
  };

  /** Mutes health notifications for an hour (they resume by themselves), or resumes them (null). */
  mute = async (minutes: number | null) => {
    try {
      this.status = await api.muteNotifications(minutes);
    } catch (error) {
      this.problem = errorMessage(error);
    }
  };

  /** "I know — don't remind me until it's back" for one system's outage, with the note given. */
  acknowledge = async (note: string, system: HealthSystem) => {
    try {
      this.status = await api.acknowledgeOutage(note, system);
    } catch (error) {
      this.problem = errorMessage(error);
    }
  };

  /** Takes an "I know" back: that outage is reminded of again. */
  remindAgain = async (system: HealthSystem) => {
    try {
      this.status = await api.remindAgain(system);
    } catch (error) {
      this.problem = errorMessage(error);
    }
  };

  /** The outages of 30 days, or the checks of 24 hours, as CSV where the user saves it; where it went, or null (cancelled). */
  exportCsv = async (what: 'outages' | 'checks'): Promise<string | null> => {
    try {
      return (await (what === 'outages' ? api.exportOutages() : api.exportChecks())).savedTo;
    } catch (error) {
      this.problem = errorMessage(error);
      return null;
    }
  };

  checkNow = async () => {
    this.checking = true;
    this.problem = null;
    try {
      await api.checkHealthNow();
      await this.refresh();
    } catch (error) {
      this.problem = errorMessage(error);
    } finally {
      this.checking = false;
    }
  };

  /** Reads the status and follows the core's events; `onFocusSystem` hears the tray's "show this system". */
  connect(onFocusSystem: (system: string) => void): () => void {
    void this.refresh();
    void api.getAppInfo().then((value) => (this.info = value));
    const stops = [
      api.onHealthChanged(() => void this.refresh()),
      api.onFocusSystem(onFocusSystem),
      api.onEnvironmentsChanged((value) => {
        this.info = value;
        void this.refresh();
      }),
    ];
    return () => stops.forEach((stop) => stop());
  }
}
