/**
 * The panel's state and its subscriptions: what the core says of the clock, the environment and
 * health, and the one action under way. Components only draw it.
 */
import type { AppInfo, ClockView, HealthLine } from '../../src-main/shared/ipc/contract.ts';
import { api } from '../lib/api.ts';
import { errorMessage } from '../lib/words.svelte.ts';

/** The elapsed time moves on while the panel is open. */
const CLOCK_TICK_MS = 30_000;

export class PanelState {
  info = $state<AppInfo | null>(null);
  clock = $state<ClockView | null>(null);
  lines = $state<HealthLine[]>([]);
  /** What the last action could not do, said where the employee clicked. */
  problem = $state<string | null>(null);
  acting = $state(false);
  busy = $derived(this.acting || (this.clock?.busy ?? false));

  /** Runs one action on the clock; its answer is the new view, its refusal the problem shown. */
  run = async (action: () => Promise<ClockView>) => {
    this.acting = true;
    this.problem = null;
    try {
      this.clock = await action();
    } catch (error) {
      this.problem = errorMessage(error);
    } finally {
      this.acting = false;
    }
  };

  private refreshClock = () =>
    api.getClock().then(
      (value) => (this.clock = value),
      (error: unknown) => (this.problem = errorMessage(error)),
    );

  /** Reads everything once and follows the core's events; returns the way to stop. */
  connect(): () => void {
    void this.refreshClock();
    void api.getAppInfo().then((value) => (this.info = value));
    void api.checkHealthNow().then(
      (value) => (this.lines = value),
      () => {},
    );
    const ticker = setInterval(this.refreshClock, CLOCK_TICK_MS);
    const stops = [
      api.onClockChanged((value) => (this.clock = value)),
      api.onHealthChanged((value) => (this.lines = value)),
      api.onEnvironmentsChanged((value) => {
        this.info = value;
        void this.refreshClock();
      }),
    ];
    return () => {
      clearInterval(ticker);
      stops.forEach((stop) => stop());
    };
  }
}
