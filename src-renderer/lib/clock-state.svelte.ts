/**
 * The clock as a window sees it: what the core says of the clock and the environment, and the one
 * action under way. The panel adds health to it; My time uses it as it is. Components only draw it.
 */
import type { AppInfo, ClockView } from '../../src-main/shared/ipc/contract.ts';
import { api } from './api.ts';
import { errorMessage } from './words.svelte.ts';

/** The elapsed time moves on while the window is open. */
const CLOCK_TICK_MS = 30_000;

export class ClockState {
  info = $state<AppInfo | null>(null);
  clock = $state<ClockView | null>(null);
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

  protected refreshClock = () =>
    api.getClock().then(
      (value) => (this.clock = value),
      (error: unknown) => (this.problem = errorMessage(error)),
    );

  /** Reads the clock once and follows the core's events; returns the way to stop. */
  connect(): () => void {
    void this.refreshClock();
    void api.getAppInfo().then((value) => (this.info = value));
    const ticker = setInterval(this.refreshClock, CLOCK_TICK_MS);
    const stops = [
      api.onClockChanged((value) => (this.clock = value)),
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
